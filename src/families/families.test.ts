import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILY_DEFINITIONS } from './all.ts';

/** The folder's modules that are not a family: the list, the derivations, the shapes and the shared builders. */
const NOT_FAMILIES = new Set(['all.ts', 'index.ts', 'define.ts', 'common.ts']);

describe('the families folder', () => {
  it('lists every family file in all.ts, each defining one family', async () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !NOT_FAMILIES.has(name),
    );
    const listed = new Set<unknown>(FAMILY_DEFINITIONS);
    for (const file of files) {
      const module = (await import(`./${file}`)) as { family?: unknown };
      expect(module.family, `${file} exports its definition as \`family\``).toBeDefined();
      expect(listed.has(module.family), `${file} is listed in src/families/all.ts`).toBe(true);
    }
    expect(files).toHaveLength(FAMILY_DEFINITIONS.length);
  });

  it('names each family once', () => {
    const keys = FAMILY_DEFINITIONS.map((definition) => definition.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says why in its comments, with no ticket numbers (their history is in docs/decisions.md)', () => {
    const folder = new URL('.', import.meta.url);
    const cited = readdirSync(folder)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .filter((name) => /[Ii]ssues? [0-9]/.test(readFileSync(new URL(name, folder), 'utf8')));
    expect(cited).toEqual([]);
  });
});
