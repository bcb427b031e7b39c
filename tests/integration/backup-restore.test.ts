/**
 * Issue 14: backup → wipe → restore on both store kinds (and from one kind into the other) answers every public
 * and admin GET exactly as before, with every picture byte-identical; a damaged archive is refused with the store
 * unchanged. Real backends throughout: Netlify's local Blobs server and redis-server behind the Upstash gateway.
 */
import type { Store } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_KEYS,
  contentFamilies,
  csvPath,
  enrollCourseFamily,
  exportPath,
  requestFamilies,
  statsFamily,
} from '../../src/lib/collections.ts';
import { BACKUP_PATH } from '../../src/lib/constants.ts';
import { IMAGE_FOLDERS } from '../../src/lib/families.ts';
import { MARKDOWN_PICTURES_PATH } from '../../src/lib/markdown-pictures.ts';
import { jpegWithExifAndGps } from '../../src/server/images/image-fixtures.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import { createImageStore, type ImageBlobStore } from '../../src/server/images/image-store.ts';
import { packArchiveToBuffer, unpackArchive } from '../../src/server/migration/archive.ts';
import {
  BACKUP_VERSION,
  backupBuffer,
  collectBackup,
  MANIFEST_PATH,
  type BackupManifest,
} from '../../src/server/migration/backup.ts';
import { restoreBackup, RestoreRefusedError } from '../../scripts/migration/restore.ts';
import { createCoordinationFromEnv, createRepositoryFromEnv } from '../../src/server/repository/index.ts';
import { createDeps } from '../../src/server/deps.ts';
import { runScheduledEnquiries } from '../../src/server/enquiries/scheduled.ts';
import { BLOB_STORES } from '../../src/server/repository/keys.ts';
import { startBlobsServer, type TestBlobsServer } from '../support/blobs-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../support/redis-server.ts';
import { blobKeys, seedEveryFamily, snapshotStore } from '../security/security-harness.ts';
import { multipart, startApi, type Api } from './api-harness.ts';

interface Site {
  api: Api;
  imagesStore: Store;
  images: ImageBlobStore;
}

let redis: RedisWithGateway;
let imagesServer: TestBlobsServer;
const sites = {} as Record<'blobs' | 'redis', Site>;
let prefix = 0;

async function startSite(backend: 'blobs' | 'redis'): Promise<Site> {
  const imagesStore = imagesServer.getStore(`${BLOB_STORES.images}-${backend}-${++prefix}`);
  const env =
    backend === 'redis'
      ? {
          UPSTASH_REDIS_REST_URL: redis.url,
          UPSTASH_REDIS_REST_TOKEN: redis.token,
          REDIS_KEY_PREFIX: `rt${prefix}`,
        }
      : {};
  const api = await startApi({
    env,
    ...(backend === 'redis' ? { repository: () => createRepositoryFromEnv(env) } : {}),
    deps: { images: createImageService({ store: imagesStore }) },
  });
  return { api, imagesStore, images: createImageStore(imagesStore) };
}

/** Seeds every family through the API, plus enquiries in Hindi and with emoji, and a second page of requests. */
async function seed(site: Site) {
  await seedEveryFamily(site.api);
  // A picture in a markdown body (issue 24): in its own folder, held by no item's image field.
  const picture = await site.api.admin(MARKDOWN_PICTURES_PATH, {
    method: 'POST',
    form: multipart({}, { bytes: await jpegWithExifAndGps(360, 240) }),
  });
  expect(picture.status).toBe(201);
  const person = { email: 'asha@example.in', phone: '+91 99887 76655' };
  for (let index = 0; index < 3; index++) {
    site.api.clock.advance(1_000);
    const response = await site.api.call(requestFamilies.contact.path, {
      method: 'POST',
      json: { ...person, name: `आशा ${index}`, message: `नमस्ते 👋 ${index}` },
      ip: `198.51.100.${index + 1}`,
    });
    expect(response.status).toBe(201);
  }
}

/** Every GET the public site and the admin make, with its status, type and body. */
async function answers(site: Site) {
  const { api } = site;
  const paths: { path: string; admin: boolean }[] = [
    ...Object.values(contentFamilies).flatMap((family) => [
      { path: family.path, admin: false },
      { path: csvPath(family), admin: true },
    ]),
    { path: enrollCourseFamily.path, admin: false },
    { path: statsFamily.path, admin: false },
    ...Object.values(requestFamilies).flatMap((family) => [
      { path: family.path, admin: true },
      { path: `${family.path}?limit=2`, admin: true },
      { path: exportPath(family.key), admin: true },
    ]),
  ];
  const [firstPage] = (await api.repository.listPage('contact', { limit: 2 })).items.slice(-1);
  paths.push({ path: `${requestFamilies.contact.path}?limit=2&cursor=${firstPage?._id}`, admin: true });
  for (const key of await blobKeys(site.imagesStore)) paths.push({ path: `/uploads/${key}`, admin: false });
  const result: Record<string, { status: number; type: string | null; body: string }> = {};
  for (const { path, admin } of paths) {
    const response = admin ? await api.admin(path) : await api.call(path);
    const bytes = Buffer.from(await response.arrayBuffer());
    result[path] = {
      status: response.status,
      type: response.headers.get('content-type'),
      body: bytes.toString(response.headers.get('content-type')?.startsWith('image/') ? 'base64' : 'utf8'),
    };
  }
  return result;
}

async function pictureBytes(site: Site) {
  const out: Record<string, string> = {};
  for (const key of await blobKeys(site.imagesStore)) {
    const blob = await site.imagesStore.get(key, { type: 'arrayBuffer' });
    out[key] = Buffer.from(blob).toString('base64');
  }
  return out;
}

async function wipe(site: Site) {
  for (const key of COLLECTION_KEYS)
    for (const item of await site.api.repository.list(key)) await site.api.repository.delete(key, item._id);
  await site.api.repository.setDocument('stats', { totalCourses: 0 });
  await site.imagesStore.deleteAll();
  // Something written after the backup, that the restore must not keep.
  await site.api.repository.create('homeCourse', {
    title: 'Written later',
    description: 'Not in the backup',
  });
}

const state = async (site: Site) => ({
  store: await snapshotStore(site.api.repository),
  images: await pictureBytes(site),
});

const takeBackup = async (site: Site) =>
  backupBuffer(await collectBackup(site.api.repository, site.images, site.api.clock.now));

beforeAll(async () => {
  [redis, imagesServer] = await Promise.all([startRedisWithGateway(), startBlobsServer()]);
  for (const backend of ['blobs', 'redis'] as const) {
    sites[backend] = await startSite(backend);
    await seed(sites[backend]);
  }
}, 120_000);
afterAll(async () => {
  for (const site of Object.values(sites)) await site.api.stop();
  await Promise.all([redis?.stop(), imagesServer?.stop()]);
});

describe.each(['blobs', 'redis'] as const)('backup and restore on %s', (backend) => {
  it('seed → backup → wipe → restore: every GET answers as before, every picture byte-identical', async () => {
    const site = sites[backend];
    const before = { answers: await answers(site), pictures: await pictureBytes(site) };
    // One picture per folder (content-addressed, shared by the families of a folder).
    expect(Object.keys(before.pictures)).toHaveLength(IMAGE_FOLDERS.length);
    // The owner's download from the admin is the archive restored here.
    expect((await site.api.call(BACKUP_PATH)).status).toBe(401);
    const download = await site.api.admin(BACKUP_PATH);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="delta-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz"$/,
    );
    const archive = new Uint8Array(await download.arrayBuffer());
    expect(archive).toEqual(new Uint8Array(await takeBackup(site)));

    const files = await unpackArchive(archive);
    const manifest = JSON.parse(files.get(MANIFEST_PATH)!.toString()) as BackupManifest;
    expect(manifest).toMatchObject({ format: 'delta-site-backup', version: BACKUP_VERSION, backend });
    expect(manifest.counts.collections).toMatchObject({ contact: 4, enroll: 1, enrollCourse: 1, career: 1 });
    expect(manifest.counts.images).toBe(Object.keys(before.pictures).length);
    expect(manifest.entries.map((entry) => entry.path).sort()).toEqual(
      [...files.keys()].filter((p) => p !== MANIFEST_PATH).sort(),
    );

    await wipe(site);
    expect(await answers(site)).not.toEqual(before.answers);

    const publishes: string[][] = [];
    const report = await restoreBackup(archive, {
      repository: site.api.repository,
      images: site.images,
      publish: async (tags) => void publishes.push(tags),
    });
    expect(report.rows.find((row) => row.name === 'homeCourse')).toEqual({
      name: 'homeCourse',
      inBackup: 1,
      before: 1,
      removed: 1,
    });
    expect(publishes).toHaveLength(1);
    expect(await pictureBytes(site)).toEqual(before.pictures);
    expect(await answers(site)).toEqual(before.answers);
    // Restoring the same backup again changes nothing.
    await restoreBackup(archive, { repository: site.api.repository, images: site.images });
    expect(await answers(site)).toEqual(before.answers);
  }, 120_000);

  it('refuses a tampered, truncated or foreign archive and leaves the store exactly as it was', async () => {
    const site = sites[backend];
    const archive = await takeBackup(site);
    const files = await unpackArchive(archive);
    const repack = (change: (files: Map<string, Buffer>) => void) => {
      const copy = new Map([...files].map(([path, bytes]) => [path, Buffer.from(bytes)]));
      change(copy);
      return packArchiveToBuffer(
        [...copy].map(([path, bytes]) => ({ path, bytes })),
        new Date(0),
      );
    };
    const picture = [...files.keys()].find((path) => path.startsWith('images/'))!;
    const cases: [string, Uint8Array, RegExp][] = [
      [
        'one flipped byte in a picture',
        await repack((f) => {
          const bytes = f.get(picture)!;
          bytes[100] = (bytes[100] ?? 0) ^ 1;
        }),
        /does not match its checksum/,
      ],
      [
        'an edited enquiry',
        await repack((f) =>
          f.set(
            'collections/contact.json',
            Buffer.from(f.get('collections/contact.json')!.toString().replace('आशा 1', 'Mallory')),
          ),
        ),
        /collections\/contact\.json does not match its checksum/,
      ],
      [
        'a missing entry',
        await repack((f) => void f.delete('collections/career.json')),
        /collections\/career\.json is listed in the manifest but missing/,
      ],
      [
        'an extra file',
        await repack((f) => void f.set('images/content/evil.webp', Buffer.from('x'))),
        /images\/content\/evil\.webp is not listed/,
      ],
      ['no manifest', await repack((f) => void f.delete(MANIFEST_PATH)), /has no manifest\.json/],
      [
        'a newer format',
        await repack((f) =>
          f.set(
            MANIFEST_PATH,
            Buffer.from(
              f.get(MANIFEST_PATH)!.toString().replace(`"version": ${BACKUP_VERSION}`, '"version": 9'),
            ),
          ),
        ),
        /format version 9/,
      ],
      ['a truncated file', archive.subarray(0, Math.floor(archive.length / 2)), /damaged or truncated/],
      [
        'a flipped byte in the gzip stream',
        Buffer.from(archive).fill(0x55, 200, 210),
        /damaged or truncated/,
      ],
      ['not an archive', Buffer.from('PK\u0003\u0004 this is a zip file'), /damaged or truncated/],
    ];
    const before = await state(site);
    for (const [label, bad, message] of cases) {
      const attempt = restoreBackup(bad, { repository: site.api.repository, images: site.images });
      await expect(attempt, label).rejects.toBeInstanceOf(RestoreRefusedError);
      await expect(attempt, label).rejects.toThrow(message);
    }
    expect(await state(site)).toEqual(before);
    // A dry run of a good archive verifies and reports, and writes nothing either.
    await site.api.repository.create('contact', {
      name: 'After the backup',
      email: 'a@example.in',
      phone: '9000000001',
      message: 'x',
    });
    const mid = await state(site);
    const dry = await restoreBackup(archive, {
      repository: site.api.repository,
      images: site.images,
      dryRun: true,
    });
    expect(dry.rows.find((row) => row.name === 'contact')).toEqual({
      name: 'contact',
      inBackup: 4,
      before: 5,
      removed: 1,
    });
    expect(await state(site)).toEqual(mid);
    await restoreBackup(archive, { repository: site.api.repository, images: site.images });
    expect(await state(site)).toEqual(before);
  }, 120_000);
});

describe.each(['blobs', 'redis'] as const)('an archive older than a family, on %s', (backend) => {
  it('restores with the family it predates empty, and everything else as backed up', async () => {
    const site = sites[backend];
    const archive = await takeBackup(site);
    const files = await unpackArchive(archive);
    // The careers family stands in for one added after the backup was taken: no file, no entry, no count.
    const later = 'career';
    const manifest = JSON.parse(files.get(MANIFEST_PATH)!.toString()) as BackupManifest;
    expect(manifest.counts.collections[later]).toBeGreaterThan(0);
    const { [later]: _dropped, ...counts } = manifest.counts.collections;
    // Not a BackupManifest of today: an older one lacks the family its count would name.
    const older = {
      ...manifest,
      counts: { ...manifest.counts, collections: counts },
      entries: manifest.entries.filter((entry) => entry.path !== `collections/${later}.json`),
    };
    files.delete(`collections/${later}.json`);
    files.set(MANIFEST_PATH, Buffer.from(JSON.stringify(older, null, 2)));
    const olderArchive = await packArchiveToBuffer(
      [...files].map(([path, bytes]) => ({ path, bytes })),
      new Date(0),
    );
    const before = await snapshotStore(site.api.repository);

    const report = await restoreBackup(olderArchive, {
      repository: site.api.repository,
      images: site.images,
    });

    expect(report.rows.find((row) => row.name === later)).toMatchObject({ inBackup: 0, removed: 1 });
    expect(await site.api.repository.list(later)).toEqual([]);
    const after = await snapshotStore(site.api.repository);
    const without = (collections: typeof before.collections) => ({ ...collections, [later]: [] });
    expect(without(after.collections)).toEqual(without(before.collections));
    expect(after.stats).toEqual(before.stats);
    // Back to the full backup for the tests that follow.
    await restoreBackup(archive, { repository: site.api.repository, images: site.images });
    expect(await snapshotStore(site.api.repository)).toEqual(before);
  }, 120_000);
});

describe.each(['blobs', 'redis'] as const)('unique values moving between items, on %s', (backend) => {
  it('restores two items that swapped course names since the backup (each held the other’s)', async () => {
    const site = sites[backend];
    const repo = site.api.repository;
    const java = await repo.create(enrollCourseFamily.key, { courseName: 'Swap Java' });
    const python = await repo.create(enrollCourseFamily.key, { courseName: 'Swap Python' });
    const archive = await takeBackup(site);
    const before = await snapshotStore(repo);
    // Swapped through a third name, as staff would have to.
    await repo.update(enrollCourseFamily.key, java._id, { courseName: 'Swap Temp' });
    await repo.update(enrollCourseFamily.key, python._id, { courseName: 'Swap Java' });
    await repo.update(enrollCourseFamily.key, java._id, { courseName: 'Swap Python' });

    await restoreBackup(archive, { repository: repo, images: site.images });

    const names = async () =>
      Object.fromEntries(
        (await repo.list(enrollCourseFamily.key)).map((item) => [item._id, item.courseName]),
      );
    expect(await names()).toMatchObject({ [java._id]: 'Swap Java', [python._id]: 'Swap Python' });
    // The names are claimed by their items again: a third item may take neither.
    await expect(repo.create(enrollCourseFamily.key, { courseName: 'swap java' })).rejects.toMatchObject({
      name: 'UniqueConflictError',
    });
    expect((await snapshotStore(repo)).collections).toEqual(before.collections);
  }, 120_000);
});

describe.each(['blobs', 'redis'] as const)('request indexes through a restore, on %s', (backend) => {
  it('pages the status filter as backed up after statuses changed, a request was trashed and one added', async () => {
    const site = sites[backend];
    const repo = site.api.repository;
    const tag = `Indexed ${backend}`;
    const request = (name: string) => ({ name, email: 'i@example.in', phone: '9000000002', message: 'x' });
    const kept = await repo.create('contact', { ...request(`${tag} kept`), status: 'new' });
    const moved = await repo.create('contact', { ...request(`${tag} moved`), status: 'new' });
    const trashed = await repo.create('contact', { ...request(`${tag} trashed`), status: 'new' });
    const archive = await takeBackup(site);
    const newOnes = async () => {
      const response = await site.api.admin(`${requestFamilies.contact.path}?status=new&limit=500`);
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { _id: string; name: string }[] };
      return data.filter((item) => item.name.startsWith(tag)).map((item) => item._id);
    };
    expect(await newOnes()).toEqual([trashed._id, moved._id, kept._id]);
    await repo.update('contact', moved._id, { status: 'closed' });
    await repo.trash('contact', trashed._id, new Date().toISOString());
    const added = await repo.create('contact', { ...request(`${tag} added`), status: 'new' });
    expect(await newOnes()).toEqual([added._id, kept._id]);

    await restoreBackup(archive, { repository: repo, images: site.images });

    expect(await newOnes()).toEqual([trashed._id, moved._id, kept._id]);
    expect(await repo.countBy('contact', { field: 'status', value: 'closed' })).toBe(
      (await repo.list('contact')).filter((item) => item.status === 'closed').length,
    );
  }, 120_000);
});

describe('moving between store kinds', () => {
  it('a Blobs backup restored into Redis (and back) answers every GET as the source did', async () => {
    for (const [from, to] of [
      ['blobs', 'redis'],
      ['redis', 'blobs'],
    ] as const) {
      const target = await startSite(to);
      try {
        const source = sites[from];
        target.api.clock.now = source.api.clock.now;
        const expected = await answers(source);
        await restoreBackup(await takeBackup(source), {
          repository: target.api.repository,
          images: target.images,
        });
        expect(target.api.repository.backend).toBe(to);
        expect(await answers(target), `${from} → ${to}`).toEqual(expected);
        expect(await pictureBytes(target)).toEqual(await pictureBytes(source));
      } finally {
        await target.api.stop();
      }
    }
  }, 120_000);
});

describe('a restore and the schedulers', () => {
  it('enters what each restored item has due: past retention, the next scheduled run purges the restored requests', async () => {
    const source = sites.redis;
    const archive = await takeBackup(source);
    const env = {
      UPSTASH_REDIS_REST_URL: redis.url,
      UPSTASH_REDIS_REST_TOKEN: redis.token,
      REDIS_KEY_PREFIX: `restore-due-${++prefix}`,
    };
    // The store's own repository, as `npm run restore` writes with: no write of the restore enters the index.
    const repository = createRepositoryFromEnv(env);
    const coordination = createCoordinationFromEnv(env);
    const images = createImageStore(imagesServer.getStore(`restore-due-images-${prefix}`));
    await restoreBackup(archive, { repository, images, coordination });
    const contacts = await repository.list('contact');
    expect(contacts.length).toBeGreaterThan(0);

    const newest = Math.max(...contacts.map((item) => Date.parse(item.createdAt)));
    const later = new Date(newest + 366 * 86_400_000);
    const deps = createDeps(env, { repository, coordination, now: () => later });
    const run = await runScheduledEnquiries(deps);
    expect(run.retention).toMatchObject({ contact: contacts.length });
    expect(await repository.count('contact')).toBe(0);
  }, 120_000);
});
