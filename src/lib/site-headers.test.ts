import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { SITE_SECURITY_HEADERS } from './site-headers.ts';

it('sends from the page function exactly the security headers netlify.toml gives every file', () => {
  const toml = readFileSync(join(import.meta.dirname, '..', '..', 'netlify.toml'), 'utf8');
  const rule =
    /\[\[headers\]\]\s*\n\s*for = "\/\*"\s*\n\s*\[headers\.values\]\n((?:\s+[\w-]+ = "[^"]*"\n)+)/.exec(
      toml,
    )?.[1];
  expect(rule).toBeDefined();
  const fromToml = Object.fromEntries(
    [...rule!.matchAll(/([\w-]+) = "([^"]*)"/g)].map(([, name, value]) => [name, value]),
  );
  expect(SITE_SECURITY_HEADERS).toEqual(fromToml);
});
