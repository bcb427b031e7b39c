/**
 * Picks the repository adapter from the environment: Upstash Redis when both UPSTASH_REDIS_REST_URL and
 * UPSTASH_REDIS_REST_TOKEN are set, otherwise Netlify Blobs (whose context Netlify, the local runner and tests
 * supply through NETLIFY_BLOBS_CONTEXT).
 */
import { createBlobsRepository } from './blobs-repository.ts';
import type { Repository } from './port.ts';
import { createRedisRepository } from './redis-repository.ts';

export type RepositoryEnv = Record<string, string | undefined>;

export function createRepositoryFromEnv(env: RepositoryEnv): Repository {
  const url = env.UPSTASH_REDIS_REST_URL?.trim();
  const token = env.UPSTASH_REDIS_REST_TOKEN?.trim();
  if (url && token) {
    return createRedisRepository({ url, token, keyPrefix: env.REDIS_KEY_PREFIX?.trim() || undefined });
  }
  return createBlobsRepository();
}

let shared: Repository | undefined;

/** The process's repository, made once from process.env (a function instance reuses it across requests). */
export function getRepository(): Repository {
  shared ??= createRepositoryFromEnv(process.env);
  return shared;
}

export { createBlobsRepository } from './blobs-repository.ts';
export { createRedisRepository } from './redis-repository.ts';
export * from './port.ts';
