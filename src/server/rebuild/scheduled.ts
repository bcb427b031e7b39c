/**
 * The scheduled follow-up build (netlify/functions/rebuild-scheduler.mts on Netlify; the local runner ticks it
 * itself): sends one build when writes were deferred and the coalescing window is over.
 */
import { getDeps, type Deps } from '../deps.ts';
import { REGISTRY } from '../handlers/api-router.ts';
import { purgeTrash } from '../handlers/trash-handler.ts';
import type { RebuildOutcome } from './rebuild-trigger.ts';

export async function runScheduledRebuild(deps: Deps = getDeps()): Promise<RebuildOutcome> {
  return deps.rebuild.followUp();
}

/** The daily trash purge (netlify/functions/trash-purge.mts): entries past their retention go for good. */
export async function runScheduledPurge(deps: Deps = getDeps()): Promise<number> {
  return purgeTrash(REGISTRY, deps);
}
