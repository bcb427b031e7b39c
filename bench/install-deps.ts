/**
 * Installs the benchmark-only dependencies (bench/package.json: lighthouse, autocannon) when they are missing or
 * older than bench/package-lock.json, so that the site's own install never pulls them. `npm run bench` runs this
 * first; the same freshness rule as scripts/provision.sh uses for the root.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

const benchDir = import.meta.dirname;
const modified = (path: string) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;

if (
  modified(join(benchDir, 'node_modules', '.package-lock.json')) <
  modified(join(benchDir, 'package-lock.json'))
) {
  console.log('[bench] installing the benchmark dependencies (npm ci in bench/) …');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: benchDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
