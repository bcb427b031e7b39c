/**
 * The scheduled retry of purges that failed within their request (netlify/functions/rebuild-scheduler.mts on
 * Netlify, every minute; the local runner ticks it itself). An idle tick costs one store call.
 */
import { getDeps, type Deps } from '../deps.ts';
import { retryPendingPurges } from './cache-purge.ts';

/** Answers how many waiting tags were retried (0 when none waited, or the store did not answer). */
export async function runScheduledPurgeRetry(deps: Deps = getDeps()): Promise<number> {
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
