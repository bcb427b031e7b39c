/**
 * Picks the store's adapters from the environment: Upstash Redis when both UPSTASH_REDIS_REST_URL and
 * UPSTASH_REDIS_REST_TOKEN are set, otherwise Netlify Blobs (whose context Netlify, the local runner and tests
 * supply through NETLIFY_BLOBS_CONTEXT). Items and coordination always share the one backend.
 */
import { createBlobsCoordination } from './blobs-coordination.ts';
import { createBlobsRepository } from './blobs-repository.ts';
import type { UniqueRule } from './policy.ts';
import type { Coordination, Repository } from './port.ts';
import type { RedisOptions } from './redis-connection.ts';
import { createRedisCoordination } from './redis-coordination.ts';
import { createRedisRepository } from './redis-repository.ts';

export type RepositoryEnv = Record<string, string | undefined>;

/** Redis's connection when the environment configures one, else null (the store is Blobs). */
export function redisFromEnv(env: RepositoryEnv): RedisOptions | null {
  const url = env.UPSTASH_REDIS_REST_URL?.trim();
  const token = env.UPSTASH_REDIS_REST_TOKEN?.trim();
  return url && token ? { url, token, keyPrefix: env.REDIS_KEY_PREFIX?.trim() || undefined } : null;
}

/** `unique`: which values items claim (default: the registry's rule, unique.ts); a fixture registry passes its own. */
export function createRepositoryFromEnv(env: RepositoryEnv, unique?: UniqueRule): Repository {
  const redis = redisFromEnv(env);
  return redis ? createRedisRepository({ ...redis, unique }) : createBlobsRepository({ unique });
}

export function createCoordinationFromEnv(env: RepositoryEnv): Coordination {
  const redis = redisFromEnv(env);
  return redis ? createRedisCoordination(redis) : createBlobsCoordination();
}

let shared: Repository | undefined;

/** The process's repository, made once from process.env (a function instance reuses it across requests). */
export function getRepository(): Repository {
  shared ??= createRepositoryFromEnv(process.env);
  return shared;
}

export { createBlobsCoordination } from './blobs-coordination.ts';
export { createBlobsRepository } from './blobs-repository.ts';
export { createRedisCoordination } from './redis-coordination.ts';
export { createRedisRepository } from './redis-repository.ts';
export * from './port.ts';
