/**
 * Builds the static site with Astro and swaps it into dist/ atomically, so the server never serves a
 * half-written directory. Rebuild requests that arrive during a build are folded into one more build.
 * Builds run in a warm worker process (build-worker.ts), which is replaced after a failure and every
 * WORKER_BUILDS builds.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface SiteBuilder {
  /** Builds now, or once more after the running build; resolves when the requested build is live. */
  request(reason: string): Promise<void>;
  /** Number of completed builds (used by tests of the local build hook). */
  readonly completed: number;
  /** Stops the build worker. */
  stop(): void;
}

/** Builds per worker before a fresh one: bounds whatever a long series of in-process builds accumulates. */
const WORKER_BUILDS = 25;

interface BuildWorker {
  build(outDir: string): Promise<void>;
  builds: number;
  stop(): void;
}

/** Forks the worker asynchronously: a synchronous child would deadlock the Blobs server hosted in this process. */
function startWorker(projectRoot: string, env: NodeJS.ProcessEnv): BuildWorker {
  const child: ChildProcess = fork(join(projectRoot, 'scripts', 'local', 'build-worker.ts'), [], {
    cwd: projectRoot,
    env: { ...env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The last lines of Astro's output, for the error of a failed build.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let nextId = 0;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id?: number; ok?: boolean; error?: string }) => {
    if (message.id === undefined) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) waiting?.resolve();
    else waiting?.reject(new Error(`astro build failed: ${message.error}\n${output.slice(-4000)}`));
  });
  child.on('exit', (code, signal) => {
    for (const waiting of pending.values())
      waiting.reject(new Error(`build worker exited (${signal ?? code}):\n${output.slice(-4000)}`));
    pending.clear();
  });
  const worker: BuildWorker = {
    builds: 0,
    build(outDir) {
      worker.builds += 1;
      output = '';
      const id = (nextId += 1);
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, outDir });
      });
    },
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
  return worker;
}

export function createSiteBuilder(options: {
  projectRoot: string;
  env: () => NodeJS.ProcessEnv;
  log: (line: string) => void;
}): SiteBuilder {
  const dist = join(options.projectRoot, 'dist');
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let completed = 0;
  let worker: BuildWorker | null = null;

  const runBuild = async (outDir: string) => {
    if (worker && worker.builds >= WORKER_BUILDS) {
      worker.stop();
      worker = null;
    }
    worker ??= startWorker(options.projectRoot, options.env());
    try {
      await worker.build(outDir);
    } catch (error) {
      // A failed build may leave the worker's module state half-updated: the next build gets a fresh one.
      worker.stop();
      worker = null;
      throw error;
    }
  };

  const buildOnce = async (reason: string) => {
    const started = Date.now();
    const next = join(options.projectRoot, '.local', `dist-next-${process.pid}`);
    rmSync(next, { recursive: true, force: true });
    await runBuild(next);
    const old = `${dist}-old-${process.pid}`;
    rmSync(old, { recursive: true, force: true });
    if (existsSync(dist)) renameSync(dist, old);
    renameSync(next, dist);
    rmSync(old, { recursive: true, force: true });
    completed += 1;
    options.log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s (${reason})`);
  };

  const request = (reason: string): Promise<void> => {
    if (!running) {
      running = buildOnce(reason).finally(() => {
        running = null;
      });
      return running;
    }
    // One build is enough for every request made while another runs: it reads the store after they landed.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return request(reason);
      });
    return queued;
  };

  return {
    request,
    get completed() {
      return completed;
    },
    stop() {
      worker?.stop();
      worker = null;
    },
  };
}
