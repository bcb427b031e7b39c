/**
 * Puts back astro's non-Linux compiler bindings into package-lock.json after a from-scratch `npm install` on these
 * machines dropped them (docs/decisions.md §17): the registry here serves @astrojs/compiler-binding-*@0.5.x only
 * for Linux x64, so npm hoists prettier-plugin-astro's 0.4.x bindings into their place and `npm ci` then rejects
 * the lock. Each missing binding gets an entry by version with the platform fields of the one it displaced (same
 * package, so same os/cpu/libc), and the displaced one moves under prettier-plugin-astro, which wants it.
 *
 *   node scripts/dev/lock-platform-bindings.ts [path/to/package-lock.json] && npm ci --dry-run
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Entry = Record<string, unknown> & { version: string; optionalDependencies?: Record<string, string> };

const lockPath = process.argv[2] ?? join(import.meta.dirname, '../../package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, Entry> };
const packages = lock.packages;
const binding = packages['node_modules/@astrojs/compiler-binding'];
const nestedParent = 'node_modules/prettier-plugin-astro/node_modules/@astrojs/compiler-binding';
let fixed = 0;
for (const [name, version] of Object.entries(binding?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  const present = packages[key];
  if (present?.version === version) continue;
  const nestedKey = `node_modules/prettier-plugin-astro/${key}`;
  if (
    present &&
    !packages[nestedKey] &&
    packages[nestedParent]?.optionalDependencies?.[name] === present.version
  )
    packages[nestedKey] = present;
  const { integrity: _integrity, dev: _dev, ...platform } = present ?? ({ version } as Entry);
  packages[key] = { ...platform, version };
  fixed += 1;
}
if (fixed > 0) {
  // npm's own order, so that the next `npm install` leaves the file as it is.
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')));
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(
  fixed
    ? `added ${fixed} platform bindings to package-lock.json`
    : 'package-lock.json already names every binding',
);
