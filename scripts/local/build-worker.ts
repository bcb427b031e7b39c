/**
 * A long-lived `astro build` process for the local runner. Spawning `astro build` per content edit paid for a
 * fresh Node, loading Astro, Vite and Rolldown, and cold module caches every time (≈ 4–6 s per build on 2 cores);
 * a warm process builds the same output in ≈ 1–1.5 s. It is a child rather than the runner itself, so that the
 * build's process-wide state (NODE_ENV, Vite's caches, memory growth over many builds) never reaches the server,
 * and the runner can replace it at will.
 *
 * Protocol (IPC): { id, outDir } in, { id, ok, error? } out. Astro's own log goes to stdout/stderr, at 'warn'
 * unless BUILD_LOG_LEVEL=info asks for its phase timings (bench/rebuild-cost.ts).
 */
import { build } from 'astro';

interface BuildRequest {
  id: number;
  outDir: string;
}

const root = process.cwd();
const logLevel = process.env.BUILD_LOG_LEVEL === 'info' ? 'info' : 'warn';

process.on('message', (message: BuildRequest) => {
  build({ root, outDir: message.outDir, logLevel }).then(
    () => process.send?.({ id: message.id, ok: true }),
    (error: unknown) =>
      process.send?.({
        id: message.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
