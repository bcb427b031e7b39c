/**
 * Issue 14: importing the current site's mongoexport files (tests/fixtures/legacy-export) into both store kinds,
 * pictures served by a loopback server with the failures real hosts have. Every record's outcome is asserted.
 */
import { join } from 'node:path';
import type { Store } from '@netlify/blobs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, settingsFamily } from '../../src/lib/collections.ts';
import { API, VALIDATION } from '../../src/lib/api-messages.ts';
import { IMAGE_MAX_BYTES } from '../../src/lib/constants.ts';
import { createDeps } from '../../src/server/deps.ts';
import { eraseByEmail, purgeExpiredRequests } from '../../src/server/enquiries/privacy.ts';
import { IMPORT_TOMBSTONES } from '../../src/server/enquiries/tombstones.ts';
import { REGISTRY } from '../../src/server/handlers/api-router.ts';
import { purgeTrash } from '../../src/server/handlers/trash-handler.ts';
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
} from '../../scripts/migration/legacy-import.ts';
import { fetchPicture, PictureFetchError } from '../../scripts/migration/picture-fetch.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import type { Repository, StoredItem } from '../../src/server/repository/port.ts';
import { createRedisRepository } from '../../src/server/repository/redis-repository.ts';
import { createBlobsCoordination } from '../../src/server/repository/blobs-coordination.ts';
import { createRedisCoordination } from '../../src/server/repository/redis-coordination.ts';
import { startBlobsServer, type TestBlobsServer } from '../support/blobs-server.ts';
import { startPictureServer, type PictureServer } from '../support/picture-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../support/redis-server.ts';
import { blobKeys, snapshotStore } from '../security/security-harness.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/legacy-export');
const TIMEOUT_MS = 1_000;
/** The fixtures' requests date from 2023–24: imported as of mid-2024, all are within the default retention. */
const IMPORT_NOW = new Date('2024-06-01T00:00:00.000Z');

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

/** Coordination beside the store (the schedulers' due-time index lives there). */
const COORDINATION = {
  blobs: () => createBlobsCoordination({ store: blobs.getStore(`import-coordination-${++isolation}`) }),
  redis: () =>
    createRedisCoordination({ url: redis.url, token: redis.token, keyPrefix: `import${++isolation}` }),
};

const iso = (ms: number) => new Date(ms).toISOString();
const outcome = (report: ImportReport, sourceId: string) => {
  const found = report.outcomes.find((candidate) => candidate.sourceId === sourceId);
  if (!found) throw new Error(`no outcome for ${sourceId}`);
  return found;
};
const byTitle = (items: StoredItem[], field = 'title') =>
  Object.fromEntries(items.map((item) => [item[field], item]));
/** What a run decided, record by record: a dry run must decide exactly the same. */
const decisions = (report: ImportReport) =>
  report.outcomes.map(({ sourceId, action, reason, notes }) => ({ sourceId, action, reason, notes }));
/** A `mongoexport` file of these documents (one per line); each `_id` a 24-hex ObjectId. */
const exportOf = (...documents: Record<string, unknown>[]) =>
  documents.map(({ _id, ...rest }) => JSON.stringify({ _id: { $oid: _id }, ...rest })).join('\n');
const oid = (n: number) => `65f0000000000000000000${n.toString(16).padStart(2, '0')}`;
const sourceIds = (text: string) => [...text.matchAll(/"\$oid":\s*"([0-9a-f]{24})"/g)].map((m) => m[1]!);

describe.each(Object.keys(BACKENDS) as (keyof typeof BACKENDS)[])('legacy import into %s', (backend) => {
  let repository: Repository;
  const coordinationFor = () => COORDINATION[backend]();
  let imageStore: Store;
  let images: ImageService;
  let publishes: string[][];
  const run = (
    options: {
      dryRun?: boolean;
      replace?: boolean;
      input?: typeof files;
      now?: Date;
      retentionDays?: number;
    } = {},
  ) =>
    importLegacy(options.input ?? files, {
      repository,
      images,
      dryRun: options.dryRun,
      replace: options.replace,
      pictures: { base: pictures.origin, timeoutMs: TIMEOUT_MS },
      publish: async (tags) => void publishes.push(tags),
      now: () => options.now ?? IMPORT_NOW,
      retentionDays: options.retentionDays,
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
      // Issue 21: inactive in the old site lands hidden (a draft) instead of being dropped.
      '64b2a0c2e4b0a1b2c3d4e603': {
        action: 'create',
        picture: 'fetched',
        notes: [IMPORT_REASONS.importedAsDraft],
      },
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
      '64f6e0c2e4b0a1b2c3d4ea04': { action: 'create', notes: [IMPORT_REASONS.importedInactive] },
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
    expect(services.map((item) => item.title)).toEqual([
      'साइबर सुरक्षा',
      'Web Development 🚀',
      'Old hosting offer',
    ]);
    expect(services.map((item) => item.published)).toEqual([undefined, undefined, false]);
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
    expect(
      (await repository.list('enrollCourse')).map((course) => [course.courseName, course.isActive]),
    ).toEqual([
      ['Ethical Hacking', undefined],
      ['Python', undefined],
      ['Blockchain Basics', false],
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
      // Every collection of the registry (the settings aside, as the snapshot leaves them) stays empty.
      collections: Object.fromEntries(
        COLLECTION_KEYS.filter((key) => key !== settingsFamily.key).map((key) => [key, []]),
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

  it('a dry run refuses the pictures a real run refuses, the folder minimum size included (issue 21)', async () => {
    // 120 px: under both the banner (content, 320) and the career (160) minimum short side.
    const small = '/image/upload/v1/small.jpg';
    pictures.pictures.set(
      small,
      await sharp({ create: { width: 120, height: 120, channels: 3, background: '#246' } })
        .jpeg()
        .toBuffer(),
    );
    const input = {
      homecontents: exportOf({ _id: oid(1), title: 'Small banner', image: `${pictures.origin}${small}` }),
      careers: exportOf({
        _id: oid(2),
        title: 'Small career',
        description: 'Its picture is a thumbnail.',
        image: `${pictures.origin}${small}`,
        points: ['One'],
      }),
    };
    const dry = await run({ dryRun: true, input });
    const real = await run({ input });
    expect(decisions(dry)).toEqual(decisions(real));
    expect(outcome(dry, oid(1))).toMatchObject({
      action: 'skip',
      reason: IMPORT_REASONS.pictureFailed(API.imageTooSmall(320)),
    });
    expect(outcome(dry, oid(2))).toMatchObject({
      action: 'create',
      notes: [IMPORT_REASONS.importedWithoutPicture(API.imageTooSmall(160))],
    });
    expect(await repository.list('homeContent')).toEqual([]);
  }, 30_000);

  it('course names differing only by case, inner whitespace or Unicode composition are one course (issue 21)', async () => {
    const input = {
      enrollcourses: exportOf(
        { _id: oid(1), courseName: 'Ethical  Hacking', isActive: true },
        { _id: oid(2), courseName: 'ETHICAL HACKING', isActive: true },
        { _id: oid(3), courseName: 'Cyber\u00a0\u00a0Security', isActive: true },
        { _id: oid(4), courseName: ' cyber\tsecurity ', isActive: true },
        { _id: oid(5), courseName: 'Caf\u00e9 Hacking Night', isActive: true },
        { _id: oid(6), courseName: 'Cafe\u0301 hacking night', isActive: true },
      ),
      enrolls: exportOf({
        _id: oid(7),
        name: 'Asha',
        email: 'asha@example.in',
        phone: '9812345678',
        course: 'ethical   hacking',
        createdAt: { $date: '2024-05-01T00:00:00.000Z' },
      }),
    };
    const dry = await run({ dryRun: true, input });
    const report = await run({ input });
    expect(decisions(dry)).toEqual(decisions(report));
    expect(outcome(report, oid(2))).toMatchObject({
      action: 'skip',
      reason: IMPORT_REASONS.duplicateCourse(oid(1)),
    });
    expect(outcome(report, oid(4))).toMatchObject({
      action: 'skip',
      reason: IMPORT_REASONS.duplicateCourse(oid(3)),
    });
    expect(outcome(report, oid(6))).toMatchObject({
      action: 'skip',
      reason: IMPORT_REASONS.duplicateCourse(oid(5)),
    });
    // The enrolment names an offered course, however it spelled it.
    expect(outcome(report, oid(7))).toMatchObject({ action: 'create', notes: [] });
    expect((await repository.list('enrollCourse')).map((course) => course.courseName)).toEqual([
      'Ethical Hacking',
      'Cyber Security',
      'Caf\u00e9 Hacking Night',
    ]);
  });

  it('imports phone numbers in the notations the old site accepted (issue 21)', async () => {
    const phones = [
      '(011) 2345 6789',
      '(+91) 98765 43210',
      '+91 (11) 2345-6789',
      '011.2345.6789',
      '011/23456789',
      '+91-98765-43210',
    ];
    const contact = (n: number, phone: string) => ({
      _id: oid(n),
      name: `Caller ${n}`,
      email: `caller${n}@example.in`,
      phone,
      message: 'Please call.',
      createdAt: { $date: '2024-05-01T00:00:00.000Z' },
    });
    const input = {
      contacts: exportOf(...phones.map((phone, n) => contact(n + 1, phone)), contact(9, 'call me')),
    };
    const report = await run({ input });
    for (const n of phones.keys())
      expect(outcome(report, oid(n + 1)), phones[n]).toMatchObject({ action: 'create' });
    expect(outcome(report, oid(9))).toMatchObject({
      action: 'skip',
      reason: `phone: ${VALIDATION.phoneInvalid}`,
    });
    expect(
      (await repository.listPage('contact', { limit: 10 })).items.map((item) => item.phone).sort(),
    ).toEqual([...phones].sort());
  });

  it('skips requests past retention, counts them and says how to keep them; following that keeps them (issue 21)', async () => {
    const input = { contacts: files.contacts!, enrolls: files.enrolls! };
    const dry = await run({ input, retentionDays: 100, dryRun: true });
    const report = await run({ input, retentionDays: 100 });
    expect(decisions(dry)).toEqual(decisions(report));
    // On 2024-06-01, 100 days back is 2024-02-22: Anita (01-05), Rahul (02-10) and Meera (2023-12-24) are older.
    for (const sourceId of [
      '6507f0c2e4b0a1b2c3d4eb01',
      '6507f0c2e4b0a1b2c3d4eb02',
      '6518a0c2e4b0a1b2c3d4ec02',
    ])
      expect(outcome(report, sourceId), sourceId).toMatchObject({
        action: 'skip',
        reason: IMPORT_REASONS.pastRetention(100),
      });
    expect(outcome(report, '6518a0c2e4b0a1b2c3d4ec01')).toMatchObject({ action: 'create' });
    const summary = Object.fromEntries(report.summary.map((row) => [row.source, row]));
    expect(summary.contacts).toMatchObject({ read: 3, created: 0, skipped: 3, pastRetention: 2 });
    expect(summary.enrolls).toMatchObject({ read: 2, created: 1, skipped: 1, pastRetention: 1 });
    // Meera's, the oldest, was received 159 days and 17 hours before.
    const hint = IMPORT_REASONS.retentionHint(3, 100, 159);
    expect(hint).toContain('set REQUEST_RETENTION_DAYS above 159');
    expect(formatImportSummary(report)).toContain(hint);
    // Nothing imported is one the retention purge deletes at the next start.
    const purge = (days: number) =>
      purgeExpiredRequests(
        createDeps(
          { REQUEST_RETENTION_DAYS: String(days) },
          { repository, coordination: coordinationFor(), images, now: () => IMPORT_NOW },
        ),
      );
    expect(await purge(100)).toEqual({ contact: 0, enroll: 0 });

    // Following the hint: every request is imported, and the purge keeps them.
    const kept = await run({ input, retentionDays: 160 });
    expect(kept.summary.filter((row) => row.pastRetention > 0)).toEqual([]);
    expect(formatImportSummary(kept)).not.toContain('REQUEST_RETENTION_DAYS');
    expect(await purge(160)).toEqual({ contact: 0, enroll: 0 });
    expect(await repository.count('contact')).toBe(2);
    expect(await repository.count('enroll')).toBe(2);
  }, 30_000);

  it('never brings back requests erased or purged here, nor imports one again beside its copy in the Trash (issue 21)', async () => {
    const input = { contacts: files.contacts!, enrolls: files.enrolls! };
    let now = IMPORT_NOW;
    const deps = createDeps({}, { repository, coordination: coordinationFor(), images, now: () => now });
    await run({ input });
    // A person asks to be forgotten; staff delete an enrolment to the Trash.
    expect(await eraseByEmail(deps, 'anita@example.in')).toEqual({ contact: 1, enroll: 0 });
    const vikram = (await repository.list('enroll')).find((item) => item.name === 'Vikram Singh')!;
    // Through the API's own repository, as staff's delete is: the trash move enters the purge's due time.
    await deps.repository.trash('enroll', vikram._id, now.toISOString());
    const second = await run({ input });
    expect(outcome(second, '6507f0c2e4b0a1b2c3d4eb01')).toMatchObject({
      action: 'skip',
      reason: IMPORT_REASONS.removedHere,
    });
    expect(outcome(second, '6518a0c2e4b0a1b2c3d4ec01')).toMatchObject({
      action: 'skip',
      reason: IMPORT_REASONS.inTrash,
    });
    expect(outcome(second, '6507f0c2e4b0a1b2c3d4eb02')).toMatchObject({ action: 'unchanged' });
    expect(await repository.count('contact')).toBe(1);
    expect(await repository.count('enroll')).toBe(1);

    // Nine months on, the retention purge takes Rahul's and Meera's requests and the trash purge Vikram's.
    now = new Date('2025-03-01T00:00:00.000Z');
    expect(await purgeExpiredRequests(deps)).toEqual({ contact: 1, enroll: 1 });
    expect(await purgeTrash(REGISTRY, deps)).toBe(1);

    // The same export again, dated so that retention would keep every request: none comes back.
    const third = await run({ input });
    const requestIds = [...sourceIds(files.contacts!), ...sourceIds(files.enrolls!)].filter(
      (id) => id !== '6507f0c2e4b0a1b2c3d4eb03',
    );
    for (const sourceId of requestIds)
      expect(outcome(third, sourceId), sourceId).toMatchObject({
        action: 'skip',
        reason: IMPORT_REASONS.removedHere,
      });
    expect(decisions(await run({ input, dryRun: true }))).toEqual(decisions(third));
    expect(formatImportSummary(third)).toContain(IMPORT_REASONS.removedHereTotal(4));
    expect(await repository.count('contact')).toBe(0);
    expect(await repository.count('enroll')).toBe(0);
    expect(await repository.listTrash()).toEqual([]);

    // A tombstone is a hash and nothing else: no name, address, phone, nor the legacy id itself.
    const stones = await repository.list(IMPORT_TOMBSTONES);
    expect(stones).toHaveLength(4);
    for (const stone of stones) {
      expect(Object.keys(stone).sort()).toEqual(['_id', 'createdAt', 'key', 'updatedAt']);
      expect(stone.key).toMatch(/^[0-9a-f]{32}$/);
      for (const sourceId of requestIds) expect(JSON.stringify(stone)).not.toContain(sourceId);
    }
  }, 30_000);
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
