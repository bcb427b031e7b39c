/**
 * What follows every successful write of public content: purge the family's CDN tag, then ask for a rebuild
 * so the static pages catch up. Neither may fail the write that already succeeded: problems are logged only.
 *
 * The API router runs each request inside a publish context (who is asking, which family and item the route
 * serves): a change the deploy governor queues is recorded with them, and the router adds to the write's answer
 * when the change goes live (`live`, issue 26).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Deps } from '../deps.ts';
import { liveWhen, type LiveWhen } from '../rebuild/publish-policy.ts';

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

/**
 * Purges a tag and nothing more: for what no page is built from (a certificate, read live from the API, issue
 * 23), so a change costs no deploy.
 */
export async function purgeTag(deps: Deps, cacheTag: string): Promise<void> {
  try {
    await deps.purgeCache([cacheTag]);
  } catch (error) {
    console.warn(`[cdn] purging tag ${cacheTag} failed: ${describe(error)}`);
  }
}

/** `itemId`: the item changed, when the route's path does not name it (a create). */
export async function publishChange(deps: Deps, cacheTag: string, itemId?: string): Promise<void> {
  await purgeTag(deps, cacheTag);
  const context = requestContext.getStore();
  try {
    const outcome = await deps.rebuild.request({
      family: context?.family ?? cacheTag,
      ...((itemId ?? context?.id) ? { id: itemId ?? context?.id } : {}),
      ...(context?.actor ? { byUserId: context.actor.userId, byName: context.actor.name } : {}),
    });
    const governor = deps.rebuild.governor;
    if (!context) return;
    if (outcome === 'built' || outcome === 'deferred') context.live = { when: 'soon' };
    else if (outcome === 'queued' && governor)
      context.live = liveWhen(governor.config, governor.now().getTime(), await governor.spent());
  } catch (error) {
    console.warn(`[rebuild] request failed: ${describe(error)}`);
  }
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
