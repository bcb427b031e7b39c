/**
 * Faults (docs/design.md (Quality) "Faults"): a real redis-server crashes mid-run (SIGKILL) and comes back with its
 * append-only file; a real Blobs server holding the images stops and starts again; an image store that accepts
 * connections and never answers. Through all of it the API answers 503 JSON with Retry-After and no internals,
 * no write is left half-done, and everything works again once the backend is back.
 * (Public pages being served during an outage is the e2e suite's concern.)
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_PATHS,
  COLLECTION_KEYS,
  contentFamilies,
  enrollCourseFamily,
  requestFamilies,
  statsFamily,
  type CollectionKey,
} from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { STORE_RETRY_AFTER_SECONDS } from '../../src/server/http/respond.ts';
import { jpegWithExifAndGps } from '../../src/server/images/image-fixtures.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import { createRepositoryFromEnv } from '../../src/server/repository/index.ts';
import { BLOB_STORES, normaliseUnique } from '../../src/server/repository/keys.ts';
import type { Repository, StoredItem } from '../../src/server/repository/port.ts';
import { getStore } from '@netlify/blobs';
import { ADMIN_PASSWORD, body, multipart, startApi, type Api } from '../integration/api-harness.ts';
import {
  blobKeys,
  expectFailureEnvelope,
  startRestartableBlobs,
  startRestartableRedis,
  within,
  type RestartableBlobs,
  type RestartableRedis,
} from './security-harness.ts';

const PREFIX = 'faults';
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

/** The store-outage answer: 503, Retry-After, the generic message, nothing about the backend. */
async function expectUnavailable(response: Response, what: string) {
  expect(response.status, what).toBe(503);
  expect(response.headers.get('retry-after'), what).toBe(String(STORE_RETRY_AFTER_SECONDS));
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect((await expectFailureEnvelope(response)).message).toBe(API.storeUnavailable);
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // Outages are logged as warnings by design; console.error (a defect) still fails the test.
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('Redis crashes mid-run', () => {
  let redis: RestartableRedis;
  let imageServer: RestartableBlobs;
  let api: Api;
  /** Set by a test: the next create of this collection crashes Redis just before it reaches the store. */
  let crashBeforeCreate: CollectionKey | null = null;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await jpegWithExifAndGps(480, 320);
    redis = await startRestartableRedis();
    imageServer = await startRestartableBlobs();
    const env = {
      UPSTASH_REDIS_REST_URL: redis.url,
      UPSTASH_REDIS_REST_TOKEN: redis.token,
      REDIS_KEY_PREFIX: PREFIX,
    };
    const real = createRepositoryFromEnv(env);
    const repository: Repository = {
      ...real,
      async create(collection, fields) {
        if (crashBeforeCreate === collection) {
          crashBeforeCreate = null;
          await redis.crash();
        }
        return real.create(collection, fields);
      },
    };
    api = await startApi({
      env,
      repository: () => repository,
      deps: { images: createImageService({ store: imageServer.imagesStore() }) },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await redis?.stop();
    await imageServer?.stop();
  });

  const backUp = async () => {
    await redis.restart();
    // The gateway reconnects on its own within a second; health says when the store answers again.
    await within(
      (async () => {
        while ((await api.call('/health')).status !== 200)
          await new Promise((resolve) => setTimeout(resolve, 100));
      })(),
      10_000,
      'reconnecting to Redis',
    );
  };

  /** Unique-name claims (normalised name → id) and items of the enrollable courses, straight from Redis. */
  const courseIndex = async () => {
    const claims = (await redis.command(['HGETALL', `${PREFIX}:unique:enrollCourse`])) as string[];
    const items = (await redis.command(['HGETALL', `${PREFIX}:items:enrollCourse`])) as string[];
    const order = (await redis.command(['ZRANGE', `${PREFIX}:order:enrollCourse`, '0', '-1'])) as string[];
    const claimMap = new Map<string, string>();
    for (let i = 0; i + 1 < claims.length; i += 2) claimMap.set(String(claims[i]), String(claims[i + 1]));
    const itemMap = new Map<string, StoredItem>();
    for (let i = 0; i + 1 < items.length; i += 2)
      itemMap.set(String(items[i]), JSON.parse(String(items[i + 1])) as StoredItem);
    return { claims: claimMap, items: itemMap, order: order.map(String).sort() };
  };

  /** Every item has its claim and its place in the order; every claim belongs to an item with that name. */
  const expectConsistentCourses = async () => {
    const { claims, items, order } = await courseIndex();
    expect(order).toEqual([...items.keys()].sort());
    for (const [id, item] of items) expect(claims.get(normaliseUnique(item.courseName))).toBe(id);
    for (const [name, id] of claims) expect(normaliseUnique(items.get(id)?.courseName)).toBe(name);
    return { claims, items };
  };

  it('answers 503 JSON with Retry-After everywhere while Redis is down, then works again with nothing lost', async () => {
    const seeded = await api.admin(contentFamilies.homeCourse.path, {
      method: 'POST',
      json: { title: 'Before the outage', description: 'Kept.' },
    });
    expect(seeded.status).toBe(201);
    const seededId = ((await body(seeded)).data as StoredItem)._id;
    expect((await api.admin(statsFamily.path, { method: 'PUT', json: { totalCourses: 4 } })).status).toBe(
      200,
    );

    await redis.crash();
    const started = performance.now();
    const publicReads = [
      // A staff-only family (certificates) has no public read: it answers 401 before it asks the store.
      ...Object.values(contentFamilies)
        .filter((family) => !family.staffOnly)
        .map((family) => family.path),
      enrollCourseFamily.path,
      statsFamily.path,
    ];
    for (const path of publicReads) await expectUnavailable(await api.call(path), `GET ${path}`);
    const writes: [string, Parameters<Api['admin']>[1]][] = [
      [contentFamilies.homeCourse.path, { method: 'POST', json: { title: 'T', description: 'D' } }],
      [
        `${contentFamilies.homeCourse.path}/${seededId}`,
        { method: 'PUT', json: { title: 'T', description: 'D' } },
      ],
      [`${contentFamilies.homeCourse.path}/${seededId}`, { method: 'DELETE' }],
      [statsFamily.path, { method: 'PUT', json: { totalCourses: 9 } }],
      [enrollCourseFamily.path, { method: 'POST', json: { courseName: 'During the outage' } }],
      [requestFamilies.contact.path, {}],
    ];
    for (const [path, options] of writes) {
      await expectUnavailable(await api.admin(path, options), `${options?.method ?? 'GET'} ${path}`);
    }
    const submission = await api.call(requestFamilies.contact.path, {
      method: 'POST',
      json: { name: 'A', email: 'a@example.in', phone: '9876543210', message: 'Hi' },
      ip: freshIp(),
    });
    await expectUnavailable(submission, 'contact submission');
    await expectUnavailable(
      await api.call(AUTH_PATHS.login, { method: 'POST', json: { password: ADMIN_PASSWORD }, ip: freshIp() }),
      'login',
    );
    const health = await api.call('/health');
    expect(health.status).toBe(503);
    expect(await body(health)).toMatchObject({ status: 'unavailable', store: 'redis' });
    // Every answer came quickly: an outage is a prompt 503, never a hung request.
    expect(performance.now() - started).toBeLessThan(15_000);

    await backUp();
    const listed = (await body(await api.call(contentFamilies.homeCourse.path))).data as StoredItem[];
    expect(listed.map((item) => item.title)).toEqual(['Before the outage']);
    expect((await body(await api.call(statsFamily.path))).data).toEqual({ totalCourses: 4 });
    expect(
      (
        await api.admin(contentFamilies.homeCourse.path, {
          method: 'POST',
          json: { title: 'After', description: 'D' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.call(AUTH_PATHS.login, {
          method: 'POST',
          json: { password: ADMIN_PASSWORD },
          ip: freshIp(),
        })
      ).status,
    ).toBe(200);
  });

  it('a course add cut off by the crash leaves neither the item nor its unique-name claim', async () => {
    crashBeforeCreate = 'enrollCourse';
    await expectUnavailable(
      await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'Cut Off' } }),
      'course add during the crash',
    );
    await backUp();
    const { claims } = await expectConsistentCourses();
    expect(claims.has(normaliseUnique('Cut Off'))).toBe(false);
    // The name is free: the same add now succeeds exactly once.
    expect(
      (await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'Cut Off' } })).status,
    ).toBe(201);
    expect(
      (await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'cut off' } })).status,
    ).toBe(400);
  });

  it('a burst of course adds with a crash in the middle: every 201 is stored, items and claims agree', async () => {
    const names = Array.from({ length: 24 }, (_, index) => `Burst Course ${index}`);
    let answered = 0;
    // Asserted, not annotated: it is set inside the callbacks below, and an annotated `null` would be narrowed to
    // `null` at the `await`, as if nothing were awaited there.
    let crashed = null as Promise<void> | null;
    const outcomes = await Promise.all(
      names.map(async (courseName, index) => {
        // Stagger the sends, so some land before the crash, some during, some after.
        await new Promise((resolve) => setTimeout(resolve, index * 5));
        const response = await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName } });
        answered += 1;
        if (answered === 6) crashed = redis.crash();
        return { courseName, status: response.status };
      }),
    );
    await crashed;
    expect(outcomes.every(({ status }) => status === 201 || status === 503)).toBe(true);
    expect(outcomes.filter(({ status }) => status === 201).length).toBeGreaterThanOrEqual(6);
    await backUp();
    const { items } = await expectConsistentCourses();
    const stored = new Set([...items.values()].map((item) => item.courseName));
    for (const { courseName, status } of outcomes) if (status === 201) expect(stored).toContain(courseName);
  });

  it('an upload whose item write is cut off by the crash leaves no image blob behind', async () => {
    const before = await blobKeys(imageServer.imagesStore());
    crashBeforeCreate = 'homeService';
    await expectUnavailable(
      await api.admin(contentFamilies.homeService.path, {
        method: 'POST',
        form: multipart({ title: 'Cut off', description: 'D' }, { bytes: photo }),
      }),
      'upload during the crash',
    );
    expect(await blobKeys(imageServer.imagesStore())).toEqual(before);
    await backUp();
    expect(await api.repository.count('homeService')).toBe(0);
    const retried = await api.admin(contentFamilies.homeService.path, {
      method: 'POST',
      form: multipart({ title: 'Retried', description: 'D' }, { bytes: photo }),
    });
    expect(retried.status).toBe(201);
    expect((await blobKeys(imageServer.imagesStore())).length).toBeGreaterThan(before.length);
  });
});

describe('the Blobs store holding the images stops', () => {
  let imageServer: RestartableBlobs;
  let api: Api;

  beforeAll(async () => {
    imageServer = await startRestartableBlobs();
    api = await startApi({ deps: { images: createImageService({ store: imageServer.imagesStore() }) } });
  });
  afterAll(async () => {
    await api?.stop();
    await imageServer?.stop();
  });

  const upload = (title: string, bytes: Buffer) =>
    api.admin(contentFamilies.career.path, {
      method: 'POST',
      form: multipart({ title, description: 'D', points: ['p'] }, { bytes }),
    });

  it('uploads and image reads answer 503 while it is down; after a restart both work and nothing was half-stored', async () => {
    const first = await upload('Before', await jpegWithExifAndGps(480, 320));
    expect(first.status).toBe(201);
    const stored = String(((await body(first)).data as StoredItem).image);
    const before = await Promise.all(COLLECTION_KEYS.map((key) => api.repository.list(key)));

    await imageServer.down();
    await expectUnavailable(await upload('During', await jpegWithExifAndGps(482, 320)), 'upload');
    await expectUnavailable(await api.call(`/uploads/careers/${stored}`), 'image read');
    // The content store is up: the refused upload created no item.
    expect(await Promise.all(COLLECTION_KEYS.map((key) => api.repository.list(key)))).toEqual(before);

    await imageServer.up();
    expect((await api.call(`/uploads/careers/${stored}`)).status).toBe(200);
    const after = await upload('After', await jpegWithExifAndGps(484, 320));
    expect(after.status).toBe(201);
    const image = String(((await body(after)).data as StoredItem).image);
    expect((await api.call(`/uploads/careers/${image}`)).status).toBe(200);
  });
});

describe('an image store that accepts connections and never answers', () => {
  let blackHole: Server;
  const sockets = new Set<Socket>();
  let api: Api;

  beforeAll(async () => {
    blackHole = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const address = blackHole.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const edgeURL = `http://127.0.0.1:${address.port}`;
    const store = getStore({
      name: BLOB_STORES.images,
      siteID: 'hung',
      token: 't',
      edgeURL,
      uncachedEdgeURL: edgeURL,
      consistency: 'strong',
    });
    api = await startApi({ deps: { images: createImageService({ store, timeoutMs: 500 }) } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole?.close(resolve));
    await api?.stop();
  });

  it('turns the hang into a prompt 503 (a deadline per operation), storing no item', async () => {
    const started = performance.now();
    const response = await within(
      api.admin(contentFamilies.career.path, {
        method: 'POST',
        form: multipart(
          { title: 'Hung', description: 'D', points: ['p'] },
          { bytes: await jpegWithExifAndGps(480, 320) },
        ),
      }),
      5_000,
      'an upload to a hung image store',
    );
    await expectUnavailable(response, 'upload to a hung store');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(await api.repository.count('career')).toBe(0);
    await expectUnavailable(
      await within(api.call('/uploads/careers/0123456789abcdef0123456789abcdef.webp'), 5_000, 'read'),
      'image read',
    );
  });
});
