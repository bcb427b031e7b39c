/**
 * Builds the static site with `astro build` and swaps it into dist/ atomically, so the server never serves a
 * half-written directory. Rebuild requests that arrive during a build are folded into one more build.
 */
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface SiteBuilder {
  /** Builds now, or once more after the running build; resolves when the requested build is live. */
  request(reason: string): Promise<void>;
  /** Number of completed builds (used by tests of the local build hook). */
  readonly completed: number;
}

/** Runs astro asynchronously: a synchronous spawn would deadlock the Blobs server hosted in this process. */
function runAstroBuild(projectRoot: string, outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const astroBin = join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', outDir], {
      cwd: projectRoot,
      env: { ...env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`astro build failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
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

  const buildOnce = async (reason: string) => {
    const started = Date.now();
    const next = join(options.projectRoot, '.local', `dist-next-${process.pid}`);
    rmSync(next, { recursive: true, force: true });
    await runAstroBuild(options.projectRoot, next, options.env());
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
  };
}
