/**
 * Child process: the node:http adapter over the function files, on the store named by the environment
 * (UPSTASH_REDIS_REST_URL/_TOKEN). A process of its own, so the load generator does not share its event loop.
 */
import { fileURLToPath } from 'node:url';
import { startNodeAdapter } from '../node-adapter.ts';

if (!process.send) throw new Error('adapter-host-main.ts runs as a forked child');
const adapter = await startNodeAdapter({
  functionsDir: fileURLToPath(new URL('../../netlify/functions/', import.meta.url)),
});
const stop = async () => {
  await adapter.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
process.send({ type: 'ready', url: adapter.url });
