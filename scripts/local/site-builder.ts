/**
 * Builds the site with Astro and swaps it into dist/ atomically, so the server never serves a half-written
 * directory. Rebuild requests that arrive during a build are folded into one more build. Builds run in a warm
 * worker process (build-worker.ts), which is replaced after a failure and every WORKER_BUILDS builds.
 *
 * The Netlify adapter writes the page function to a fixed folder of the tree (.netlify/v1/functions/ssr) and
 * empties it whenever it is set up: two runners of one tree (the e2e suite's) would take it from each other. So a
 * build holds the tree's build lock, and its page function is moved into a folder of this process's own
 * (`pageFunction`), where no later build reaches it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SiteBuilder {
  /** Builds now, or once more after the running build; resolves when the requested build is live. */
  request(reason: string): Promise<void>;
  /** The latest build's page function (its ssr.mjs), when the build made one. */
  readonly pageFunction: string | undefined;
  /** Number of completed builds (used by tests of the local build hook). */
  readonly completed: number;
  /**
   * Serves a build made elsewhere instead of building: `take` fills the dist folder and the page function's
   * folder it is given (shared-build.ts), answering false when it has no build to give.
   */
  adopt(take: (into: { dist: string; pageFunction: string }) => Promise<boolean>): Promise<boolean>;
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

/** Where the adapter writes the page function, under the project. */
const ADAPTER_FUNCTION_DIR = join('.netlify', 'v1', 'functions', 'ssr');
/** A lock left by a runner that died mid-build is taken over after this long. */
const STALE_LOCK_MS = 10 * 60_000;

/** Whether a process of that id runs (another runner of the tree keeps its own page function folders). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid)) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `build` holding the tree's build lock (a directory: made atomically, or not at all). */
async function withBuildLock<T>(projectRoot: string, build: () => Promise<T>): Promise<T> {
  const lock = join(projectRoot, '.local', 'site-build.lock');
  mkdirSync(join(projectRoot, '.local'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const made = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (made !== undefined && Date.now() - made > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
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

  let pageFunction: string | undefined;
  /** This process's own folder for the next build's page function. */
  const pageFunctionFolder = () =>
    join(options.projectRoot, '.local', `page-function-${process.pid}-${completed + 1}`);
  /** Moves the page function the build just wrote into this process's own folder; drops older builds' but one. */
  const keepPageFunction = () => {
    const built = join(options.projectRoot, ADAPTER_FUNCTION_DIR);
    if (!existsSync(join(built, 'ssr.mjs'))) return undefined;
    const root = join(options.projectRoot, '.local');
    const own = `page-function-${process.pid}-`;
    const folder = pageFunctionFolder();
    rmSync(folder, { recursive: true, force: true });
    renameSync(built, folder);
    for (const name of readdirSync(root)) {
      const n = name.startsWith(own) ? Number(name.slice(own.length)) : Number.NaN;
      const pid = Number(/^page-function-(\d+)-/.exec(name)?.[1]);
      if (n < completed || (pid !== process.pid && !isRunning(pid)))
        rmSync(join(root, name), { recursive: true, force: true });
    }
    return join(folder, 'ssr.mjs');
  };

  /** The next build's dist, written beside the served one and swapped in whole. */
  const nextDist = () => {
    const next = join(options.projectRoot, '.local', `dist-next-${process.pid}`);
    rmSync(next, { recursive: true, force: true });
    return next;
  };
  const goLive = (next: string, built: string | undefined) => {
    const old = `${dist}-old-${process.pid}`;
    rmSync(old, { recursive: true, force: true });
    if (existsSync(dist)) renameSync(dist, old);
    renameSync(next, dist);
    rmSync(old, { recursive: true, force: true });
    pageFunction = built;
    completed += 1;
  };

  const buildOnce = async (reason: string) => {
    const started = Date.now();
    const next = nextDist();
    const built = await withBuildLock(options.projectRoot, async () => {
      await runBuild(next);
      return keepPageFunction();
    });
    goLive(next, built);
    options.log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s (${reason})`);
  };

  const adopt: SiteBuilder['adopt'] = async (take) => {
    const next = nextDist();
    const folder = pageFunctionFolder();
    rmSync(folder, { recursive: true, force: true });
    if (!(await take({ dist: next, pageFunction: folder }))) return false;
    const built = join(folder, 'ssr.mjs');
    goLive(next, existsSync(built) ? built : undefined);
    return true;
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
    adopt,
    get completed() {
      return completed;
    },
    get pageFunction() {
      return pageFunction;
    },
    stop() {
      worker?.stop();
      worker = null;
    },
  };
}
