/**
 * Personal-data requests (contact, enrolment), enrollable courses and stats through their function files.
 */
import { ENROLMENT_PAGE } from '../../src/lib/messages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollCourseFamily, exportPath, requestFamilies, statsFamily } from '../../src/lib/collections.ts';
import {
  HONEYPOT_FIELD,
  REQUEST_LIST_DEFAULT_LIMIT,
  SUBMISSION_RATE_LIMIT,
} from '../../src/lib/constants.ts';
import { API, VALIDATION } from '../../src/lib/api-messages.ts';
import { ADMIN } from '../../src/lib/staff-messages.ts';
import { body, startApi, type Api } from './api-harness.ts';
import { awayFromWindowEdge, submissionLimitTests } from './submission-limits.ts';

let api: Api;
let nextIp = 1;
/** A fresh client address per test, so rate limits of one test never reach another. */
const freshIp = () => `198.51.100.${nextIp++}`;

beforeAll(async () => {
  // These examples reuse one sender across tests; the per-sender limit has its own store and tests below.
  api = await startApi({ env: { SUBMISSION_SENDER_LIMIT_MAX: '1000' } });
  for (const courseName of ['Ethical Hacking', 'Cloud Computing']) {
    expect((await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName } })).status).toBe(
      201,
    );
  }
});
afterAll(() => api.stop());

const CONTACT = {
  name: 'Asha Rao',
  email: 'asha@example.in',
  phone: '+91 98765 43210',
  message: 'Please call me.',
};
const ENROLL = {
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  phone: '9876543210',
  course: 'ethical hacking  ',
  message: '',
};

describe('contact and enrolment submissions', () => {
  it.each([
    ['contact', CONTACT, API.contactReceived],
    ['enroll', ENROLL, API.enrollReceived],
  ] as const)(
    '%s: public POST stores the request and answers 201 with the spec message',
    async (key, fields, message) => {
      const family = requestFamilies[key];
      const before = await api.repository.count(key);
      const response = await api.call(family.path, { method: 'POST', json: fields, ip: freshIp() });
      expect(response.status).toBe(201);
      // An enrolment's answer adds the student's enrolment page (docs/decisions.md §74).
      const page =
        key === 'enroll'
          ? {
              enrolmentPage: { href: expect.stringMatching(/^\/enrolment\//), text: ENROLMENT_PAGE.formLink },
            }
          : {};
      expect(await body(response)).toEqual({ success: true, data: null, message, ...page });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await api.repository.count(key)).toBe(before + 1);
      const [stored] = (await api.repository.listPage(key, { limit: 1 })).items;
      expect(stored).toMatchObject({ name: fields.name, email: fields.email });
      expect(stored).not.toHaveProperty(HONEYPOT_FIELD);
      // Enrolment keeps the course's own spelling.
      if (key === 'enroll') expect(stored?.course).toBe('Ethical Hacking');
    },
  );

  it('answers a filled honeypot exactly like a success and stores nothing', async () => {
    for (const [key, fields] of [
      ['contact', CONTACT],
      ['enroll', ENROLL],
    ] as const) {
      const family = requestFamilies[key];
      const before = await api.repository.count(key);
      const human = await api.call(family.path, { method: 'POST', json: fields, ip: freshIp() });
      const bot = await api.call(family.path, {
        method: 'POST',
        json: { ...fields, [HONEYPOT_FIELD]: 'http://spam.example' },
        ip: freshIp(),
      });
      expect(bot.status).toBe(human.status);
      // An enrolment's answer holds its own page link; a bot gets a decoy of the same shape (docs/decisions.md §74).
      const shape = (text: string) =>
        text.replace(/"\/enrolment\/[a-z0-9]{20}\.[A-Za-z0-9_-]{43}"/, '"/enrolment/TOKEN"');
      const [botText, humanText] = [await bot.text(), await human.text()];
      expect(shape(botText)).toBe(shape(humanText));
      if (key === 'enroll') expect(botText).not.toBe(humanText);
      expect(await api.repository.count(key)).toBe(before + 1);
    }
  });

  it.each([
    ['contact', { ...CONTACT, name: ' ' }, 'name', VALIDATION.nameRequired],
    ['contact', { ...CONTACT, email: 'not-an-email' }, 'email', VALIDATION.emailInvalid],
    ['contact', { ...CONTACT, phone: '' }, 'phone', VALIDATION.phoneRequired],
    ['contact', { ...CONTACT, message: '' }, 'message', VALIDATION.messageRequired],
    ['enroll', { ...ENROLL, course: '' }, 'course', VALIDATION.courseRequired],
    ['enroll', { ...ENROLL, course: 'Underwater Basket Weaving' }, 'course', VALIDATION.courseUnknown],
  ] as const)('%s: rejects %j', async (key, fields, field, message) => {
    const before = await api.repository.count(key);
    const response = await api.call(requestFamilies[key].path, {
      method: 'POST',
      json: fields,
      ip: freshIp(),
    });
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await api.repository.count(key)).toBe(before);
  });

  it('rate-limits each client (429 with Retry-After) without affecting others', async () => {
    const ip = freshIp();
    await awayFromWindowEdge(SUBMISSION_RATE_LIMIT.windowSeconds);
    const send = (from: string) =>
      api.call(requestFamilies.contact.path, { method: 'POST', json: CONTACT, ip: from });
    for (let i = 0; i < SUBMISSION_RATE_LIMIT.limit; i++) expect((await send(ip)).status).toBe(201);
    const limited = await send(ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(
      SUBMISSION_RATE_LIMIT.windowSeconds,
    );
    expect((await body(limited)).message).toBe(API.rateLimited(Number(limited.headers.get('retry-after'))));
    expect((await send(freshIp())).status).toBe(201);
  });

  it('refuses a submission posted from another site (403), accepts one without Origin', async () => {
    const path = requestFamilies.contact.path;
    const foreign = await api.call(path, {
      method: 'POST',
      json: CONTACT,
      origin: 'https://evil.example',
      ip: freshIp(),
    });
    expect(foreign.status).toBe(403);
    const crossSite = await api.call(path, {
      method: 'POST',
      json: CONTACT,
      origin: null,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      ip: freshIp(),
    });
    expect(crossSite.status).toBe(403);
    expect(
      (await api.call(path, { method: 'POST', json: CONTACT, origin: null, ip: freshIp() })).status,
    ).toBe(201);
  });
});

describe('limits that fit real people, on Netlify Blobs', () => {
  let limited: Api;
  beforeAll(async () => {
    limited = await startApi();
  });
  afterAll(() => limited.stop());
  submissionLimitTests(() => limited);
});

describe('admin views of requests', () => {
  it.each(['contact', 'enroll'] as const)(
    '%s: personal data is never readable without a session',
    async (key) => {
      const family = requestFamilies[key];
      for (const target of [family.path, `${family.path}?limit=1`, exportPath(key)]) {
        expect((await api.call(target)).status).toBe(401);
        expect((await api.call(target, { session: 'v1.1.x.y' })).status).toBe(401);
      }
    },
  );

  it('lists newest first: unparameterised in the spec shape, paginated with ?limit&cursor', async () => {
    const path = requestFamilies.contact.path;
    const names = ['Page One', 'Page Two', 'Page Three'];
    for (const name of names) {
      await api.call(path, { method: 'POST', json: { ...CONTACT, name }, ip: freshIp() });
    }
    const all = await api.admin(path);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const plain = await body(all);
    expect(Object.keys(plain).sort()).toEqual(['data', 'success']);
    const items = plain.data as { name: string; createdAt: string }[];
    expect(items.length).toBeLessThanOrEqual(REQUEST_LIST_DEFAULT_LIMIT);
    expect(items.slice(0, 3).map((item) => item.name)).toEqual([...names].reverse());

    const first = await body(await api.admin(`${path}?limit=2`));
    expect((first.data as { name: string }[]).map((item) => item.name)).toEqual(['Page Three', 'Page Two']);
    expect(typeof first.nextCursor).toBe('string');
    const second = await body(
      await api.admin(`${path}?limit=2&cursor=${encodeURIComponent(String(first.nextCursor))}`),
    );
    expect((second.data as { name: string }[])[0]?.name).toBe('Page One');

    const everything: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page = await body(await api.admin(`${path}?limit=3${cursor ? `&cursor=${cursor}` : ''}`));
      everything.push(...(page.data as unknown[]));
      cursor = page.nextCursor ?? null;
    } while (cursor);
    expect(everything).toEqual(items);

    for (const bad of ['limit=0', 'limit=abc', 'limit=100000', 'cursor=%2F..%2F']) {
      expect((await api.admin(`${path}?${bad}`)).status).toBe(400);
    }
  });

  it('deletes a request (spec message), 404 for an unknown id', async () => {
    const path = requestFamilies.enroll.path;
    await api.call(path, { method: 'POST', json: ENROLL, ip: freshIp() });
    const [newest] = (await body(await api.admin(path))).data as { _id: string }[];
    const response = await api.admin(`${path}/${newest?._id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect((await body(response)).message).toBe(ADMIN.enroll.deleted);
    expect(await api.repository.get('enroll', String(newest?._id))).toBeNull();
    expect((await api.admin(`${path}/${newest?._id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api.call(`${path}/${newest?._id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await api.admin(`${path}/${newest?._id}`, { method: 'PUT', json: {} })).status).toBe(405);
  });

  it('exports CSV with escaping and the formula guard', async () => {
    const path = requestFamilies.contact.path;
    await api.call(path, {
      method: 'POST',
      json: { ...CONTACT, name: '=HYPERLINK("http://evil.example")', message: 'Hello, "team"\nLine two' },
      ip: freshIp(),
    });
    const response = await api.admin(exportPath('contact'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contact-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const csv = await response.text();
    const [header] = csv.replace('\uFEFF', '').split('\r\n');
    // Issue 21.6: headers for people, status, note and last update (was `createdAt,name,email,phone,message`).
    expect(header).toBe('Received (IST),Name,Email,Phone,Message,Status,Staff note,Last updated (IST)');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain('"Hello, ""team""\nLine two"');
    // Phone numbers as typed (issue 10.13, docs/decisions.md 22); times in IST (issue 21.6: a readable date and time).
    expect(csv).toContain(',+91 98765 43210,');
    expect(csv).not.toContain("'+91");
    expect(csv).toMatch(/\r\n\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
  });

  it('exports one row per request with its status label, staff note and last update in IST, filters honoured', async () => {
    const path = requestFamilies.enroll.path;
    const name = `Csv Person ${Date.now()}`;
    for (const suffix of ['A', 'B']) {
      await api.call(path, {
        method: 'POST',
        json: { ...ENROLL, name: `${name} ${suffix}`, email: `csv-${suffix}@example.in` },
        ip: freshIp(),
      });
    }
    const [second, first] = (await api.repository.listPage('enroll', { limit: 2 })).items;
    api.clock.advance(90 * 60_000);
    const patched = await api.admin(`${path}/${first?._id}`, {
      method: 'PATCH',
      json: { status: 'contacted', note: 'Called, sending the syllabus' },
    });
    expect(patched.status).toBe(200);
    const updatedAt = String(((await body(patched)).data as { updatedAt: string }).updatedAt);
    const ist = (iso: string) =>
      new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

    const csv = await (await api.admin(`${exportPath('enroll')}?q=${encodeURIComponent(name)}`)).text();
    const rows = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe(
      'Received (IST),Name,Email,Phone,Course,Message,Status,Staff note,Last updated (IST)',
    );
    expect(rows.slice(1)).toEqual([
      `${ist(String(second?.createdAt))},${name} B,csv-B@example.in,9876543210,Ethical Hacking,,New,,${ist(String(second?.updatedAt))}`,
      `${ist(String(first?.createdAt))},${name} A,csv-A@example.in,9876543210,Ethical Hacking,,Contacted,"Called, sending the syllabus",${ist(updatedAt)}`,
    ]);
    const filtered = await (
      await api.admin(`${exportPath('enroll')}?q=${encodeURIComponent(name)}&status=contacted`)
    ).text();
    expect(filtered.replace('\uFEFF', '').trim().split('\r\n')).toHaveLength(2);
  });
});

describe('enrollable courses', () => {
  const path = enrollCourseFamily.path;

  it('lists publicly (CDN-cached), adds with the spec message, refuses a duplicate in any case, deletes', async () => {
    const listed = await api.call(path);
    expect(listed.headers.get('netlify-cache-tag')).toBe(enrollCourseFamily.cacheTag);
    expect(((await body(listed)).data as { courseName: string }[]).map((c) => c.courseName)).toEqual(
      expect.arrayContaining(['Ethical Hacking', 'Cloud Computing']),
    );

    const added = await api.admin(path, { method: 'POST', json: { courseName: '  Web Development ' } });
    expect(added.status).toBe(201);
    const course = await body(added);
    expect(course.message).toBe(ADMIN.enrollCourse.added);
    expect(course.data).toMatchObject({ courseName: 'Web Development' });

    const duplicate = await api.admin(path, { method: 'POST', json: { courseName: 'WEB development' } });
    expect(duplicate.status).toBe(400);
    expect(await body(duplicate)).toMatchObject({
      message: VALIDATION.courseDuplicate,
      errors: { courseName: VALIDATION.courseDuplicate },
    });

    const empty = await api.admin(path, { method: 'POST', json: { courseName: '   ' } });
    expect(await body(empty)).toMatchObject({ message: VALIDATION.courseTitleRequired });

    const id = (course.data as { _id: string })._id;
    const removed = await api.admin(`${path}/${id}`, { method: 'DELETE' });
    expect((await body(removed)).message).toBe(ADMIN.enrollCourse.deleted);
    expect((await api.admin(`${path}/${id}`, { method: 'DELETE' })).status).toBe(404);
    // The name is free again once deleted.
    expect((await api.admin(path, { method: 'POST', json: { courseName: 'web development' } })).status).toBe(
      201,
    );
  });

  it('needs a session and same origin for writes', async () => {
    expect((await api.call(path, { method: 'POST', json: { courseName: 'X' } })).status).toBe(401);
    expect(
      (await api.admin(path, { method: 'POST', json: { courseName: 'X' }, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect((await api.admin(path, { method: 'PUT', json: {} })).status).toBe(405);
  });
});

describe('stats', () => {
  const path = statsFamily.path;

  it('reads 0 before anything is set, then what the admin stores', async () => {
    const initial = await api.call(path);
    expect(initial.headers.get('netlify-cache-tag')).toBe(statsFamily.cacheTag);
    expect(await body(initial)).toEqual({ success: true, data: { totalCourses: 0 } });

    const updated = await api.admin(path, { method: 'PUT', json: { totalCourses: 42 } });
    expect(updated.status).toBe(200);
    expect(await body(updated)).toEqual({
      success: true,
      data: { totalCourses: 42 },
      message: ADMIN.stats.updated,
    });
    expect((await body(await api.call(path))).data).toEqual({ totalCourses: 42 });
    expect((await api.admin(path, { method: 'PUT', json: { totalCourses: 0 } })).status).toBe(200);
  });

  it.each([[-1], [1.5], ['12'], [null], [1e9]])('refuses totalCourses %j', async (value) => {
    const response = await api.admin(path, { method: 'PUT', json: { totalCourses: value } });
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ errors: { totalCourses: VALIDATION.totalCoursesInvalid } });
  });

  it('needs a session and same origin to update; POST is not a method here', async () => {
    expect((await api.call(path, { method: 'PUT', json: { totalCourses: 5 } })).status).toBe(401);
    expect(
      (await api.admin(path, { method: 'PUT', json: { totalCourses: 5 }, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    const post = await api.admin(path, { method: 'POST', json: { totalCourses: 5 } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, PUT, HEAD');
  });
});
