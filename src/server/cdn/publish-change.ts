/**
 * What follows every successful write of public content: purge the family's CDN tag. The pages that show it
 * render on demand (src/lib/page-cache.ts), so the purge alone makes the change live: the next request renders
 * it, and no deploy is needed. A failed purge may not fail the write that already succeeded: it is logged.
 *
 * The API router runs each request inside a publish context (who is asking, which family and item the route
 * serves), and adds to the write's answer when the change goes live (`live`): at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LiveWhen } from '../../lib/publishing.ts';
import type { Deps } from '../deps.ts';

export interface PublishContext {
  actor: { userId: string; name: string } | null;
  family?: string | undefined;
  id?: string | undefined;
  /** Set by publishChange: when this request's change goes live. */
  live?: LiveWhen;
}

const requestContext = new AsyncLocalStorage<PublishContext>();

/** Runs a request's handler with its publish context; `context.live` then says what publishChange decided. */
export const withPublishContext = <T>(context: PublishContext, run: () => Promise<T>): Promise<T> =>
  requestContext.run(context, run);

/** Purges a tag and nothing more: for a change no write context follows (a scheduler's, a certificate's). */
export async function purgeTag(deps: Deps, cacheTag: string): Promise<void> {
  try {
    await deps.purgeCache([cacheTag]);
  } catch (error) {
    console.warn(`[cdn] purging tag ${cacheTag} failed: ${describe(error)}`);
  }
}

/** A write's change made public: its tag purged, and the request's answer told it is live now. */
export async function publishChange(deps: Deps, cacheTag: string): Promise<void> {
  await purgeTag(deps, cacheTag);
  const context = requestContext.getStore();
  // Behind Netlify's CDN (a purge token is set there and by the local runner) the answer says when the change is
  // live; with no CDN to purge there is nothing to wait for, and the answer is the spec's alone.
  if (context && deps.env.NETLIFY_PURGE_API_TOKEN) context.live = { when: 'soon' };
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
