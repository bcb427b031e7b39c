/**
 * The scheduled retry of purges that failed within their request (netlify/functions/rebuild-scheduler.mts on
 * Netlify, every minute; the local runner ticks it itself).
 *
 * The every-minute tick looks at the waiting purges only every PURGE_RETRY_MINUTES minutes: each look is one
 * store command, and one a minute would cost 43,200 Upstash commands a month for a failure that is rare, while a
 * purge waiting a few minutes more only leaves an edit unseen that long.
 */
import { getDeps, type Deps } from '../deps.ts';
import { retryPendingPurges } from './cache-purge.ts';

export const PURGE_RETRY_MINUTES = 5;

/**
 * Answers how many waiting tags were retried (0 when none waited, it was not a retry minute, or the store did not
 * answer). `everyMinutes: 1` looks on every call (the local runner).
 */
export async function runScheduledPurgeRetry(
  deps: Deps = getDeps(),
  { everyMinutes = PURGE_RETRY_MINUTES }: { everyMinutes?: number } = {},
): Promise<number> {
  if (deps.now().getUTCMinutes() % everyMinutes !== 0) return 0;
  try {
    return await retryPendingPurges(deps);
  } catch (error) {
    // The purger logged a failed purge itself; this is the store failing to hand over or take back the tags.
    console.warn(
      `[cdn] retrying waiting purges failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 0;
  }
}
