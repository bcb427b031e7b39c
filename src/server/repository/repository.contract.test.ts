import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlobsServer, type TestBlobsServer } from '../../../tests/support/blobs-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../../../tests/support/redis-server.ts';
import { createBlobsCoordination } from './blobs-coordination.ts';
import { createBlobsRepository } from './blobs-repository.ts';
import { describeCoordinationContract } from './coordination.contract.ts';
import { StoreUnavailableError } from './port.ts';
import { createRedisCoordination } from './redis-coordination.ts';
import { createRedisRepository } from './redis-repository.ts';
import { describeRepositoryContract } from './repository.contract.ts';
import { describeIndexContract } from './repository-indexes.contract.ts';

let isolation = 0;

// One server per backend for both contracts: each test isolates itself by a store name or a key prefix.
let blobs: TestBlobsServer;
let redis: RedisWithGateway;
beforeAll(async () => {
  [blobs, redis] = await Promise.all([startBlobsServer(), startRedisWithGateway()]);
});
afterAll(async () => {
  await Promise.all([blobs?.stop(), redis?.stop()]);
});

/** A port made on a backend that answered once and then stopped for good: every call meets a dead store. */
async function deadBlobs<T>(make: (connection: TestBlobsServer['storeOptions']) => T): Promise<T> {
  const doomed = await startBlobsServer();
  const made = make(doomed.storeOptions);
  await createBlobsRepository({ connection: doomed.storeOptions }).ping();
  await doomed.stop();
  return made;
}

async function deadRedis<T>(make: (connection: { url: string; token: string }) => T): Promise<T> {
  const doomed = await startRedisWithGateway();
  const made = make(doomed);
  await createRedisRepository({ url: doomed.url, token: doomed.token }).ping();
  await doomed.stop();
  return made;
}

const BLOBS = 'Netlify Blobs (local BlobsServer)';
const REDIS = 'Upstash Redis (redis-server behind the REST gateway)';
const stopsWithTheFile = async () => undefined;

describeRepositoryContract(BLOBS, async () => ({
  // A store per test keeps tests independent on one server.
  fresh: (unique) => createBlobsRepository({ store: blobs.getStore(`content-${++isolation}`), unique }),
  takeDown: () => deadBlobs((connection) => createBlobsRepository({ connection })),
  stop: stopsWithTheFile,
}));

describeCoordinationContract(BLOBS, async () => ({
  fresh: () => createBlobsCoordination({ store: blobs.getStore(`content-${++isolation}`) }),
  takeDown: () => deadBlobs((connection) => createBlobsCoordination({ connection })),
  stop: stopsWithTheFile,
}));

describeRepositoryContract(REDIS, async () => ({
  // A key prefix per test keeps tests independent on one database.
  fresh: (unique) =>
    createRedisRepository({ url: redis.url, token: redis.token, keyPrefix: `t${++isolation}`, unique }),
  takeDown: () => deadRedis(({ url, token }) => createRedisRepository({ url, token })),
  stop: stopsWithTheFile,
}));

describeIndexContract(BLOBS, async () => ({
  fresh: (indexes) => createBlobsRepository({ store: blobs.getStore(`content-${++isolation}`), indexes }),
  sameStore: (indexes) => createBlobsRepository({ store: blobs.getStore(`content-${isolation}`), indexes }),
  stop: stopsWithTheFile,
}));

describeIndexContract(REDIS, async () => ({
  fresh: (indexes) =>
    createRedisRepository({ url: redis.url, token: redis.token, keyPrefix: `t${++isolation}`, indexes }),
  sameStore: (indexes) =>
    createRedisRepository({ url: redis.url, token: redis.token, keyPrefix: `t${isolation}`, indexes }),
  stop: stopsWithTheFile,
}));

describeCoordinationContract(REDIS, async () => ({
  fresh: () => createRedisCoordination({ url: redis.url, token: redis.token, keyPrefix: `t${++isolation}` }),
  takeDown: () => deadRedis(({ url, token }) => createRedisCoordination({ url, token })),
  stop: stopsWithTheFile,
}));

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
      const coordination = createRedisCoordination({ url: own.url, token: own.token });
      await repo.ping();
      const wrongToken = createRedisRepository({ url: own.url, token: 'not-the-token' });
      await expect(wrongToken.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      await own.redis.stop();
      await expect(repo.list('career')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(coordination.hit('login', 'x', 5, 60)).rejects.toBeInstanceOf(StoreUnavailableError);
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
