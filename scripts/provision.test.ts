/**
 * First use on a fresh clone: the lock file installs with `npm ci`, and provisioning reports one line per step
 * with npm's own warnings kept out of sight.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'delta-provision-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm ci --dry-run` runs npm ci's own check that package.json and the lock file agree, and installs nothing. */
function npmCiCheck(packageDir: string) {
  const dir = mkdtempSync(join(scratch, 'ci-'));
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
    if (existsSync(join(packageDir, file))) copyFileSync(join(packageDir, file), join(dir, file));
  }
  return spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('npm ci on a fresh clone', () => {
  it.each([
    ['the site', root],
    ['the benchmarks', join(root, 'bench')],
  ])('accepts the lock file of %s', (_name, packageDir) => {
    const result = npmCiCheck(packageDir);
    expect(result.stderr).not.toMatch(/Missing: |Invalid: |in sync/);
    expect(result.status, result.stderr).toBe(0);
  });

  it('keeps the benchmark-only tools out of the site install', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    for (const name of ['lighthouse', 'autocannon', '@fontsource/poppins'])
      expect(Object.keys(lock.packages)).not.toContain(`node_modules/${name}`);
  });
});

describe('scripts/provision.sh', () => {
  it('prints one numbered line per step, and neither npm warnings nor tool output', () => {
    // Provisioning must find everything in place here: an `npm ci` would replace node_modules under this run.
    const installed = statSync(join(root, 'node_modules/.package-lock.json')).mtimeMs;
    if (installed < statSync(join(root, 'package-lock.json')).mtimeMs)
      throw new Error('node_modules is older than package-lock.json: run `./run test` (or `npm ci`) first');
    const result = spawnSync(
      'bash',
      [
        '-c',
        'PROVISION_TOTAL=4 . scripts/provision.sh --test && echo "after: $PROVISION_STEPS $(node --version)"',
      ],
      { cwd: root, encoding: 'utf8', timeout: 120_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\[1\/4\] Node 24: v24\./);
    expect(lines[1]).toMatch(/^\[2\/4\] System packages: /);
    expect(lines.at(-2)).toMatch(/^\[3\/4\] npm dependencies: /);
    expect(lines.at(-1)).toMatch(/^after: 3 v24\./);
    expect(lines.every((line) => /^\[\d\/4\] |^after: /.test(line))).toBe(true);
  });
});
