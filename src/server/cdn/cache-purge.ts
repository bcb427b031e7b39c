/**
 * Purges CDN cache tags after a write, so the next public GET refetches from the function, then warms what it
 * purged. Only possible where a purge token is set (Netlify provides NETLIFY_PURGE_API_TOKEN; the local runner
 * sets its own and answers the call itself); elsewhere (tests without one) it is a no-op.
 *
 * A purge is never silently lost: a failed call (no answer, a 5xx, a 429) is tried again a few times with
 * backoff within the request, and if it still fails its tags wait in a Coordination set that the every-minute
 * scheduled tick retries (retryPendingPurges). Each failure is logged once, with its tags.
 */
import { purgeCache } from '@netlify/functions';
import pRetry from 'p-retry';
import { inBackground } from '../http/background.ts';
import type { Coordination } from '../repository/port.ts';

export type CachePurger = (tags: string[]) => Promise<void>;

/** The Coordination set holding the tags of purges that failed, until the scheduled tick purges them. */
export const PENDING_PURGES = 'cdn-purge-pending';
/** Stands in the pending set for a purge of everything (a purge that named no tags). */
const EVERYTHING = '*';

export interface CachePurgerOptions {
  token: string | undefined;
  siteID?: string | undefined;
  apiURL?: string | undefined;
  /** Where failed purges wait for the scheduled retry; without it a failed purge throws to its caller. */
  coordination?: Coordination;
  /** Tries of one purge within the request (default 3), the first wait between them (default 200 ms, tripling). */
  attempts?: number;
  backoffMs?: number;
  /** Runs in the background after each successful purge (warming); its failure is its own to log. */
  afterPurge?: (tags: string[]) => Promise<unknown>;
}

/** The status a failed purge call answered, if it answered (@netlify/functions puts it in the message). */
const statusOf = (error: unknown) => {
  const match = /status code: (\d{3})/.exec(error instanceof Error ? error.message : '');
  return match ? Number(match[1]) : undefined;
};

/** Worth trying again soon: no answer at all, the API failing, or asking us to slow down. */
export const isRetryablePurgeFailure = (error: unknown) => {
  const status = statusOf(error);
  return status === undefined || status >= 500 || status === 429;
};

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export function createCachePurger(options: CachePurgerOptions): CachePurger {
  const { token, siteID, apiURL, coordination, afterPurge } = options;
  if (!token) return async () => {};
  const attempts = Math.max(1, options.attempts ?? 3);
  const call = (tags: string[]) =>
    // No tags at all (not an empty list) is what Netlify's API takes as "purge everything".
    purgeCache({
      ...(tags.length ? { tags } : {}),
      token,
      ...(siteID ? { siteID } : {}),
      ...(apiURL ? { apiURL } : {}),
    });

  return async (tags) => {
    try {
      await pRetry(() => call(tags), {
        retries: attempts - 1,
        minTimeout: options.backoffMs ?? 200,
        factor: 3,
        randomize: false,
        shouldRetry: isRetryablePurgeFailure,
      });
    } catch (error) {
      if (!coordination) throw error;
      // If even this fails, the caller hears of it (and logs it): the tags are then lost only with the store.
      await coordination.addToSet(PENDING_PURGES, tags.length ? tags : [EVERYTHING]);
      const named = tags.length ? `tag${tags.length > 1 ? 's' : ''} ${tags.join(', ')}` : 'everything';
      console.warn(`[cdn] purging ${named} failed: ${describe(error)}; the scheduled tick retries it`);
      return;
    }
    if (afterPurge) inBackground(afterPurge(tags));
  };
}

/**
 * The scheduled retry of failed purges: one store call when none wait. Purges what waited in one call (which,
 * failing again, puts it back and logs it); answers how many tags were retried.
 */
export async function retryPendingPurges(deps: {
  coordination: Coordination;
  purgeCache: CachePurger;
}): Promise<number> {
  const pending = await deps.coordination.takeSet(PENDING_PURGES);
  if (pending.length === 0) return 0;
  await deps.purgeCache(pending.includes(EVERYTHING) ? [] : pending);
  return pending.length;
}
