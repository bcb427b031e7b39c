/**
 * The store every API-facing benchmark shares: redis-server + Upstash gateway in a child process
 * (store-host-main.ts). Round trips are the gateway's HTTP requests; Redis commands come from redis-server's
 * own INFO counter, read over a direct connection.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import type { StoreHostMessage } from './store-host-main.ts';

export interface StoreHost {
  gatewayUrl: string;
  token: string;
  redisUrl: string;
  /** Environment that points the repository (runner, adapter, builds) at this store. */
  env: Record<string, string>;
  /** Gateway HTTP requests so far. */
  roundTrips(): Promise<number>;
  /** Commands Redis has processed so far, excluding this probe's own INFO calls. */
  commands(): Promise<number>;
  /** Resolves on every `SET` that actually wrote a key matching `pattern` (keyspace notifications). */
  onKeySet(pattern: string, listener: (key: string) => void): Promise<() => Promise<void>>;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('./store-host-main.ts', import.meta.url));

export async function startStoreHost(): Promise<StoreHost> {
  const token = randomBytes(16).toString('hex');
  const child = fork(MAIN, [], {
    env: { ...process.env, BENCH_GATEWAY_TOKEN: token },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Extract<StoreHostMessage, { type: 'ready' }>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`store host exited (${code})`)));
    child.on('message', (message: StoreHostMessage) => {
      if (message.type === 'ready') resolve(message);
    });
  });
  let nextId = 0;
  const pending = new Map<number, (requests: number) => void>();
  child.on('message', (message: StoreHostMessage) => {
    if (message.type === 'count') pending.get(message.id)?.(message.requests);
  });

  const probe = createClient({ url: ready.redisUrl });
  await probe.connect();
  // INFO counts itself once it has run: measure that overhead instead of assuming it.
  const readCounter = async () => {
    const info = await probe.info('stats');
    return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? NaN);
  };
  const first = await readCounter();
  const second = await readCounter();
  const perProbe = second - first;
  let probes = 0;
  const base = second;

  return {
    gatewayUrl: ready.gatewayUrl,
    token,
    redisUrl: ready.redisUrl,
    env: { UPSTASH_REDIS_REST_URL: ready.gatewayUrl, UPSTASH_REDIS_REST_TOKEN: token },
    roundTrips() {
      const id = (nextId += 1);
      return new Promise((resolve) => {
        pending.set(id, (requests) => {
          pending.delete(id);
          resolve(requests);
        });
        child.send({ type: 'count', id });
      });
    },
    async commands() {
      const total = await readCounter();
      probes += 1;
      // Everything after the calibration probes, minus every INFO of ours since then.
      return total - base - probes * perProbe;
    },
    async onKeySet(pattern, listener) {
      await probe.configSet('notify-keyspace-events', 'K$');
      const subscriber = probe.duplicate();
      await subscriber.connect();
      await subscriber.pSubscribe(`__keyspace@0__:${pattern}`, (event, channel) => {
        if (event === 'set') listener(channel.slice('__keyspace@0__:'.length));
      });
      return async () => {
        await subscriber.pUnsubscribe();
        await subscriber.quit();
      };
    },
    async stop() {
      await probe.quit().catch(() => undefined);
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
