import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlobsServer, type TestBlobsServer } from '../../../tests/support/blobs-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../../../tests/support/redis-server.ts';
import { createRepositoryFromEnv } from './index.ts';

describe('createRepositoryFromEnv', () => {
  let redis: RedisWithGateway;
  let blobs: TestBlobsServer;
  const savedContext = process.env.NETLIFY_BLOBS_CONTEXT;
  beforeAll(async () => {
    [redis, blobs] = await Promise.all([startRedisWithGateway(), startBlobsServer()]);
    process.env.NETLIFY_BLOBS_CONTEXT = blobs.context;
  });
  afterAll(async () => {
    if (savedContext === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
    else process.env.NETLIFY_BLOBS_CONTEXT = savedContext;
    await Promise.all([redis?.stop(), blobs?.stop()]);
  });

  it('uses Redis when both Upstash variables are set, and honours REDIS_KEY_PREFIX', async () => {
    const env = { UPSTASH_REDIS_REST_URL: redis.url, UPSTASH_REDIS_REST_TOKEN: redis.token };
    const repo = createRepositoryFromEnv({ ...env, REDIS_KEY_PREFIX: 'site-a' });
    expect(repo.backend).toBe('redis');
    await repo.create('homeCourse', { title: 'Forensics' });
    expect(await repo.count('homeCourse')).toBe(1);
    expect(await createRepositoryFromEnv({ ...env, REDIS_KEY_PREFIX: 'site-b' }).count('homeCourse')).toBe(0);
  });

  it('falls back to Blobs from NETLIFY_BLOBS_CONTEXT when Redis is not fully configured', async () => {
    const repo = createRepositoryFromEnv({ UPSTASH_REDIS_REST_URL: redis.url });
    expect(repo.backend).toBe('blobs');
    const created = await repo.create('career', { title: 'Pentester' });
    expect(await blobs.getStore('content').get(`items/career/${created._id}`, { type: 'json' })).toEqual(
      created,
    );
  });
});
