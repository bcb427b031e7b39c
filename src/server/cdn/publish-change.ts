/**
 * What follows every successful write of public content: purge the family's CDN tag, then ask for a rebuild
 * so the static pages catch up. Neither may fail the write that already succeeded: problems are logged only.
 */
import type { Deps } from '../deps.ts';

export async function publishChange(deps: Deps, cacheTag: string): Promise<void> {
  try {
    await deps.purgeCache([cacheTag]);
  } catch (error) {
    console.warn(`[cdn] purging tag ${cacheTag} failed: ${describe(error)}`);
  }
  try {
    await deps.rebuild.request();
  } catch (error) {
    console.warn(`[rebuild] request failed: ${describe(error)}`);
  }
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);
