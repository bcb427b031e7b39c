/**
 * A runner on a private copy of the tree: the local runner (scripts/serve.ts) on Upstash Redis, the production
 * store — a real redis-server behind the project's Upstash REST gateway — or, with `--store blobs`, on its own
 * Blobs sandbox (the suite's third runner, docs/decisions.md §44). Runners build into their project's
 * dist/ and .netlify/, so this one serves a private copy of the tree (bench/support/snapshot.ts), or each would
 * swap its pages, built from its own store, under the other.
 *
 *   node tests/e2e/redis-runner.ts --port 8900 --data-dir .local/e2e-8900   (extra flags go to serve.ts)
 *   node tests/e2e/redis-runner.ts --store blobs --port 8901 --data-dir .local/e2e-8901
 *
 * Stops everything it started on SIGTERM/SIGINT (Playwright's graceful shutdown) or when the runner exits.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { snapshotTree } from '../../bench/support/snapshot.ts';
import { startRedisWithGateway } from '../support/redis-server.ts';
import { storePidFileOf } from './e2e-env.ts';

const projectRoot = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const storeAt = args.indexOf('--store');
const storeName = storeAt >= 0 ? args.splice(storeAt, 2)[1] : 'redis';
if (storeName !== 'redis' && storeName !== 'blobs') throw new Error(`--store redis|blobs, not ${storeName}`);
const dataDirAt = args.indexOf('--data-dir') + 1;
// The copy has no .local of its own: keep the data where a runner of the real tree would.
if (dataDirAt > 0) args[dataDirAt] = resolve(projectRoot, args[dataDirAt] ?? '');

const store = storeName === 'redis' ? await startRedisWithGateway() : null;
// Beside the data directory (the runner's --reset empties that): where a spec finds the store's process.
const storePidFile = dataDirAt > 0 ? storePidFileOf(args[dataDirAt] ?? '') : null;
if (store && storePidFile) writeFileSync(storePidFile, String(store.redis.pid));
const tree = snapshotTree(projectRoot);
const runner = spawn(process.execPath, [resolve(tree.root, 'scripts/serve.ts'), ...args], {
  cwd: tree.root,
  env: store
    ? { ...process.env, UPSTASH_REDIS_REST_URL: store.url, UPSTASH_REDIS_REST_TOKEN: store.token }
    : process.env,
  stdio: 'inherit',
});

let stopping: Promise<void> | undefined;
const stop = (code: number) => {
  stopping ??= (async () => {
    if (runner.exitCode === null && runner.signalCode === null) {
      const exited = new Promise((done) => runner.once('exit', done));
      runner.kill('SIGTERM');
      await exited;
    }
    await store?.stop();
    if (storePidFile) rmSync(storePidFile, { force: true });
    tree.remove();
    process.exit(code);
  })();
  return stopping;
};
runner.once('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
