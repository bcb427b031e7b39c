/**
 * The five content families through their function files: create, read, update, delete, every validation
 * message of the spec, images end to end, auth and method errors. Driven by the registry, like the handler.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFamilies, type ContentFamily, type ContentFamilyKey } from '../../src/lib/collections.ts';
import type { CatalogueFamilyKey, StaffOnlyFamilyKey } from '../../src/families/index.ts';
import { IMAGE_FOLDER_RULES } from '../../src/lib/families.ts';
import { resolveImageUrl } from '../../src/lib/image-url.ts';
import { API, VALIDATION } from '../../src/lib/api-messages.ts';
import { APPLY_TO_INVALID } from '../../src/lib/staff-messages.ts';
import { HALL_OF_FAME } from '../../src/families/hall-of-fame.ts';
import { CASE_STUDY } from '../../src/families/case-study.ts';
import { ARTICLE } from '../../src/families/article.ts';
import { LEARNER_TESTIMONIALS } from '../../src/families/learner-testimonial.ts';
import { jpegWithExifAndGps, MARKERS, SVG_WITH_SCRIPT } from '../../src/server/images/image-fixtures.ts';
import { body, multipart, startApi, type Api } from './api-harness.ts';

/**
 * The families whose items stand alone. The course catalogue's (issue 22) refer to one another and a published
 * course needs its prospectus: tests/integration/courses-catalogue.test.ts drives them. Certificates (issue 23)
 * have no public reads and a number of their own: tests/integration/certificates.test.ts drives them.
 */
type Standalone = Exclude<ContentFamilyKey, CatalogueFamilyKey | StaffOnlyFamilyKey>;
const VALID: Record<Standalone, Record<string, unknown>> = {
  homeContent: { title: 'Security that ships with your product' },
  homeService: { title: 'Penetration testing', description: 'Manual and automated testing of web apps.' },
  homeCourse: { title: 'Ethical hacking', description: 'Twelve weeks, hands-on labs, small groups.' },
  serviceContent: {
    title: 'Vulnerability assessment',
    description: 'We find weaknesses before attackers do.',
    points: ['Network scans', 'Web app review', 'Cloud posture', 'Written report'],
  },
  career: { title: 'Junior security analyst', description: 'Join the red team.', points: ['OSCP a plus'] },
  hallOfFame: {
    researcher: 'Asha Rao',
    summary: 'Reported an open redirect on the login page; fixed the same week.',
    reportedOn: '2026-11-20',
    link: 'https://example.com/asha',
  },
  caseStudy: {
    title: 'VAPT for a regional bank',
    sector: 'Banking',
    engagement: 'vapt',
    scope: 'Internet banking and the mobile API.',
    critical: 0,
    high: 2,
    outcome: 'All findings fixed and retested.',
    clientName: 'Godavari Bank',
    logoPermission: true,
  },
  // Issue 24: a staff name as the author (a trainer would be a reference: tests/integration/articles.test.ts).
  article: {
    title: 'What a VAPT report contains',
    summary: 'The sections of a report and what each is for.',
    body: '## Scope\n\nWhat was tested.',
    authorName: 'DeltaSecure team',
    tags: ['VAPT'],
  },
  learnerTestimonial: {
    quote: 'Practical labs and patient trainers.',
    rating: '5',
    name: 'Priya Verma',
    showName: true,
    course: 'Ethical Hacking',
    showCourse: true,
  },
};

const UPDATED: Record<Standalone, Record<string, unknown>> = {
  homeContent: { title: 'Updated slide' },
  homeService: { title: 'Updated service', description: 'New words.' },
  homeCourse: { title: 'Updated course', description: 'New words.' },
  serviceContent: { ...VALID.serviceContent, title: 'Updated content', points: ['1', '2', '3', '4', '5'] },
  career: { ...VALID.career, title: 'Senior analyst', points: ['  Ten years  ', '', 'Leadership'] },
  hallOfFame: { ...VALID.hallOfFame, researcher: 'Asha R.', link: '' },
  caseStudy: { ...VALID.caseStudy, title: 'VAPT for a bank', low: 7 },
  article: { ...VALID.article, title: 'What a VAPT report holds' },
  learnerTestimonial: { ...VALID.learnerTestimonial, quote: 'Updated words.', rating: '' },
};

/** The spec's section 5 messages, per family: [fields to change, field, message]. */
const INVALID: Record<Standalone, [Record<string, unknown>, string, string][]> = {
  homeContent: [
    [{ title: '' }, 'title', VALIDATION.titleRequired],
    [{ title: '   ' }, 'title', VALIDATION.titleRequired],
  ],
  homeService: [
    [{ title: '' }, 'title', VALIDATION.titleRequired],
    [{ description: ' ' }, 'description', VALIDATION.descriptionRequired],
  ],
  homeCourse: [
    [{ title: undefined }, 'title', VALIDATION.titleRequired],
    [{ description: '' }, 'description', VALIDATION.descriptionRequired],
  ],
  serviceContent: [
    [{ title: '' }, 'title', VALIDATION.titleRequired],
    [{ description: '' }, 'description', VALIDATION.descriptionRequired],
    [{ points: ['a', 'b', ' ', 'c'] }, 'points', VALIDATION.pointsMinFour],
    [{ points: Array.from({ length: 11 }, (_, i) => `p${i}`) }, 'points', VALIDATION.pointsMaxTen],
  ],
  career: [
    [{ title: '' }, 'title', VALIDATION.titleRequired],
    [{ description: '' }, 'description', VALIDATION.descriptionRequired],
    [{ points: ['  ', ''] }, 'points', VALIDATION.pointsMinOne],
    [{ points: Array.from({ length: 11 }, (_, i) => `p${i}`) }, 'points', VALIDATION.pointsMaxTen],
  ],
  hallOfFame: [
    [{ researcher: ' ' }, 'researcher', HALL_OF_FAME.researcherRequired],
    [{ summary: '' }, 'summary', HALL_OF_FAME.summaryRequired],
    [{ reportedOn: '' }, 'reportedOn', HALL_OF_FAME.dateRequired],
  ],
  caseStudy: [
    [{ title: '' }, 'title', CASE_STUDY.titleRequired],
    [{ sector: ' ' }, 'sector', CASE_STUDY.sectorRequired],
    [{ engagement: '' }, 'engagement', CASE_STUDY.engagementRequired],
    [{ scope: '' }, 'scope', CASE_STUDY.scopeRequired],
    [{ outcome: '' }, 'outcome', CASE_STUDY.outcomeRequired],
  ],
  article: [
    [{ title: '' }, 'title', ARTICLE.titleRequired],
    [{ summary: ' ' }, 'summary', ARTICLE.summaryRequired],
    [{ body: '' }, 'body', ARTICLE.bodyRequired],
    [{ authorName: '' }, 'author', ARTICLE.authorRequired],
  ],
  learnerTestimonial: [
    [{ quote: ' ' }, 'quote', LEARNER_TESTIMONIALS.quoteRequired],
    [{ quote: '' }, 'quote', LEARNER_TESTIMONIALS.quoteRequired],
  ],
};

let api: Api;
let photo: Buffer;

beforeAll(async () => {
  api = await startApi();
  photo = await jpegWithExifAndGps(480, 320);
});
afterAll(() => api.stop());

/** A picture no other item holds (its size differs), so tests can watch its blobs come and go. */
let pictureCount = 0;
const uniquePicture = () => jpegWithExifAndGps(400 + 2 * ++pictureCount, 320);

const withoutUndefined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/** A write body the way the admin app sends it for this family. */
function payload(family: ContentFamily, fields: Record<string, unknown>, image?: Buffer) {
  const clean = withoutUndefined(fields);
  if (!family.multipart) return { json: clean };
  return { form: multipart(clean, image ? { bytes: image } : undefined) };
}

async function uploadStatus(family: ContentFamily, stored: unknown) {
  if (!family.image || typeof stored !== 'string') throw new Error('no image');
  return (await api.call(resolveImageUrl(stored, family.image.folder))).status;
}

const standalone = Object.values(contentFamilies).filter(
  (family): family is (typeof contentFamilies)[Standalone] => family.key in VALID,
);

describe.each(standalone)('$key', (family) => {
  const path = family.path;
  const create = (fields = VALID[family.key], image: Buffer | undefined = photo) =>
    api.admin(path, { method: 'POST', ...payload(family, fields, family.image ? image : undefined) });

  it('creates (201 + the spec message), lists publicly with CDN headers, updates and deletes', async () => {
    const createdResponse = await create();
    expect(createdResponse.status).toBe(201);
    const created = await body(createdResponse);
    expect(created.success).toBe(true);
    expect(created.message).toBe(family.messages.added);
    const item = created.data as Record<string, unknown>;
    expect(item._id).toMatch(/^[0-9a-z]{20}$/);
    expect(item[family.titleField]).toBe(VALID[family.key][family.titleField]);
    expect(family.itemSchema.safeParse(item).success).toBe(true);

    const listResponse = await api.call(path);
    expect(listResponse.status).toBe(200);
    expect(listResponse.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(listResponse.headers.get('netlify-cdn-cache-control')).toMatch(
      /^public, durable, s-maxage=31536000/,
    );
    expect(listResponse.headers.get('netlify-cache-tag')).toBe(family.cacheTag);
    expect(listResponse.headers.get('x-content-type-options')).toBe('nosniff');
    const listed = await body(listResponse);
    expect(listed.success).toBe(true);
    expect((listed.data as { _id: string }[]).map((entry) => entry._id)).toContain(item._id);

    const updateResponse = await api.admin(`${path}/${String(item._id)}`, {
      method: 'PUT',
      ...payload(family, UPDATED[family.key]),
    });
    expect(updateResponse.status).toBe(200);
    const updated = await body(updateResponse);
    expect(updated.message).toBe(family.messages.updated);
    const updatedItem = updated.data as Record<string, unknown>;
    expect(updatedItem[family.titleField]).toBe(UPDATED[family.key][family.titleField]);
    if (family.key === 'career') expect(updatedItem.points).toEqual(['Ten years', 'Leadership']);
    // No new file: the stored image stays.
    expect(updatedItem.image).toBe(item.image);

    const deleteResponse = await api.admin(`${path}/${String(item._id)}`, { method: 'DELETE' });
    expect(deleteResponse.status).toBe(200);
    expect((await body(deleteResponse)).message).toBe(family.messages.deleted);
    const after = (await body(await api.call(path))).data as { _id: string }[];
    expect(after.map((entry) => entry._id)).not.toContain(item._id);
    expect(await api.repository.get(family.key, String(item._id))).toBeNull();
  });

  it('keeps insertion order', async () => {
    const first = (await body(await create({ ...VALID[family.key], [family.titleField]: 'Order A' })))
      .data as {
      _id: string;
    };
    const second = (await body(await create({ ...VALID[family.key], [family.titleField]: 'Order B' })))
      .data as {
      _id: string;
    };
    const ids = ((await body(await api.call(path))).data as { _id: string }[]).map((entry) => entry._id);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
  });

  it.each(INVALID[family.key])('rejects %j with the spec message', async (change, field, message) => {
    const before = await api.repository.count(family.key);
    const response = await create({ ...VALID[family.key], ...change });
    expect(response.status).toBe(400);
    const answer = await body(response);
    expect(answer).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await api.repository.count(family.key)).toBe(before);
  });

  it('answers 404 for unknown ids and routes, 405 with Allow for wrong methods', async () => {
    const unknown = `${path}/0000000000zzzzzzzzzz`;
    const put = await api.admin(unknown, { method: 'PUT', ...payload(family, VALID[family.key]) });
    expect(put.status).toBe(404);
    expect(await body(put)).toEqual({ success: false, message: API.itemNotFound });
    expect((await api.admin(unknown, { method: 'DELETE' })).status).toBe(404);
    expect((await api.admin(`${path}/a/b`, { method: 'DELETE' })).status).toBe(404);

    const wrongCollection = await api.admin(path, { method: 'DELETE' });
    expect(wrongCollection.status).toBe(405);
    expect(wrongCollection.headers.get('allow')).toBe('GET, POST, HEAD');
    // Issue 12 adds GET on an item (docs/decisions.md 14): an unknown id is a 404, POST the wrong method.
    expect((await api.call(unknown)).status).toBe(404);
    const wrongItem = await api.admin(unknown, { method: 'POST', json: {} });
    expect(wrongItem.status).toBe(405);
    expect(wrongItem.headers.get('allow')).toBe('GET, PUT, DELETE, HEAD');
  });

  it('needs a session for every write (401) and a same-origin request (403); nothing changes', async () => {
    const existing = (await body(await create())).data as { _id: string };
    const item = `${path}/${existing._id}`;
    const before = await api.repository.list(family.key);
    const writes = [
      { target: path, method: 'POST' },
      { target: item, method: 'PUT' },
      { target: item, method: 'DELETE' },
    ];
    for (const { target, method } of writes) {
      const send = (options: { session?: string; origin?: string | null }) =>
        api.call(target, { method, ...payload(family, UPDATED[family.key], photo), ...options });
      expect((await send({})).status).toBe(401);
      expect((await send({ session: 'v1.9999999999.forged.signature' })).status).toBe(401);
      const crossSite = await send({ session: api.session(), origin: 'https://evil.example' });
      expect(crossSite.status).toBe(403);
      expect((await body(crossSite)).message).toBe(API.forbiddenOrigin);
      expect((await send({ session: api.session(), origin: null })).status).toBe(403);
    }
    expect(await api.repository.list(family.key)).toEqual(before);
  });

  it('rejects a body of the wrong type (415) and malformed JSON (400)', async () => {
    const text = await api.admin(path, {
      method: 'POST',
      body: 'title=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const broken = await api.admin(path, {
      method: 'POST',
      body: '{"title": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await body(broken)).message).toBe(API.invalidJson);
  });

  if (family.image) {
    const image = family.image;

    it(
      image.requiredOnCreate
        ? "requires an image on create ('Please select an image')"
        : 'accepts a create without an image',
      async () => {
        const response = await api.admin(path, { method: 'POST', ...payload(family, VALID[family.key]) });
        if (image.requiredOnCreate) {
          expect(response.status).toBe(400);
          expect(await body(response)).toMatchObject({
            message: VALIDATION.imageRequired,
            errors: { image: VALIDATION.imageRequired },
          });
        } else {
          expect(response.status).toBe(201);
          expect((await body(response)).data).not.toHaveProperty('image');
        }
      },
    );

    it('stores the upload as metadata-free WebP, serves it immutable, and removes it on replace and delete', async () => {
      const item = (await body(await create(VALID[family.key], await uniquePicture()))).data as Record<
        string,
        unknown
      >;
      const stored = String(item.image);
      expect(stored).toMatch(
        image.storedAs === 'path' ? /^\/uploads\/content\/[0-9a-f]{32}\.webp$/ : /^[0-9a-f]{32}\.webp$/,
      );
      // EXIF orientation 6 applied: the stored picture stands upright (320 wide, taller than wide).
      expect(item.imageWidth).toBe(320);
      expect(Number(item.imageHeight)).toBeGreaterThan(400);

      const served = await api.call(resolveImageUrl(stored, image.folder));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.includes(MARKERS.camera)).toBe(false);

      const replaced = await api.admin(`${path}/${String(item._id)}`, {
        method: 'PUT',
        ...payload(family, UPDATED[family.key], await uniquePicture()),
      });
      expect(replaced.status).toBe(200);
      const replacement = (await body(replaced)).data as Record<string, unknown>;
      expect(replacement.image).not.toBe(stored);
      expect(await uploadStatus(family, stored)).toBe(404);
      expect(await uploadStatus(family, replacement.image)).toBe(200);

      expect((await api.admin(`${path}/${String(item._id)}`, { method: 'DELETE' })).status).toBe(200);
      // A delete goes to the trash (issue 12): the picture stays for a restore until the purge frees it.
      expect(await uploadStatus(family, replacement.image)).toBe(200);
      await api.purgeExpiredTrash();
      expect(await uploadStatus(family, replacement.image)).toBe(404);
    });

    it('keeps an image another item still shows', async () => {
      const picture = await uniquePicture();
      const first = (await body(await create(VALID[family.key], picture))).data as Record<string, unknown>;
      const second = (await body(await create(VALID[family.key], picture))).data as Record<string, unknown>;
      expect(second.image).toBe(first.image);
      await api.admin(`${path}/${String(first._id)}`, { method: 'DELETE' });
      expect(await uploadStatus(family, second.image)).toBe(200);
      await api.admin(`${path}/${String(second._id)}`, { method: 'DELETE' });
      await api.purgeExpiredTrash();
      expect(await uploadStatus(family, second.image)).toBe(404);
    });

    it('refuses a picture below the folder minimum with 400 and a message naming it, storing nothing', async () => {
      const image = family.image!;
      const minimum = IMAGE_FOLDER_RULES[image.folder].minShortSidePx;
      const before = await api.repository.count(family.key);
      for (const [width, height] of [
        [1, 1],
        [2000, minimum - 1],
      ] as const) {
        const tiny = await sharp({ create: { width, height, channels: 3, background: '#0a5' } })
          .png()
          .toBuffer();
        const response = await api.admin(path, {
          method: 'POST',
          form: multipart(VALID[family.key], { bytes: tiny, type: 'image/png', name: 'tiny.png' }),
        });
        expect(response.status).toBe(400);
        expect((await body(response)).message).toBe(API.imageTooSmall(minimum));
      }
      expect(await api.repository.count(family.key)).toBe(before);
      const justEnough = await sharp({
        create: { width: minimum, height: minimum, channels: 3, background: '#0a5' },
      })
        .png()
        .toBuffer();
      const accepted = await api.admin(path, {
        method: 'POST',
        form: multipart(VALID[family.key], { bytes: justEnough, type: 'image/png', name: 'ok.png' }),
      });
      expect(accepted.status).toBe(201);
      const created = (await body(accepted)).data as { _id: string };
      await api.admin(`${path}/${created._id}`, { method: 'DELETE' });
    });

    it('refuses files that are not images (415) and stores nothing', async () => {
      const before = await api.repository.count(family.key);
      const svg = await api.admin(path, {
        method: 'POST',
        form: multipart(VALID[family.key], { bytes: SVG_WITH_SCRIPT, type: 'image/svg+xml', name: 'x.svg' }),
      });
      expect(svg.status).toBe(415);
      expect((await body(svg)).success).toBe(false);
      expect(await api.repository.count(family.key)).toBe(before);
    });
  }
});

describe('request size', () => {
  it('refuses an upload over the limit by its Content-Length, before reading it (413)', async () => {
    const response = await api.admin(contentFamilies.homeContent.path, {
      method: 'POST',
      body: 'x',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(7 * 1024 * 1024),
      },
    });
    expect(response.status).toBe(413);
    expect((await body(response)).message).toBe(API.payloadTooLarge);
  });

  it('refuses an oversized JSON body (413)', async () => {
    const response = await api.admin(contentFamilies.homeCourse.path, {
      method: 'POST',
      json: { title: 'x', description: 'y'.repeat(100_000) },
    });
    expect(response.status).toBe(413);
  });
});

describe('career: how to apply (issue 21)', () => {
  const family = contentFamilies.career;
  const create = (fields: Record<string, unknown>) =>
    api.admin(family.path, { method: 'POST', ...payload(family, { ...VALID.career, ...fields }) });

  it('takes an e-mail address or an https link, trimmed, and may be left empty for the Site settings default', async () => {
    const byEmail = await create({ applyTo: '  jobs@example.com ' });
    expect(byEmail.status).toBe(201);
    const item = (await body(byEmail)).data as { _id: string; applyTo?: string };
    expect(item.applyTo).toBe('jobs@example.com');
    expect(family.itemSchema.safeParse(item).success).toBe(true);

    const byLink = await api.admin(`${family.path}/${item._id}`, {
      method: 'PUT',
      ...payload(family, { ...VALID.career, applyTo: 'https://jobs.example.com/apply?role=analyst' }),
    });
    expect(byLink.status).toBe(200);
    expect(((await body(byLink)).data as { applyTo?: string }).applyTo).toBe(
      'https://jobs.example.com/apply?role=analyst',
    );
    const listed = (await body(await api.call(`${family.path}/${item._id}`))).data as { applyTo?: string };
    expect(listed.applyTo).toBe('https://jobs.example.com/apply?role=analyst');

    const cleared = await api.admin(`${family.path}/${item._id}`, {
      method: 'PUT',
      ...payload(family, { ...VALID.career, applyTo: '' }),
    });
    expect(cleared.status).toBe(200);
    expect(((await body(cleared)).data as { applyTo?: string }).applyTo ?? '').toBe('');
    expect((await create({})).status).toBe(201);
  });

  it('refuses anything else with a reason on the field, storing nothing', async () => {
    const before = await api.repository.count(family.key);
    for (const applyTo of [
      'javascript:alert(1)',
      'http://jobs.example.com',
      'jobs at example dot com',
      'mailto:jobs@example.com',
      `https://example.com/${'x'.repeat(2_000)}`,
    ]) {
      const response = await create({ applyTo });
      const shown = applyTo.slice(0, 40);
      expect(response.status, shown).toBe(400);
      const answer = await body(response);
      expect((answer.errors as Record<string, string>).applyTo, shown).toBe(
        applyTo.length > 2_000 ? VALIDATION.tooLong(2_000) : APPLY_TO_INVALID,
      );
    }
    expect(await api.repository.count(family.key)).toBe(before);
  });
});
