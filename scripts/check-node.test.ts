import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredMajor } from './check-node.mjs';

const root = join(import.meta.dirname, '..');
const packageJson = readFileSync(join(root, 'package.json'), 'utf8');

describe('the Node version check before npm start/dev/test', () => {
  it('reads the required major from engines.node', () => {
    expect(requiredMajor(packageJson)).toBe(24);
    expect(() => requiredMajor('{"engines":{"node":"^24"}}')).toThrow(/>=N/);
  });

  it('passes Node 24 and newer, and tells an older Node what to do in one line', () => {
    expect(nodeVersionProblem('v24.21.0', 24)).toBeNull();
    expect(nodeVersionProblem('v25.0.0', 24)).toBeNull();
    const problem = nodeVersionProblem('v20.20.2', 24);
    expect(problem).toContain('Node v20.20.2');
    expect(problem).toContain('./run start');
    expect(problem).toContain('node24/node_modules/.bin');
    expect(problem).not.toContain('\n');
  });

  it('runs before every npm script that loads TypeScript with plain node', () => {
    const { scripts } = JSON.parse(packageJson) as { scripts: Record<string, string> };
    for (const name of ['start', 'dev', 'test'])
      expect(scripts[`pre${name}`]).toBe('node scripts/check-node.mjs');
    expect(scripts.bench).toMatch(/^node scripts\/check-node\.mjs && /);
  });

  // The machines' system Node is v20; where it is not installed there is no old Node to try.
  const systemNode = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' });
  const oldNode = systemNode.status === 0 && nodeVersionProblem(systemNode.stdout.trim(), 24) !== null;
  it.skipIf(!oldNode)(
    '`npm start` under the system Node 20 stops with that line, not ERR_UNKNOWN_FILE_EXTENSION',
    () => {
      const result = spawnSync('npm', ['start'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PATH: `/usr/bin:${process.env.PATH ?? ''}` },
        timeout: 60_000,
      });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`Node ${systemNode.stdout.trim()}: use ./run start or ./run test`);
      expect(result.stderr + result.stdout).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
      expect(result.stdout).not.toContain('[serve]');
    },
  );
});
