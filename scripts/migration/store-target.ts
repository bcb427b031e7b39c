/**
 * The store the migration commands (import:legacy, backup, restore) work on, chosen like the site chooses it:
 *
 * - content in Upstash Redis when UPSTASH_REDIS_REST_URL and _TOKEN are set, otherwise in Netlify Blobs;
 * - Blobs (content without Redis, and pictures always) from, in order: NETLIFY_BLOBS_CONTEXT (as Netlify gives
 *   functions); NETLIFY_SITE_ID + NETLIFY_AUTH_TOKEN (the deployed site's stores, over Netlify's API); otherwise
 *   the local runner's sandbox in --data-dir (default .local/data, what `npm start` serves; stop it first: two
 *   Blobs servers on one directory do not see each other's writes in order).
 *
 * Writes end with one publish: the CDN tags purged and one rebuild requested through the build hook.
 */
import { getStore, type Store } from '@netlify/blobs';
import { join, resolve } from 'node:path';
import { createDeps } from '../../src/server/deps.ts';
import { COMMAND_LINE_ACTOR, recordAudit, type AuditRecord } from '../../src/server/audit/audit-log.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import type { ImageBlobStore } from '../../src/server/images/image-store.ts';
import type { ImageService } from '../../src/server/images/port.ts';
import {
  createBlobsCoordination,
  createBlobsRepository,
  createCoordinationFromEnv,
  createRepositoryFromEnv,
  redisFromEnv,
} from '../../src/server/repository/index.ts';
import { BLOB_STORES } from '../../src/server/repository/keys.ts';
import type { Coordination, Repository } from '../../src/server/repository/port.ts';
import { startBlobsSandbox } from '../dev/blobs-sandbox.ts';

export interface StoreTarget {
  repository: Repository;
  coordination: Coordination;
  images: ImageService;
  imageStore: ImageBlobStore;
  /** Where content and pictures live, for the operator. */
  description: string;
  /** The site's REQUEST_RETENTION_DAYS: the importer skips requests its retention purge would delete. */
  requestRetentionDays: number;
  publish(cacheTags: string[]): Promise<void>;
  /** Records a command-line write in the audit log, as the operator's. */
  audit(record: Pick<AuditRecord, 'action' | 'target' | 'detail'>): Promise<void>;
  close(): Promise<void>;
}

/** Store operations may take longer from a laptop than inside a function. */
const CLI_TIMEOUT_MS = 60_000;

export async function openStoreTarget(options: { dataDir: string }): Promise<StoreTarget> {
  const env = process.env;
  let close = async () => {};
  let blobsWhere: string;
  let openBlobs: (name: string) => Store;
  let connection: { siteID: string; token: string } | undefined;
  if (env.NETLIFY_BLOBS_CONTEXT) {
    blobsWhere = 'Netlify Blobs (NETLIFY_BLOBS_CONTEXT)';
    openBlobs = (name) => getStore({ name, consistency: 'strong' });
  } else if (env.NETLIFY_SITE_ID && env.NETLIFY_AUTH_TOKEN) {
    connection = { siteID: env.NETLIFY_SITE_ID, token: env.NETLIFY_AUTH_TOKEN };
    blobsWhere = `Netlify Blobs of site ${env.NETLIFY_SITE_ID}`;
    openBlobs = (name) => getStore({ name, ...connection! });
  } else {
    const directory = join(resolve(options.dataDir), 'blobs');
    const sandbox = await startBlobsSandbox({ directory });
    env.NETLIFY_BLOBS_CONTEXT = sandbox.context;
    blobsWhere = `the local Blobs sandbox in ${directory}`;
    openBlobs = (name) => sandbox.getStore(name);
    close = () => sandbox.stop();
  }

  const usingRedis = redisFromEnv(env) !== null;
  const contentBlobs = { store: openBlobs(BLOB_STORES.content), timeoutMs: CLI_TIMEOUT_MS };
  const repository = usingRedis ? createRepositoryFromEnv(env) : createBlobsRepository(contentBlobs);
  const coordination = usingRedis ? createCoordinationFromEnv(env) : createBlobsCoordination(contentBlobs);
  const imagesBlobs = openBlobs(BLOB_STORES.images);
  const images = createImageService({ store: imagesBlobs, timeoutMs: CLI_TIMEOUT_MS });
  const deps = createDeps(env, { repository, coordination, images });

  return {
    repository,
    coordination,
    images,
    imageStore: images.blobs,
    requestRetentionDays: deps.env.REQUEST_RETENTION_DAYS,
    description: usingRedis
      ? `content in Upstash Redis, pictures in ${blobsWhere}`
      : `content and pictures in ${blobsWhere}`,
    audit: (record) => recordAudit(deps, { ...record, actor: COMMAND_LINE_ACTOR, ip: 'local' }),
    async publish(cacheTags) {
      // Pages render on demand from the store: purging what the restore changed is all a deploy would have done.
      if (!deps.env.NETLIFY_PURGE_API_TOKEN) {
        console.log(
          'CDN: no NETLIFY_PURGE_API_TOKEN here, so nothing was purged; the public pages show this at the next deploy (or the next admin save of each kind).',
        );
        return;
      }
      try {
        await deps.purgeCache(cacheTags);
      } catch (error) {
        console.warn(`CDN purge failed (${String(error)}); it is tried again within 5 minutes.`);
      }
    },
    close,
  };
}
