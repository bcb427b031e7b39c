import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlobsServer } from '../../../tests/support/blobs-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../../../tests/support/redis-server.ts';
import { createBlobsRepository } from './blobs-repository.ts';
import { StoreUnavailableError } from './port.ts';
import { createRedisRepository } from './redis-repository.ts';
import { describeRepositoryContract } from './repository.contract.ts';

let isolation = 0;

describeRepositoryContract('Netlify Blobs (local BlobsServer)', async () => {
  const server = await startBlobsServer();
  return {
    // A store per test keeps tests independent on one server.
    fresh: () => createBlobsRepository({ store: server.getStore(`content-${++isolation}`) }),
    async takeDown() {
      const doomed = await startBlobsServer();
      const repo = createBlobsRepository({ connection: doomed.storeOptions });
      await repo.ping();
      await doomed.stop();
      return repo;
    },
    stop: () => server.stop(),
  };
});

describeRepositoryContract('Upstash Redis (redis-server behind the REST gateway)', async () => {
  const backend = await startRedisWithGateway();
  return {
    // A key prefix per test keeps tests independent on one database.
    fresh: () =>
      createRedisRepository({ url: backend.url, token: backend.token, keyPrefix: `t${++isolation}` }),
    async takeDown() {
      const doomed = await startRedisWithGateway();
      const repo = createRedisRepository({ url: doomed.url, token: doomed.token });
      await repo.ping();
      await doomed.stop();
      return repo;
    },
    stop: () => backend.stop(),
  };
});

describe('Upstash Redis adapter specifics', () => {
  let backend: RedisWithGateway;
  beforeAll(async () => {
    backend = await startRedisWithGateway();
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('lists and pages in one HTTP round trip each', async () => {
    const repo = createRedisRepository({ url: backend.url, token: backend.token, keyPrefix: 'roundtrips' });
    for (let i = 0; i < 7; i++) await repo.create('enroll', { name: `n${i}` });
    await repo.listPage('enroll', { limit: 3 }); // warm-up: nothing cached, but keeps the count honest

    backend.requests.length = 0;
    expect(await repo.list('enroll')).toHaveLength(7);
    expect(backend.requests).toHaveLength(1);

    backend.requests.length = 0;
    const first = await repo.listPage('enroll', { limit: 3 });
    expect(backend.requests).toHaveLength(1);
    backend.requests.length = 0;
    const second = await repo.listPage('enroll', { limit: 3, cursor: first.nextCursor });
    expect(backend.requests).toHaveLength(1);
    expect(second.items).toHaveLength(3);
    expect(second.items[0]!._id < first.items[2]!._id).toBe(true);
  });

  it('tallies both request families in one round trip', async () => {
    const repo = createRedisRepository({ url: backend.url, token: backend.token, keyPrefix: 'tally' });
    await repo.create('contact', { name: 'a', status: 'new' });
    await repo.create('enroll', { name: 'b', status: 'declined' });
    backend.requests.length = 0;
    expect(await repo.tally(['contact', 'enroll'], 'status', 'new')).toEqual({
      contact: { total: 1, matching: 1 },
      enroll: { total: 1, matching: 0 },
    });
    expect(backend.requests).toHaveLength(1);
  });

  it('creates with a unique name in one atomic round trip', async () => {
    const repo = createRedisRepository({ url: backend.url, token: backend.token, keyPrefix: 'atomic' });
    backend.requests.length = 0;
    await repo.create('enrollCourse', { courseName: 'Networking' });
    expect(backend.requests).toHaveLength(1);
  });

  it('reorders in one atomic round trip (one Lua script)', async () => {
    const repo = createRedisRepository({ url: backend.url, token: backend.token, keyPrefix: 'reorder' });
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await repo.create('homeService', { title: `s${i}` }))._id);
    backend.requests.length = 0;
    await repo.reorder('homeService', [...ids].reverse());
    expect(backend.requests).toHaveLength(1);
    backend.requests.length = 0;
    expect((await repo.list('homeService')).map((item) => item._id)).toEqual([...ids].reverse());
    expect(backend.requests).toHaveLength(1);
  });

  it('is unavailable when Redis dies behind a live gateway, and rejects a wrong token', async () => {
    const own = await startRedisWithGateway();
    try {
      const repo = createRedisRepository({ url: own.url, token: own.token });
      await repo.ping();
      const wrongToken = createRedisRepository({ url: own.url, token: 'not-the-token' });
      await expect(wrongToken.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      await own.redis.stop();
      await expect(repo.list('career')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(repo.hit('login', 'x', 5, 60)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await own.stop();
    }
  });
});

describe('adapters facing a backend that accepts connections but never answers', () => {
  let silent: Server;
  let url: string;
  beforeAll(async () => {
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up within the timeout with StoreUnavailableError', async () => {
    const redis = createRedisRepository({ url, token: 't', timeoutMs: 300 });
    const blobs = createBlobsRepository({
      connection: { siteID: 's', token: 't', edgeURL: url, uncachedEdgeURL: url },
      timeoutMs: 300,
    });
    const started = Date.now();
    await expect(redis.list('career')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(blobs.list('career')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
