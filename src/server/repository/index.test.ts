import { Redis } from '@upstash/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlobsServer, type TestBlobsServer } from '../../../tests/support/blobs-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../../../tests/support/redis-server.ts';
import { createCoordinationFromEnv, createRepositoryFromEnv } from './index.ts';

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

describe('createCoordinationFromEnv', () => {
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

  it('holds leases in Redis under REDIS_KEY_PREFIX when both Upstash variables are set', async () => {
    const env = { UPSTASH_REDIS_REST_URL: redis.url, UPSTASH_REDIS_REST_TOKEN: redis.token };
    expect(
      await createCoordinationFromEnv({ ...env, REDIS_KEY_PREFIX: 'site-a' }).acquireLease('x', 60_000),
    ).toBe(true);
    expect(await new Redis({ url: redis.url, token: redis.token }).exists('site-a:lease:x')).toBe(1);
    expect(
      await createCoordinationFromEnv({ ...env, REDIS_KEY_PREFIX: 'site-b' }).acquireLease('x', 60_000),
    ).toBe(true);
    expect(await blobs.getStore('content').list({ prefix: 'leases/' })).toMatchObject({ blobs: [] });
  });

  it('holds them in the Blobs content store beside the items when Redis is not fully configured', async () => {
    const coordination = createCoordinationFromEnv({ UPSTASH_REDIS_REST_TOKEN: redis.token });
    expect(await coordination.acquireLease('rebuild', 60_000)).toBe(true);
    expect(await createCoordinationFromEnv({}).acquireLease('rebuild', 60_000)).toBe(false);
    const keys = (await blobs.getStore('content').list({ prefix: 'leases/rebuild/' })).blobs;
    expect(keys).toHaveLength(1);
  });
});
