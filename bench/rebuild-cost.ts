/**
 * What one content-changed rebuild of the local runner costs: the runner's warm build worker
 * (scripts/local/build-worker.ts) forked as scripts/local/site-builder.ts forks it, reading the demo content from a
 * Blobs sandbox hosted in this process (as the runner hosts it), with one article edited before each build.
 * Prints per build: wall time, the worker's CPU-seconds (its threads and waited-for children, from /proc) and this
 * process's CPU-seconds (the store the build's loaders read over HTTP).
 *
 *   node bench/rebuild-cost.ts [--builds 6] [--data-dir /tmp/bc-data] [--keep dir] [--no-edit]
 *                              [--fixed-clock 2026-11-26T12:00:00Z] [--cpu-prof dir]
 *
 * --keep copies each build's output (dist and dist-server) to dir/<n>/, so two runs can be diffed (`diff -r`);
 * --fixed-clock stops the worker's clock (support/fixed-clock.ts), so that such a diff shows only what the code
 * changed; --reuse keeps the data directory's store (seeded when empty), since two seedings differ in ids and
 * dates: compare two runs made with --reuse --no-edit on one --data-dir; --cpu-prof passes `--cpu-prof --cpu-prof-dir` to the worker.
 */
import { fork } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startBlobsSandbox } from '../scripts/dev/blobs-sandbox.ts';
import { isStoreEmpty, seedDemoContent } from '../scripts/seed/seed.ts';
import { createImageService } from '../src/server/images/image-service.ts';
import { REAL_COMPONENTS_FILE } from '../src/server/preview/real-components.ts';
import { createRepositoryFromEnv } from '../src/server/repository/index.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    builds: { type: 'string', default: '6' },
    'data-dir': { type: 'string', default: '/tmp/bc-data' },
    keep: { type: 'string' },
    'no-edit': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'fixed-clock': { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
const builds = Number(args.builds);
const ticks = 100; // USER_HZ on Linux

/** utime + stime + cutime + cstime of a process, in seconds. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14–17 of proc(5), counted from the state (field 3) at index 0.
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / ticks;
}

/** CPU of a process and its live descendants (a child still running at the end of a build is counted so far). */
function treeCpu(pid: number): number {
  let total = cpuOf(pid);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) {
      try {
        total += treeCpu(Number(child));
      } catch {
        // Exited meanwhile: then waited for, and in cutime.
      }
    }
  }
  return total;
}

const ownCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

async function main() {
  const dataDir = resolve(args['data-dir']);
  if (!args.reuse) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const sandbox = await startBlobsSandbox({ directory: join(dataDir, 'blobs') });
  const port = 4641;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NETLIFY_BLOBS_CONTEXT: sandbox.context,
    URL: `http://localhost:${port}`,
    SITE_URL: `http://localhost:${port}`,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  delete env.UPSTASH_REDIS_REST_URL;
  delete env.UPSTASH_REDIS_REST_TOKEN;
  Object.assign(process.env, { NETLIFY_BLOBS_CONTEXT: sandbox.context });
  const repository = createRepositoryFromEnv(env);
  if (await isStoreEmpty(repository)) await seedDemoContent(repository, createImageService());
  const article = (await repository.list('article'))[0];
  if (!article) throw new Error('the demo content has no article');

  const execArgv = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(args['cpu-prof'])] : [];
  if (args['fixed-clock']) {
    execArgv.push('--import', join(projectRoot, 'bench', 'support', 'fixed-clock.ts'));
    env.FIXED_CLOCK = args['fixed-clock'];
  }
  const worker = fork(join(projectRoot, 'scripts', 'local', 'build-worker.ts'), [], {
    cwd: projectRoot,
    env,
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((ready) => worker.once('message', () => ready()));
  const replies = new Map<number, (reply: { ok: boolean; error?: string }) => void>();
  worker.on('message', (message: { id?: number; ok: boolean; error?: string }) => {
    if (message.id !== undefined) replies.get(message.id)?.(message);
  });

  const outDir = join(projectRoot, '.local', 'bench-rebuild');
  const rows: { build: number; wall: number; worker: number; store: number }[] = [];
  for (let n = 1; n <= builds; n += 1) {
    if (!args['no-edit'] && n > 1)
      await repository.update('article', article._id, { title: `${String(article.title)} (edit ${n})` });
    rmSync(outDir, { recursive: true, force: true });
    const workerBefore = treeCpu(worker.pid!);
    const storeBefore = ownCpu();
    const started = performance.now();
    const reply = await new Promise<{ ok: boolean; error?: string }>((done) => {
      replies.set(n, done);
      worker.send({ id: n, outDir });
    });
    const wall = (performance.now() - started) / 1000;
    if (!reply.ok) throw new Error(`build ${n} failed: ${reply.error}`);
    rows.push({ build: n, wall, worker: treeCpu(worker.pid!) - workerBefore, store: ownCpu() - storeBefore });
    if (args.keep) {
      const kept = join(resolve(args.keep), String(n));
      rmSync(kept, { recursive: true, force: true });
      cpSync(outDir, join(kept, 'dist'), { recursive: true });
      const components = join(projectRoot, REAL_COMPONENTS_FILE);
      if (existsSync(components)) cpSync(components, join(kept, 'dist-server', REAL_COMPONENTS_FILE));
    }
  }
  worker.disconnect();
  await new Promise((exited) => worker.once('exit', exited));
  await sandbox.stop();
  rmSync(outDir, { recursive: true, force: true });

  const warm = rows.slice(1);
  const mean = (pick: (row: (typeof rows)[number]) => number) =>
    warm.reduce((sum, row) => sum + pick(row), 0) / Math.max(1, warm.length);
  console.log(
    `\n| build | wall s | worker CPU-s | store CPU-s |\n| ----- | -----: | -----------: | ----------: |`,
  );
  for (const row of rows)
    console.log(
      `| ${row.build === 1 ? '1 (cold)' : row.build} | ${row.wall.toFixed(2)} | ${row.worker.toFixed(2)} | ${row.store.toFixed(2)} |`,
    );
  console.log(
    `| warm mean | ${mean((r) => r.wall).toFixed(2)} | ${mean((r) => r.worker).toFixed(2)} | ${mean((r) => r.store).toFixed(2)} |`,
  );
  console.log(`\nload average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
