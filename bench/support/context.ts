/**
 * Shared, lazily started parts of a bench run: the store (redis-server + gateway), the local runner on that
 * store (`npm start`, which compresses like Netlify's edge), and one recording of what each page view requests. A benchmark asks
 * only for what it needs, so `--only name` starts only that.
 */
import { join } from 'node:path';
import { statsFamily } from '../../src/lib/collections.ts';
import { recordPageViews, type PageView } from '../page-views.ts';
import { startRunner, type Runner } from './runner.ts';
import { snapshotTree } from './snapshot.ts';
import { startStoreHost, type StoreHost } from './store-host.ts';
import type { Section } from './table.ts';

/** Admin password of the bench's runner (a throwaway store on loopback). */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password-not-secret';
/**
 * How often the bench's runner ticks its schedulers (scripts/serve.ts reads it from MINUTE_TICK_MS): every 8 s
 * instead of every minute, so the scheduled work shows within a short run.
 */
export const BENCH_TICK_MS = 8_000;

export interface BenchContext {
  projectRoot: string;
  /** The private copy of the tree that the runner serves and builds (see snapshot.ts). */
  siteRoot(): Promise<string>;
  /** Scratch space: .local/bench. */
  workDir: string;
  store(): Promise<StoreHost>;
  runner(): Promise<Runner>;
  pageViews(): Promise<PageView[]>;
  log(line: string): void;
}

export interface Benchmark {
  name: string;
  title: string;
  run(context: BenchContext): Promise<Section>;
}

export function createContext(projectRoot: string, log: (line: string) => void) {
  const once = <T>(start: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= start());
  };
  const started: { stop(): Promise<void> }[] = [];
  const workDir = join(projectRoot, '.local', 'bench');

  const siteRoot = once(async () => {
    const snapshot = snapshotTree(projectRoot);
    started.push({ stop: async () => snapshot.remove() });
    log(`copied the working tree to ${snapshot.root}`);
    return snapshot.root;
  });
  const store = once(async () => {
    log('starting redis-server and the Upstash gateway');
    const host = await startStoreHost();
    started.push(host);
    return host;
  });
  const runner = once(async () => {
    const { env } = await store();
    log('starting the local runner (build + seed) on Redis');
    const instance = await startRunner({
      projectRoot: await siteRoot(),
      dataDir: join(workDir, 'runner'),
      env: {
        ...env,
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        MINUTE_TICK_MS: String(BENCH_TICK_MS),
        // The runner takes the client address from the socket, so every bench request comes from one address:
        // raise the per-address limits (the limiter still runs, so each request costs what it would).
        LOGIN_RATE_LIMIT_MAX: '100000',
        SUBMISSION_RATE_LIMIT_MAX: '100000',
      },
    });
    started.push(instance);
    log(`runner on ${instance.url}; warming its functions up (the first call bundles them)`);
    const response = await fetch(instance.url + statsFamily.path, { signal: AbortSignal.timeout(300_000) });
    await response.arrayBuffer();
    return instance;
  });
  const pageViews = once(async () => {
    log('recording what each page view requests');
    return recordPageViews((await runner()).url);
  });

  const context: BenchContext = { projectRoot, siteRoot, workDir, store, runner, pageViews, log };
  return {
    context,
    async stopAll() {
      for (const part of started.reverse()) await part.stop().catch(() => undefined);
    },
  };
}
