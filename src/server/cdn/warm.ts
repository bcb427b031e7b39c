/**
 * Warming after a purge: each public path that reads a purged tag is requested once, in the background, so the
 * CDN holds a fresh copy before a visitor asks and no visitor pays the render. Bounded: at most MAX_WARM_PATHS
 * paths, each given WARM_TIMEOUT_MS, a few at a time. A failure costs only the warmth, and is logged.
 */
import { allFamilies } from '../../lib/collections.ts';

/** The public paths whose answers read any of `tags` (a family's tag, or an item's `${family}:${id}`). */
export type PathsToWarm = (tags: string[]) => Promise<string[]>;

export const MAX_WARM_PATHS = 20;
export const WARM_TIMEOUT_MS = 10_000;
const AT_ONCE = 4;

/** Families a visitor reads (requests are personal data: never cached, never warmed). */
const publicFamilies = allFamilies.filter(
  (family) => family.kind !== 'request' && !('staffOnly' in family && family.staffOnly),
);

/**
 * The API's public list of each family a tag names: what reads the tags until the pages that read them say so
 * themselves. An empty list of tags (a purge of everything) names every family.
 */
export const apiPathsToWarm: PathsToWarm = async (tags) => {
  const families = tags.length
    ? publicFamilies.filter((family) =>
        tags.some((tag) => tag === family.cacheTag || tag.startsWith(`${family.cacheTag}:`)),
      )
    : publicFamilies;
  return [...new Set(families.map((family) => family.path))];
};

export interface WarmOptions {
  /** The site's origin (Netlify's URL); nothing is warmed without it. */
  origin: string | undefined;
  pathsToWarm: PathsToWarm;
  fetch?: typeof fetch;
}

/** Requests each path that reads `tags` once; answers how many answered with a success status. */
export async function warmPaths(tags: string[], options: WarmOptions): Promise<number> {
  if (!options.origin) return 0;
  const paths = (await options.pathsToWarm(tags)).slice(0, MAX_WARM_PATHS);
  const request = options.fetch ?? fetch;
  let warmed = 0;
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const url = new URL(path, options.origin);
      try {
        const response = await request(url, { signal: AbortSignal.timeout(WARM_TIMEOUT_MS) });
        await response.body?.cancel();
        if (response.ok) warmed++;
        else console.warn(`[cdn] warming ${url.pathname} answered ${response.status}`);
      } catch (error) {
        console.warn(
          `[cdn] warming ${url.pathname} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, paths.length) }, worker));
  return warmed;
}
