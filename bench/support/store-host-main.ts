/**
 * Child process: a real redis-server on loopback behind the Upstash REST gateway, in a process of its own so
 * the gateway's work never competes with the load generator's event loop. Reports the gateway's request count
 * (store round trips) on request over IPC.
 */
import { startUpstashGateway } from '../../scripts/dev/upstash-gateway.ts';
import { startRedisServer } from '../../tests/support/redis-server.ts';

export type StoreHostMessage =
  { type: 'ready'; gatewayUrl: string; redisUrl: string } | { type: 'count'; id: number; requests: number };

const token = process.env.BENCH_GATEWAY_TOKEN;
if (!token || !process.send)
  throw new Error('store-host-main.ts runs as a forked child with BENCH_GATEWAY_TOKEN');

const redis = await startRedisServer();
let requests = 0;
const gateway = await startUpstashGateway({
  redisUrl: redis.url,
  token,
  onRequest: () => {
    requests += 1;
  },
});

const send = (message: StoreHostMessage) => process.send?.(message);
process.on('message', (message: { type: string; id?: number }) => {
  if (message.type === 'count') send({ type: 'count', id: message.id ?? 0, requests });
});
const stop = async () => {
  await gateway.close();
  await redis.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
send({ type: 'ready', gatewayUrl: gateway.url, redisUrl: redis.url });
