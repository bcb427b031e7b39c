/**
 * The scheduled follow-up build (netlify/functions/rebuild-scheduler.mts on Netlify; the local runner ticks it
 * itself): sends one build when writes were deferred and the coalescing window is over.
 */
import { getDeps, type Deps } from '../deps.ts';
import type { RebuildOutcome } from './rebuild-trigger.ts';

export async function runScheduledRebuild(deps: Deps = getDeps()): Promise<RebuildOutcome> {
  return deps.rebuild.followUp();
}
