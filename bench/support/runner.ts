/**
 * The local runner (scripts/serve.ts) as a child process on a private port and data directory: the production
 * build served with its functions, headers and redirects, and the runner's own build hook.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from '../../scripts/dev/ports.ts';
import { LOCAL_NETLIFY_API_PATH } from '../../scripts/local/cdn-cache.ts';

export interface Runner {
  /** http://localhost:PORT (the runner's own idea of its URL, so same-origin checks pass). */
  url: string;
  port: number;
  /** Every line the runner printed. */
  log: string[];
  /** Builds the runner ran after its build hook was called ("site built … (content changed)"). */
  hookBuilds(): number;
  /**
   * Purges `tags` from the runner's CDN through the same API call `purgeCache` makes (Netlify's
   * `/api/v1/purge`, answered by the runner): answers how many kept answers went, as the runner logs it.
   */
  purge(tags: readonly string[]): Promise<number>;
  stop(): Promise<void>;
}

export interface RunnerOptions {
  projectRoot: string;
  dataDir: string;
  env: Record<string, string>;
  /** The runner builds the site before it listens: minutes on a busy shared machine (default 10). */
  timeoutMs?: number;
}

export async function startRunner(options: RunnerOptions): Promise<Runner> {
  // BENCH_RUNNER_PORT pins it (a shared machine hands each developer a range of ports); a free one otherwise.
  const port = Number(process.env.BENCH_RUNNER_PORT ?? 0) || (await freePort());
  // The runner's purge API takes this token (it would make up its own otherwise), so the bench can purge too.
  const purgeToken = randomBytes(24).toString('base64url');
  const child = spawn(
    process.execPath,
    [
      join(options.projectRoot, 'scripts/serve.ts'),
      '--port',
      String(port),
      '--data-dir',
      options.dataDir,
      '--reset',
    ],
    {
      cwd: options.projectRoot,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        ...options.env,
        NETLIFY_PURGE_API_TOKEN: purgeToken,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log: string[] = [];
  let buffered = '';
  const collect = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    log.push(...lines);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`runner did not start in time:\n${log.slice(-20).join('\n')}`));
    }, options.timeoutMs ?? 600_000);
    const check = setInterval(() => {
      if (log.some((line) => line.includes('Site:'))) {
        clearTimeout(timer);
        clearInterval(check);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`runner exited (${code}):\n${log.slice(-30).join('\n')}`));
    });
  });

  const url = `http://localhost:${port}`;
  const purged = /cdn: purged (\d+) cached answers/;
  return {
    url,
    port,
    log,
    hookBuilds: () => log.filter((line) => /site built in .*\(content changed\)/.test(line)).length,
    async purge(tags) {
      const seen = log.length;
      const response = await fetch(`${url}${LOCAL_NETLIFY_API_PATH}/api/v1/purge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${purgeToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ site_id: 'local-site', cache_tags: tags }),
      });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`the runner's purge API answered ${response.status}`);
      // The runner logs the purge before it answers; its line may reach this process a moment later.
      for (let waited = 0; waited < 2_000; waited += 50) {
        const line = log.slice(seen).find((entry) => purged.test(entry));
        if (line) return Number(purged.exec(line)![1]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the runner did not log the purge');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
