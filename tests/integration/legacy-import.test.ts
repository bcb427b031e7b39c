/**
 * Issue 14: importing the current site's mongoexport files (tests/fixtures/legacy-export) into both store kinds,
 * pictures served by a loopback server with the failures real hosts have. Every record's outcome is asserted.
 */
import { join } from 'node:path';
import type { Store } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VALIDATION } from '../../src/lib/messages.ts';
import { API } from '../../src/lib/api-messages.ts';
import { IMAGE_MAX_BYTES } from '../../src/lib/constants.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import type { ImageService } from '../../src/server/images/port.ts';
import {
  IMPORT_REASONS,
  formatImportSummary,
  importLegacy,
  LEGACY_SOURCES,
  readExportDirectory,
  type ImportReport,
  type LegacySource,
} from '../../src/server/migration/legacy-import.ts';
import { fetchPicture, PictureFetchError } from '../../src/server/migration/picture-fetch.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import type { Repository, StoredItem } from '../../src/server/repository/port.ts';
import { createRedisRepository } from '../../src/server/repository/redis-repository.ts';
import { startBlobsServer, type TestBlobsServer } from '../support/blobs-server.ts';
import { startPictureServer, type PictureServer } from '../support/picture-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../support/redis-server.ts';
import { blobKeys, snapshotStore } from '../security/security-harness.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/legacy-export');
const TIMEOUT_MS = 1_000;

let pictures: PictureServer;
let blobs: TestBlobsServer;
let redis: RedisWithGateway;
let files: Partial<Record<LegacySource, string>>;
let isolation = 0;

beforeAll(async () => {
  [pictures, blobs, redis] = await Promise.all([
    startPictureServer(),
    startBlobsServer(),
    startRedisWithGateway(),
  ]);
  const read = await readExportDirectory(FIXTURES);
  expect(read.ignored).toEqual(['README.txt']);
  // The fixtures name Cloudinary; the loopback server plays it.
  files = Object.fromEntries(
    Object.entries(read.files).map(([source, text]) => [
      source,
      text.replaceAll('https://res.cloudinary.com/PORT', pictures.origin),
    ]),
  );
}, 30_000);
afterAll(async () => {
  await Promise.all([pictures?.stop(), blobs?.stop(), redis?.stop()]);
});

const BACKENDS = {
  blobs: () => createBlobsRepository({ store: blobs.getStore(`import-content-${++isolation}`) }),
  redis: () =>
    createRedisRepository({ url: redis.url, token: redis.token, keyPrefix: `import${++isolation}` }),
};

const iso = (ms: number) => new Date(ms).toISOString();
const outcome = (report: ImportReport, sourceId: string) => {
  const found = report.outcomes.find((candidate) => candidate.sourceId === sourceId);
  if (!found) throw new Error(`no outcome for ${sourceId}`);
  return found;
};
const byTitle = (items: StoredItem[], field = 'title') =>
  Object.fromEntries(items.map((item) => [item[field], item]));

describe.each(Object.keys(BACKENDS) as (keyof typeof BACKENDS)[])('legacy import into %s', (backend) => {
  let repository: Repository;
  let imageStore: Store;
  let images: ImageService;
  let publishes: string[][];
  const run = (options: { dryRun?: boolean; replace?: boolean; input?: typeof files } = {}) =>
    importLegacy(options.input ?? files, {
      repository,
      images,
      dryRun: options.dryRun,
      replace: options.replace,
      pictures: { base: pictures.origin, timeoutMs: TIMEOUT_MS },
      publish: async (tags) => void publishes.push(tags),
    });

  beforeEach(() => {
    repository = BACKENDS[backend]();
    imageStore = blobs.getStore(`import-images-${++isolation}`);
    images = createImageService({ store: imageStore });
    publishes = [];
  });

  it('imports every collection item by item, reports every skip with its reason, and a second run is a no-op', async () => {
    const earlier = await repository.create('contact', {
      name: 'Received here',
      email: 'here@example.in',
      phone: '9000000000',
      message: 'New site',
    });
    pictures.requests.length = 0;
    const report = await run();

    const expected: Record<string, Partial<ReturnType<typeof outcome>>> = {
      '64a1f0c2e4b0a1b2c3d4e501': { action: 'create', picture: 'fetched' },
      '64a1f0c2e4b0a1b2c3d4e502': { action: 'create', picture: 'fetched' },
      '64a1f0c2e4b0a1b2c3d4e503': { action: 'skip', reason: IMPORT_REASONS.noPicture },
      '64a1f0c2e4b0a1b2c3d4e504': {
        action: 'skip',
        picture: 'failed',
        reason: IMPORT_REASONS.pictureFailed('HTTP 404'),
      },
      '64b2a0c2e4b0a1b2c3d4e601': { action: 'create', picture: 'fetched' },
      '64b2a0c2e4b0a1b2c3d4e602': { action: 'create', picture: 'fetched' },
      '64b2a0c2e4b0a1b2c3d4e603': { action: 'skip', reason: IMPORT_REASONS.inactive },
      '64b2a0c2e4b0a1b2c3d4e604': {
        action: 'skip',
        picture: 'failed',
        reason: IMPORT_REASONS.pictureFailed(API.notAnImage),
      },
      '64c3b0c2e4b0a1b2c3d4e701': { action: 'create' },
      '64c3b0c2e4b0a1b2c3d4e702': {
        action: 'skip',
        reason: `description: ${VALIDATION.descriptionRequired}`,
      },
      '64c3b0c2e4b0a1b2c3d4e703': { action: 'create' },
      '64d4c0c2e4b0a1b2c3d4e801': { action: 'create', picture: 'fetched' },
      '64d4c0c2e4b0a1b2c3d4e802': { action: 'skip', reason: `points: ${VALIDATION.pointsMinFour}` },
      '64d4c0c2e4b0a1b2c3d4e803': {
        action: 'skip',
        picture: 'failed',
        reason: IMPORT_REASONS.pictureFailed(`no complete answer within ${TIMEOUT_MS} ms`),
      },
      '64e5d0c2e4b0a1b2c3d4e901': { action: 'create', notes: [] },
      '64e5d0c2e4b0a1b2c3d4e902': {
        action: 'create',
        picture: 'failed',
        notes: [IMPORT_REASONS.importedWithoutPicture(`larger than ${IMAGE_MAX_BYTES} bytes`)],
      },
      '64e5d0c2e4b0a1b2c3d4e903': { action: 'create', picture: 'fetched' },
      '64f6e0c2e4b0a1b2c3d4ea01': { action: 'create' },
      '64f6e0c2e4b0a1b2c3d4ea02': {
        action: 'skip',
        reason: IMPORT_REASONS.duplicateCourse('64f6e0c2e4b0a1b2c3d4ea01'),
      },
      '64f6e0c2e4b0a1b2c3d4ea03': { action: 'create' },
      '64f6e0c2e4b0a1b2c3d4ea04': { action: 'skip', reason: IMPORT_REASONS.inactive },
      '6507f0c2e4b0a1b2c3d4eb01': { action: 'create' },
      '6507f0c2e4b0a1b2c3d4eb02': { action: 'create' },
      '6507f0c2e4b0a1b2c3d4eb03': { action: 'skip', reason: `email: ${VALIDATION.emailInvalid}` },
      '6518a0c2e4b0a1b2c3d4ec01': { action: 'create', notes: [] },
      '6518a0c2e4b0a1b2c3d4ec02': {
        action: 'create',
        notes: [IMPORT_REASONS.courseNotOffered('Blockchain Basics')],
      },
      '6529b0c2e4b0a1b2c3d4ed01': {
        action: 'update',
        notes: [
          IMPORT_REASONS.statsNotImported([
            'totalEnrollments',
            'totalServices',
            'totalCareers',
            'totalContacts',
          ]),
        ],
      },
    };
    expect(report.outcomes.map((o) => o.sourceId).sort()).toEqual(Object.keys(expected).sort());
    for (const [sourceId, want] of Object.entries(expected))
      expect(outcome(report, sourceId), sourceId).toMatchObject(want);

    // Each picture is downloaded once, however many records (and folders of one family) name it.
    expect(pictures.requests.filter((path) => path === '/image/upload/v1/web.jpg')).toHaveLength(1);
    expect(pictures.requests).not.toContain('/image/upload/v1/loop.jpg');

    const summary = Object.fromEntries(report.summary.map((row) => [row.source, row]));
    expect(summary.homecontents).toMatchObject({
      read: 4,
      created: 2,
      skipped: 2,
      picturesFetched: 2,
      picturesFailed: 1,
    });
    expect(summary.homecourses).toMatchObject({ read: 3, created: 2, skipped: 1, unreadable: [] });
    // stats.json is `mongoexport --pretty` output: one document over several lines.
    expect(summary.stats).toMatchObject({ read: 1, updated: 1, unreadable: [] });
    expect(summary.careers).toMatchObject({ read: 3, created: 3, picturesFetched: 1, picturesFailed: 1 });
    expect(formatImportSummary(report).split('\n')).toHaveLength(2 + LEGACY_SOURCES.length);
    expect(publishes).toHaveLength(1);
    expect(publishes[0]?.sort()).toEqual(
      [
        'homeContent',
        'homeService',
        'homeCourse',
        'serviceContent',
        'career',
        'enrollCourse',
        'contact',
        'enroll',
        'stats',
      ].sort(),
    );

    // What landed, field by field.
    const content = byTitle(await repository.list('homeContent'));
    expect(Object.keys(content)).toEqual(['Secure your business', 'Learn ethical hacking']);
    const banner = content['Learn ethical hacking']!;
    expect(banner).toMatchObject({
      createdAt: iso(1688429122000),
      updatedAt: iso(1690000000000),
      imageWidth: 900,
      imageHeight: 600,
      importedFrom: { source: 'homecontents', id: '64a1f0c2e4b0a1b2c3d4e502' },
    });
    expect(banner.image).toMatch(/^\/uploads\/content\/[a-f0-9]{32}\.webp$/);
    const stored = await images.read('content', String(banner.image).split('/').pop()!);
    expect(stored?.contentType).toBe('image/webp');
    expect(Buffer.from(stored!.body).subarray(8, 12).toString()).toBe('WEBP');

    // Home services in the old site's `position` order; Hindi and emoji intact.
    const services = await repository.list('homeService');
    expect(services.map((item) => item.title)).toEqual(['साइबर सुरक्षा', 'Web Development 🚀']);
    expect(services[0]).toMatchObject({ description: 'आपके व्यवसाय के लिए सुरक्षा ऑडिट।', imageWidth: 640 });
    expect(services[0]!.image).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect(services[0]).not.toHaveProperty('position');

    const courses = byTitle(await repository.list('homeCourse'));
    // No createdAt in the export: the ObjectId's own time (0x64c3b0c3 seconds).
    expect(courses['Python for Everyone 🐍']).toMatchObject({
      createdAt: iso(0x64c3b0c2 * 1000),
      updatedAt: iso(0x64c3b0c2 * 1000),
    });
    const [penTest] = await repository.list('serviceContent');
    expect(penTest).toMatchObject({
      title: 'Penetration Testing',
      points: ['Web apps', 'Networks', 'Mobile apps', 'Reports with fixes'],
      image: services[1]!.image,
    });
    const careers = byTitle(await repository.list('career'));
    expect(careers['Security Analyst']).not.toHaveProperty('image');
    expect(careers['Frontend Intern']).toMatchObject({ points: ['React'] });
    expect(careers['Frontend Intern']).not.toHaveProperty('image');
    expect(careers['Trainer (Hindi medium)']).toMatchObject({ imageWidth: 500, imageHeight: 400 });
    expect((await repository.list('enrollCourse')).map((course) => course.courseName)).toEqual([
      'Ethical Hacking',
      'Python',
    ]);
    expect(await repository.getDocument('stats')).toEqual({ totalCourses: 12 });

    // Enquiries keep their dates and land newest first among the ones received here.
    const contacts = (await repository.listPage('contact', { limit: 10 })).items;
    expect(contacts.map((item) => [item.name, item.createdAt])).toEqual([
      ['Received here', earlier.createdAt],
      ['राहुल शर्मा', '2024-02-10T16:45:00.000Z'],
      ['Anita Desai', '2024-01-05T10:30:00.000Z'],
    ]);
    expect(contacts[1]).toMatchObject({ message: 'वेबसाइट चाहिए 🙏 जल्दी', phone: '9876501234' });
    const enrolments = (await repository.listPage('enroll', { limit: 10 })).items;
    expect(enrolments.map((item) => [item.course, item.createdAt])).toEqual([
      ['Ethical Hacking', '2024-03-01T07:00:00.000Z'],
      ['Blockchain Basics', '2023-12-24T07:00:00.000Z'],
    ]);

    // Second run: nothing written, no picture fetched again, no rebuild.
    const before = { store: await snapshotStore(repository), images: await blobKeys(imageStore) };
    pictures.requests.length = 0;
    const again = await run();
    for (const row of again.summary) {
      expect(row.created + row.updated, row.source).toBe(0);
      expect(row.picturesFetched, row.source).toBe(0);
    }
    for (const [sourceId, want] of Object.entries(expected)) {
      const next = outcome(again, sourceId);
      if (want.action === 'skip') expect(next.action, sourceId).toBe('skip');
      else {
        expect(next.action, sourceId).toBe('unchanged');
        expect(next.id, sourceId).toBe(outcome(report, sourceId).id);
      }
    }
    expect(pictures.requests.filter((path) => pictures.pictures.has(path))).toEqual([]);
    expect({ store: await snapshotStore(repository), images: await blobKeys(imageStore) }).toEqual(before);
    expect(again.changed).toBe(false);
    expect(publishes).toHaveLength(1);
  }, 60_000);

  it('--dry-run predicts the same outcomes and writes nothing', async () => {
    const dry = await run({ dryRun: true });
    expect(await snapshotStore(repository)).toEqual({
      collections: Object.fromEntries(
        [
          'homeContent',
          'homeService',
          'homeCourse',
          'serviceContent',
          'career',
          'contact',
          'enroll',
          'enrollCourse',
        ].map((key) => [key, []]),
      ),
      revisions: {},
      trash: [],
      stats: null,
    });
    expect(await blobKeys(imageStore)).toEqual([]);
    expect(publishes).toEqual([]);
    const real = await run();
    expect(
      dry.outcomes.map(({ sourceId, action, reason, notes }) => ({ sourceId, action, reason, notes })),
    ).toEqual(
      real.outcomes.map(({ sourceId, action, reason, notes }) => ({ sourceId, action, reason, notes })),
    );
  }, 60_000);

  it('updates a changed record in place, and --replace wipes the families first (pictures no item holds go too)', async () => {
    await run();
    const [course] = (await repository.list('homeCourse')).filter((item) => item.title === 'Ethical Hacking');
    const edited = {
      ...files,
      homecourses: files.homecourses!.replace('Six weeks, hands-on labs.', 'Eight weeks now.'),
    };
    const second = await run({ input: edited });
    expect(second.summary.find((row) => row.source === 'homecourses')).toMatchObject({
      updated: 1,
      unchanged: 1,
    });
    expect(await repository.get('homeCourse', course!._id)).toMatchObject({
      description: 'Eight weeks now.',
    });

    const extra = await images.store(
      'content',
      new Blob([new Uint8Array(pictures.pictures.get('/image/upload/v1/web.jpg')!)]),
    );
    const own = await repository.create('homeContent', {
      title: 'Made here',
      image: `/uploads/content/${extra.fileName}`,
    });
    const replaced = await run({ input: edited, replace: true });
    expect(replaced.summary.find((row) => row.source === 'homecontents')).toMatchObject({
      removed: 3,
      created: 2,
    });
    expect(await repository.get('homeContent', own._id)).toBeNull();
    expect(await images.read('content', extra.fileName)).toBeNull();
    const banners = await repository.list('homeContent');
    expect(banners.map((item) => item.title)).toEqual(['Secure your business', 'Learn ethical hacking']);
    // The re-imported banners' pictures are held again, so they stay.
    for (const banner of banners)
      expect(await images.read('content', String(banner.image).split('/').pop()!)).not.toBeNull();
  }, 60_000);
});

describe('picture download limits', () => {
  it('refuses redirect loops, redirects to other schemes, non-http URLs and paths without a base', async () => {
    const fail = (value: string, base?: string) =>
      fetchPicture(value, { base, timeoutMs: TIMEOUT_MS }).then(
        () => 'fetched',
        (error: unknown) =>
          error instanceof PictureFetchError ? error.message : `unexpected ${String(error)}`,
      );
    expect(await fail(`${pictures.origin}/image/upload/v1/loop.jpg`)).toBe('more than 3 redirects');
    expect(await fail(`${pictures.origin}/image/upload/v1/to-file.jpg`)).toBe(
      'redirected to file:, not followed',
    );
    expect(await fail('file:///etc/passwd')).toBe('only http(s) pictures are fetched, not file:');
    expect(await fail('/uploads/banner-2.png')).toMatch(/pass --images-base/);
    expect(await fail('/uploads/banner-2.png', pictures.origin)).toBe('fetched');
  });
});
