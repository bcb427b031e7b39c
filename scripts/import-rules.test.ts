import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const CONFIG = join(root, '.dependency-cruiser.mjs');
const CRUISER = join(root, 'node_modules/.bin/depcruise');
const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
/** What `npm run lint:imports` checks, as its script names it. */
const LINTED = (scripts['lint:imports'] ?? '').split(' ').slice(3);

const fixtures = mkdtempSync(join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

/** Writes a little project of `files` and runs the import check on it with the project's configuration. */
function cruiseFixture(name: string, files: Record<string, string>) {
  const dir = join(fixtures, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const folders = new Set(Object.keys(files).map((path) => path.split('/')[0] ?? ''));
  return cruise(dir, [...folders]);
}

function cruise(cwd: string, paths: string[]) {
  const result = spawnSync(process.execPath, [CRUISER, '--config', CONFIG, ...paths], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

/**
 * The cycles in a report, each turned to start at its first module by name: the check reports a cycle from
 * wherever its walk met it, in import order.
 */
function cyclesIn(output: string): string[][] {
  return output
    .split('error no-circular:')
    .slice(1)
    .map((report) => {
      const ring = report.split('→').map((module) => module.trim().split(/\s/)[0] ?? '');
      expect(ring.at(-1)).toBe(ring[0]);
      const modules = ring.slice(0, -1);
      const start = modules.indexOf([...modules].sort()[0] ?? '');
      return [...modules.slice(start), ...modules.slice(0, start)];
    })
    .sort();
}

describe('the import rules (npm run lint)', () => {
  it('are part of npm run lint, over every folder of code and the build config', () => {
    expect(scripts.lint).toContain('npm run lint:imports');
    expect(scripts['lint:imports']).toMatch(/^depcruise --config \.dependency-cruiser\.mjs /);
    expect(LINTED).toEqual(['src', 'netlify', 'scripts', 'tests', 'bench', 'astro.config.mjs']);
  });

  it('report a cycle at run time and a type-only cycle in .ts-suffixed imports, and fail', () => {
    // Written as this project writes imports (`.ts` suffixes, `import type`, .mts and .tsx): the suffixes are what
    // kept an earlier ESLint no-cycle rule from resolving anything, so that it flagged nothing.
    const { status, output } = cruiseFixture('cycles', {
      'src/first.ts': "import { second } from './second.ts';\nexport const first = () => second();\n",
      'src/second.ts':
        "import { third } from '../netlify/third.mts';\nexport const second = () => third();\n",
      'netlify/third.mts': "import { first } from '../src/first.ts';\nexport const third = () => first;\n",
      // Erased at run time, yet it ties the two modules together all the same.
      'src/router.tsx':
        "import { table } from './trash.ts';\nexport interface Registry { keys: string[] }\nexport const Router = () => table;\n",
      'src/trash.ts':
        "import type { Registry } from './router.tsx';\nexport const table = (registry: Registry) => registry.keys;\n",
      'src/leaf.ts': 'export const leaf = 1;\n',
      'src/user.ts': "import { leaf } from './leaf.ts';\nexport const user = leaf;\n",
    });
    expect(cyclesIn(output)).toEqual([
      ['netlify/third.mts', 'src/first.ts', 'src/second.ts'],
      ['src/router.tsx', 'src/trash.ts'],
    ]);
    expect(output).not.toContain('leaf.ts');
    expect(status).toBe(2);
  });

  it('report code in src/server that only a command-line tool runs, and a function that reaches scripts/', () => {
    const { status, output } = cruiseFixture('deployed', {
      'netlify/functions/api.mts':
        "import { used } from '../../src/server/used.ts';\nexport default () => used;\n",
      'src/server/used.ts': 'export const used = 1;\n',
      'src/server/used.test.ts': "import { used } from './used.ts';\nexport const check = used;\n",
      'src/server/cli-only.ts': 'export const cliOnly = 1;\n',
      'scripts/tool.ts':
        "import { cliOnly } from '../src/server/cli-only.ts';\nexport const tool = cliOnly;\n",
      'netlify/functions/backup.mts':
        "import { helper } from '../../scripts/helper.ts';\nexport default () => helper;\n",
      'scripts/helper.ts': 'export const helper = 1;\n',
    });
    expect(output).toContain('error server-code-is-deployed: src/server/cli-only.ts\n');
    expect(output).toContain(
      'error deployed-code-reaches-no-script: netlify/functions/backup.mts → scripts/helper.ts',
    );
    expect(output).not.toMatch(/used(\.test)?\.ts/);
    expect(status).toBe(2);
  });

  it('find no cycle, no command-line-only server code and no deployed script in the project', () => {
    const { status, output } = cruise(root, LINTED);
    expect(output).not.toContain('error');
    expect(output).toMatch(/no dependency violations found \([1-9]\d\d modules/);
    expect(status).toBe(0);
  });
});
