/**
 * Everything a handler needs from the outside world, built once per function instance on first use (a cold
 * start that never touches the store pays nothing). Tests build their own with createDeps and real stores.
 */
import { createCachePurger, type CachePurger } from './cdn/cache-purge.ts';
import { apiPathsToWarm, warmPaths, type PathsToWarm } from './cdn/warm.ts';
import { sitePathsToWarm } from './cdn/site-paths-to-warm.ts';
import { loadEnv, type ServerEnv } from './env.ts';
import { createNotifier, type Notifier } from './enquiries/notifier.ts';
import { createImageService } from './images/image-service.ts';
import type { ImageService } from './images/port.ts';
import { createCoordinationFromEnv, createRepositoryFromEnv } from './repository/index.ts';
import type { Coordination, Repository } from './repository/port.ts';
import { withInsights } from './insights/rollups.ts';
import { withDueIndex } from './schedule/due-index.ts';

export interface Deps {
  env: ServerEnv;
  /**
   * Stored items; every write keeps the schedulers' due-time index (schedule/due-index.ts) and the owner's view's
   * rollups (insights/rollups.ts) in step.
   */
  repository: Repository;
  /** Leases, flags and rate limits, on the same backend as the items. */
  coordination: Coordination;
  images: ImageService;
  now: () => Date;
  purgeCache: CachePurger;
  /** The public paths that read each tag: warmed, one request each, after they are purged. */
  pathsToWarm: PathsToWarm;
  /** Staff notifications about new requests (e-mail, webhook), as configured by the environment. */
  notifier: Notifier;
}

/** Builds the dependencies; parts given in `parts` replace the ones made from the environment. */
export function createDeps(
  source: Record<string, string | undefined> = process.env,
  parts: Partial<Omit<Deps, 'env'>> = {},
): Deps {
  const env = loadEnv(source);
  const coordination = parts.coordination ?? createCoordinationFromEnv(source);
  const stored = withInsights(parts.repository ?? createRepositoryFromEnv(source), coordination);
  const repository = withDueIndex(stored, coordination, {
    retentionDays: env.REQUEST_RETENTION_DAYS,
  });
  const now = parts.now ?? (() => new Date());
  const pathsToWarm =
    parts.pathsToWarm ?? (env.CDN_WARM === 'lists' ? apiPathsToWarm : sitePathsToWarm(repository));
  return {
    env,
    repository,
    coordination,
    images: parts.images ?? createImageService(),
    now,
    purgeCache:
      parts.purgeCache ??
      createCachePurger({
        token: env.NETLIFY_PURGE_API_TOKEN,
        siteID: env.SITE_ID,
        apiURL: env.NETLIFY_PURGE_API_URL,
        coordination,
        afterPurge: (tags) => warmPaths(tags, { origin: env.URL, pathsToWarm }),
      }),
    pathsToWarm,
    notifier: parts.notifier ?? createNotifier(env),
  };
}

let instance: Deps | null = null;

/** The instance's dependencies from process.env, created on first call. */
export function getDeps(): Deps {
  instance ??= createDeps();
  return instance;
}
