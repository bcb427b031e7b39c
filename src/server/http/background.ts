/**
 * Work that runs on after a response is sent. Netlify's Functions v2 context offers `waitUntil`, which keeps the
 * instance alive for it; code far below the handler (a purge's warming) reaches it through the request's async
 * context instead of every signature in between. Without a platform hook the work simply runs on, unawaited.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type WaitUntil = (promise: Promise<unknown>) => void;

const current = new AsyncLocalStorage<WaitUntil>();

/** Runs `run` with `waitUntil` as the place its background work goes. */
export const withWaitUntil = <T>(waitUntil: WaitUntil, run: () => Promise<T>): Promise<T> =>
  current.run(waitUntil, run);

/** Starts `work` in the background: its failure is logged by `work` itself or swallowed, never thrown. */
export function inBackground(work: Promise<unknown>): void {
  const quiet = work.catch(() => undefined);
  const waitUntil = current.getStore();
  if (waitUntil) waitUntil(quiet);
}
