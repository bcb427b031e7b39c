/**
 * Shared parts of the security suite: whole-store snapshots, a seeded store (so a bypass of any guard would
 * visibly change something), and backends that can be taken down and brought back mid-run (a redis-server with
 * an append-only file that survives a crash, a Netlify Blobs server restarted on its own port and directory).
 */
import { requestExample } from '../support/request-examples.ts';
import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { expect } from 'vitest';
import {
  COLLECTION_KEYS,
  contentFamilies,
  enrollCourseFamily,
  requestFamilies,
  settingsFamily,
  settingsRevisionsPath,
  statsFamily,
} from '../../src/lib/collections.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { BLOB_STORES } from '../../src/server/repository/keys.ts';
import type { Repository, StoredItem } from '../../src/server/repository/port.ts';
import { startUpstashGateway, type UpstashGateway } from '../../scripts/dev/upstash-gateway.ts';
import { jpegWithExifAndGps } from '../../src/server/images/image-fixtures.ts';
import { body, multipart, type Api } from '../integration/api-harness.ts';
import { freePort } from '../../scripts/dev/ports.ts';
import { answersPing } from '../support/redis-server.ts';
import type { TestBlobsServer } from '../support/blobs-server.ts';
import { sampleInput } from '../support/family-samples.ts';

/**
 * Every collection in full (in order), content histories, the trash, the stats document and the site settings
 * with their history: equal snapshots mean nothing was written. The settings (issue 12.7) appear only once
 * stored, so a snapshot of a store without them reads exactly as before they existed.
 */
export async function snapshotStore(repository: Repository) {
  const collections: Record<string, StoredItem[]> = {};
  const revisions: Record<string, unknown> = {};
  for (const key of COLLECTION_KEYS) {
    if (key === settingsFamily.key) continue;
    collections[key] = await repository.list(key);
    // Content histories and the trash are stored state too (issue 12): a refused request changes neither.
    if (key in contentFamilies)
      for (const item of collections[key]) revisions[item._id] = await repository.revisions(key, item._id);
  }
  const settings = await Promise.all(
    (await repository.list(settingsFamily.key)).map(async (item) => ({
      item,
      revisions: await repository.revisions(settingsFamily.key, item._id),
    })),
  );
  return {
    collections,
    revisions,
    trash: await repository.listTrash(),
    stats: await repository.getDocument('stats'),
    ...(settings.length > 0 ? { settings } : {}),
  };
}

/**
 * Keys that change on requests that store nothing: a session per signed-in test request (the harness signs
 * each one in) and the rate limiter's hits, which count refused requests too.
 */
const CHANGING_PER_REQUEST = /^[^/]+\/[^/]+\/(?:items\/sessions\/|ratelimit\/)/;

/**
 * Every blob of every store on a test Blobs server, as `site/store/key` → a digest of its bytes and of its
 * metadata, read from the server's own files: one directory walk instead of an HTTP round trip per collection,
 * item and revision (snapshotStore), and exact to the byte (the local server's ETags come from a millisecond
 * mtime). Covers what snapshotStore covers and more (accounts, claims, order, leases and flags, images).
 * Equal fingerprints mean nothing was written, except CHANGING_PER_REQUEST.
 */
export function blobsFingerprint(blobs: TestBlobsServer): Record<string, string> {
  /**
   * `site/store/key` → a digest of the bytes of every file under `root` (the server's data or metadata). Read
   * synchronously: a few hundred small files take a few milliseconds, where queueing them on libuv's four
   * threads behind the servers' own file work took ten times as long.
   */
  const digests = (root: string) => {
    if (!existsSync(root)) return new Map<string, string>();
    const keys = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      // The local server writes a dot-named temporary file and renames it; none is left once writes are done.
      .filter(
        (key) => !key.split('/').some((part) => part.startsWith('.')) && !CHANGING_PER_REQUEST.test(key),
      );
    return new Map(
      keys.map((key) => [
        key,
        createHash('sha256')
          .update(readFileSync(join(root, key)))
          .digest('base64'),
      ]),
    );
  };
  const data = digests(join(blobs.directory, 'entries'));
  const metadata = digests(join(blobs.directory, 'metadata'));
  return Object.fromEntries(
    [...data.keys()].sort().map((key) => [key, `${data.get(key)} ${metadata.get(key) ?? '-'}`]),
  );
}

/** Every key of a Blobs store, sorted. */
export const blobKeys = async (store: Store) => (await store.list()).blobs.map((blob) => blob.key).sort();

export interface SeededIds {
  content: Record<keyof typeof contentFamilies, string>;
  requests: Record<keyof typeof requestFamilies, string>;
  enrollCourse: string;
  /** A restorable older version of each content item. */
  revisions: Record<keyof typeof contentFamilies, string>;
  /** An item in the trash. */
  trashed: { family: string; id: string };
  /** A restorable earlier version of the site settings (issue 12.7). */
  settingsRevision: string;
}

/** One item of every family (with images where the family has them), so every guarded route has a target. */
export async function seedEveryFamily(api: Api): Promise<SeededIds> {
  const photo = await jpegWithExifAndGps(480, 320);
  const content = {} as SeededIds['content'];
  // In registry order: a reference finds the item seeded before it (a course's trainer, a batch's course).
  const refer = (to: string) => (content as Record<string, string>)[to];
  for (const family of Object.values(contentFamilies)) {
    const response = await api.admin(family.path, {
      method: 'POST',
      ...(family.multipart
        ? { form: multipart(sampleInput(family, 'Seeded', refer), { bytes: photo }) }
        : { json: sampleInput(family, 'Seeded', refer) }),
    });
    expect(response.status, family.key).toBe(201);
    content[family.key] = ((await body(response)).data as StoredItem)._id;
  }
  const course = await api.admin(enrollCourseFamily.path, {
    method: 'POST',
    json: { courseName: 'Seeded Course' },
  });
  expect(course.status).toBe(201);
  const enrollCourse = ((await body(course)).data as StoredItem)._id;
  expect((await api.admin(statsFamily.path, { method: 'PUT', json: { totalCourses: 7 } })).status).toBe(200);
  const person = { name: 'Seeded Person', email: 'seed@example.in', phone: '9876543210' };
  for (const key of Object.keys(requestFamilies) as (keyof typeof requestFamilies)[]) {
    const json = requestExample(key, person, 'Seeded Course');
    const response = await api.call(requestFamilies[key].path, { method: 'POST', json, ip: '192.0.2.250' });
    expect(response.status, key).toBe(201);
  }
  const requests = {} as SeededIds['requests'];
  for (const key of Object.keys(requestFamilies) as (keyof typeof requestFamilies)[]) {
    const [item] = await api.repository.list(key);
    if (!item) throw new Error(`seeding ${key} stored nothing`);
    requests[key] = item._id;
  }
  // One version in every content item's history (a restore target) and one item in the trash.
  const revisions = {} as SeededIds['revisions'];
  for (const family of Object.values(contentFamilies)) {
    const id = content[family.key];
    const edit = { ...sampleInput(family, 'Seeded', refer), [family.titleField]: 'Seeded, edited' };
    const response = await api.admin(`${family.path}/${id}`, {
      method: 'PUT',
      ...(family.multipart ? { form: multipart(edit) } : { json: edit }),
    });
    expect(response.status, family.key).toBe(200);
    const [, original] = await api.repository.revisions(family.key, id);
    if (!original) throw new Error(`seeding ${family.key} kept no history`);
    revisions[family.key] = original.rev;
  }
  const doomed = await api.admin(contentFamilies.homeCourse.path, {
    method: 'POST',
    json: sampleInput(contentFamilies.homeCourse, 'Trashed'),
  });
  const trashed = { family: 'homeCourse', id: ((await body(doomed)).data as StoredItem)._id };
  expect(
    (await api.admin(`${contentFamilies.homeCourse.path}/${trashed.id}`, { method: 'DELETE' })).status,
  ).toBe(200);
  // Site settings saved once: stored, with the seed as a restorable earlier version.
  const settings = await api.admin(settingsFamily.path, {
    method: 'PUT',
    json: { ...SITE_SETTINGS_SEED, phone: '+91 91234 56789' },
  });
  expect(settings.status).toBe(200);
  const versions = (await body(await api.admin(settingsRevisionsPath))).data as { rev: string }[];
  const settingsRevision = versions.at(-1)?.rev;
  if (!settingsRevision) throw new Error('seeding the site settings kept no history');
  return { content, requests, enrollCourse, revisions, trashed, settingsRevision };
}

/** Asserts the failure envelope: JSON `{ success: false, message }`, no stack or internals in the text. */
export async function expectFailureEnvelope(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await response.text();
  const parsed = JSON.parse(text) as { success: unknown; message: unknown };
  expect(parsed.success).toBe(false);
  expect(typeof parsed.message).toBe('string');
  expect(String(parsed.message).length).toBeGreaterThan(0);
  expect(text).not.toMatch(/\bat .+:\d+:\d+|node_modules|Error:|ECONNREFUSED|redis|blobs/i);
  return parsed as { success: false; message: string; errors?: Record<string, string> };
}

/**
 * A redis-server that can crash and come back on the same port with its data: every write is appended and
 * fsynced before Redis answers, as a production Redis with persistence would keep it.
 */
export interface RestartableRedis {
  url: string;
  token: string;
  /** SIGKILL: an abrupt outage, no graceful shutdown. */
  crash(): Promise<void>;
  restart(): Promise<void>;
  /** Runs a raw command against Redis itself (bypassing the gateway). */
  command(args: string[]): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startRestartableRedis(): Promise<RestartableRedis> {
  const directory = await mkdtemp(join(tmpdir(), 'redis-security-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const launch = async () => {
    const started = spawn(
      process.env.REDIS_SERVER_BIN ?? 'redis-server',
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--dir', directory, '--save', ''],
        ...['--appendonly', 'yes', '--appendfsync', 'always', '--daemonize', 'no', '--loglevel', 'warning'],
      ],
      { stdio: 'ignore' },
    );
    child = started;
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await answersPing(port)) return;
      if (started.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on ${port}`);
  };
  const kill = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill(signal);
    });
  await launch();
  const token = randomBytes(16).toString('hex');
  const gateway: UpstashGateway = await startUpstashGateway({ redisUrl: `redis://127.0.0.1:${port}`, token });

  const { createClient } = await import('redis');
  return {
    url: gateway.url,
    token,
    crash: () => kill('SIGKILL'),
    restart: launch,
    async command(args) {
      const client = createClient({ url: `redis://127.0.0.1:${port}`, RESP: 2 });
      await client.connect();
      try {
        return await client.sendCommand(args);
      } finally {
        await client.close();
      }
    },
    async stop() {
      await gateway.close();
      await kill('SIGTERM');
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A Netlify Blobs server that can stop and start again on the same port, keeping its files. */
export interface RestartableBlobs {
  /** The images store, as the image service would open it on Netlify. */
  imagesStore(): Store;
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRestartableBlobs(): Promise<RestartableBlobs> {
  const directory = await mkdtemp(join(tmpdir(), 'blobs-security-'));
  const token = randomBytes(16).toString('hex');
  const port = await freePort();
  let server: BlobsServer | null = null;
  const up = async () => {
    server = new BlobsServer({ directory, token, port });
    await server.start();
  };
  const down = async () => {
    const running = server;
    server = null;
    await running?.stop();
  };
  await up();
  const edgeURL = `http://127.0.0.1:${port}`;
  return {
    imagesStore: () =>
      getStore({
        name: BLOB_STORES.images,
        siteID: 'security',
        token,
        edgeURL,
        uncachedEdgeURL: edgeURL,
        consistency: 'strong',
      }),
    down,
    up,
    async stop() {
      await down();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Resolves after `ms`; tests use it only to bound a wait, never to order events. */
export const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)),
  ]);
