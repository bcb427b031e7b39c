/**
 * Issue 12's routes through the API function: order, drafts, trash (restore, purge), history, alt text, item
 * by id, imageUrl, public CORS and the course rename. Every refusal is checked to change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentFamilies,
  enrollCourseFamily,
  orderPath,
  requestFamilies,
  revisionRestorePath,
  revisionsPath,
  TRASH_PATH,
  trashRestorePath,
  type ContentFamily,
} from '../../src/lib/collections.ts';
import { MAX_LENGTH } from '../../src/lib/constants.ts';
import { API, VALIDATION } from '../../src/lib/api-messages.ts';
import { jpegWithExifAndGps } from '../../src/server/images/image-fixtures.ts';
import type { StoredItem } from '../../src/server/repository/port.ts';
import { sampleInput } from '../support/family-samples.ts';
import { body, multipart, startApi, type Api } from './api-harness.ts';

let api: Api;
let photo: Buffer;
beforeAll(async () => {
  api = await startApi();
  photo = await jpegWithExifAndGps(480, 360);
});
afterAll(async () => {
  await api?.stop();
});

/** The last item added of each family: a later family's references point at it (a course at its trainer). */
const added: Record<string, string> = {};
const add = async (family: ContentFamily, fields: Record<string, unknown> = {}) => {
  const input = { ...sampleInput(family, 'Sample', (to) => added[to]), ...fields };
  const response = await api.admin(family.path, {
    method: 'POST',
    ...(family.multipart ? { form: multipart(input, { bytes: photo }) } : { json: input }),
  });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  const item = (await body(response)).data as StoredItem;
  added[family.key] = item._id;
  return item;
};
const publicList = async (family: ContentFamily) =>
  (await body(await api.call(family.path))).data as StoredItem[];
const titles = (items: StoredItem[]) => items.map((item) => item.title);
/** What a refused request must leave untouched. */
const snapshot = async (family: ContentFamily) => ({
  items: await api.repository.list(family.key),
  trash: await api.repository.listTrash(),
});

/** Each refusal: 401 without a session, 403 from another origin; the envelope and an unchanged store. */
async function expectGuarded(family: ContentFamily, path: string, method: string, json?: unknown) {
  const before = await snapshot(family);
  const anonymous = await api.call(path, { method, ...(json ? { json } : {}) });
  expect(anonymous.status).toBe(401);
  expect(await body(anonymous)).toEqual({ success: false, message: API.unauthorized });
  const foreign = await api.admin(path, {
    method,
    origin: 'https://evil.example',
    ...(json ? { json } : {}),
  });
  expect(foreign.status).toBe(403);
  expect(await body(foreign)).toEqual({ success: false, message: API.forbiddenOrigin });
  expect(await snapshot(family)).toEqual(before);
}

describe('order', () => {
  const family = contentFamilies.homeService;

  it('PUT /order sets the order in one write, answers the list in order, and new items go last', async () => {
    const [a, b, c] = [
      await add(family, { title: 'A' }),
      await add(family, { title: 'B' }),
      await add(family, { title: 'C' }),
    ];
    const response = await api.admin(orderPath(family), {
      method: 'PUT',
      json: { ids: [c._id, a._id, b._id] },
    });
    expect(response.status).toBe(200);
    const answer = await body(response);
    expect(answer.message).toBe(API.orderSaved);
    expect((answer.data as StoredItem[]).map((item) => [item.title, item.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect(titles(await publicList(family))).toEqual(['C', 'A', 'B']);
    await add(family, { title: 'D' });
    expect((await publicList(family)).map((item) => [item.title, item.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
      ['D', 3],
    ]);
  });

  it('answers 409 for anything but a permutation of the current ids, 400 for a malformed body; nothing changes', async () => {
    const ids = (await publicList(family)).map((item) => item._id);
    const before = await snapshot(family);
    for (const wrong of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), '0000000000zzzzzzzzzz'], []]) {
      const response = await api.admin(orderPath(family), { method: 'PUT', json: { ids: wrong } });
      expect(response.status).toBe(409);
      expect(await body(response)).toEqual({ success: false, message: API.orderConflict });
    }
    for (const malformed of [{}, { ids: 'x' }, { ids: [1, 2] }, { ids, extra: true }]) {
      const response = await api.admin(orderPath(family), { method: 'PUT', json: malformed });
      expect(response.status).toBe(400);
      expect((await body(response)).success).toBe(false);
    }
    expect(await snapshot(family)).toEqual(before);
    await expectGuarded(family, orderPath(family), 'PUT', { ids: [...ids].reverse() });
  });
});

describe('drafts', () => {
  const family = contentFamilies.career;

  it('keeps unpublished items out of public lists and items, shows them to an admin with ?drafts=1', async () => {
    const live = await add(family, { title: 'Live role' });
    const draft = await add(family, { title: 'Draft role', published: false });
    expect(draft.published).toBe(false);
    expect(live.published).toBe(true);
    expect(titles(await publicList(family))).toEqual(['Live role']);
    expect((await api.call(`${family.path}/${draft._id}`)).status).toBe(404);
    expect((await api.call(`${family.path}/${live._id}`)).status).toBe(200);

    const drafts = await api.admin(`${family.path}?drafts=1`);
    expect(drafts.headers.get('cache-control')).toBe('no-store');
    expect(drafts.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await body(drafts)).data as StoredItem[]).map((item) => [item.title, item.published])).toEqual([
      ['Live role', true],
      ['Draft role', false],
    ]);
    const anonymous = await api.call(`${family.path}?drafts=1`);
    expect(anonymous.status).toBe(401);
    expect((await api.admin(`${family.path}/${draft._id}?drafts=1`)).status).toBe(200);

    // Publishing is an ordinary update (multipart sends the text 'true').
    const published = await api.admin(`${family.path}/${draft._id}`, {
      method: 'PUT',
      form: multipart({ ...sampleInput(family, 'x'), title: 'Draft role', published: 'true' }),
    });
    expect(published.status).toBe(200);
    expect(titles(await publicList(family))).toEqual(['Live role', 'Draft role']);

    const invalid = await api.admin(`${family.path}/${draft._id}`, {
      method: 'PUT',
      json: { ...sampleInput(family, 'x'), published: 'maybe' },
    });
    expect(invalid.status).toBe(400);
    expect((await body(invalid)).errors).toEqual({ published: API.publishedInvalid });
  });
});

describe('trash', () => {
  const family = contentFamilies.serviceContent;

  it('DELETE keeps the spec answer; the trash lists it; restore brings back id, fields, picture and place', async () => {
    const first = await add(family, { title: 'First' });
    const second = await add(family, { title: 'Second' });
    const third = await add(family, { title: 'Third' });
    await api.admin(orderPath(family), { method: 'PUT', json: { ids: [third._id, second._id, first._id] } });
    const deleted = await api.admin(`${family.path}/${second._id}`, { method: 'DELETE' });
    expect(await body(deleted)).toEqual({
      success: true,
      data: { _id: second._id },
      message: family.messages.deleted,
    });
    expect(titles(await publicList(family))).toEqual(['Third', 'First']);

    const trash = (await body(await api.admin(TRASH_PATH))).data as Record<string, unknown>[];
    expect(trash).toContainEqual({
      _id: second._id,
      family: family.key,
      title: 'Second',
      deletedAt: api.clock.now.toISOString(),
      // Issue 21.11: the trash says who deleted it (the harness's owner is named Owner).
      deletedBy: 'Owner',
    });
    // The picture stays while the item can come back.
    expect((await api.call(String(second.imageUrl))).status).toBe(200);

    const restored = await api.admin(trashRestorePath(family.key, second._id), { method: 'POST' });
    expect(restored.status).toBe(200);
    const answer = await body(restored);
    expect(answer.message).toBe(API.restored);
    expect(answer.data).toMatchObject({ _id: second._id, title: 'Second', image: second.image });
    expect(titles(await publicList(family))).toEqual(['Third', 'Second', 'First']);
    expect((await api.admin(trashRestorePath(family.key, second._id), { method: 'POST' })).status).toBe(404);
  });

  it('restores contact and enrolment deletes too, and refuses a course name taken meanwhile (409)', async () => {
    await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'Malware analysis' } });
    const sent = await api.call(requestFamilies.enroll.path, {
      method: 'POST',
      json: { name: 'Ravi', email: 'ravi@example.in', phone: '9876543210', course: 'malware analysis' },
    });
    expect(sent.status).toBe(201);
    const [enrolment] = await api.repository.list('enroll');
    await api.admin(`${requestFamilies.enroll.path}/${enrolment!._id}`, { method: 'DELETE' });
    expect((await body(await api.admin(TRASH_PATH))).data).toContainEqual(
      expect.objectContaining({ _id: enrolment!._id, family: 'enroll', title: 'Ravi' }),
    );
    expect((await api.admin(trashRestorePath('enroll', enrolment!._id), { method: 'POST' })).status).toBe(
      200,
    );
    expect(await api.repository.get('enroll', enrolment!._id)).toEqual(enrolment);

    const [course] = await api.repository.list('enrollCourse');
    await api.admin(`${enrollCourseFamily.path}/${course!._id}`, { method: 'DELETE' });
    await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'MALWARE ANALYSIS' } });
    const trashBefore = await api.repository.listTrash();
    const clash = await api.admin(trashRestorePath('enrollCourse', course!._id), { method: 'POST' });
    expect(clash.status).toBe(409);
    expect(await body(clash)).toEqual({ success: false, message: API.restoreConflict });
    expect(await api.repository.listTrash()).toEqual(trashBefore);
  });

  it('guards the trash: 401, 403, 404 for unknown families and ids; nothing changes', async () => {
    // A picture of its own (pictures are shared by content): the purge may free it.
    const doomedInput = { ...sampleInput(family, 'Doomed'), title: 'Doomed' };
    const doomed = (
      await body(
        await api.admin(family.path, {
          method: 'POST',
          form: multipart(doomedInput, { bytes: await jpegWithExifAndGps(491, 373) }),
        }),
      )
    ).data as StoredItem;
    await api.admin(`${family.path}/${doomed._id}`, { method: 'DELETE' });
    await expectGuarded(family, trashRestorePath(family.key, doomed._id), 'POST');
    expect((await api.call(TRASH_PATH)).status).toBe(401);
    const before = await snapshot(family);
    expect((await api.admin(trashRestorePath('nope', doomed._id), { method: 'POST' })).status).toBe(404);
    expect(
      (await api.admin(trashRestorePath(family.key, '0000000000zzzzzzzzzz'), { method: 'POST' })).status,
    ).toBe(404);
    expect((await api.admin(trashRestorePath('career', doomed._id), { method: 'POST' })).status).toBe(404);
    expect((await api.admin(TRASH_PATH, { method: 'DELETE' })).status).toBe(405);
    expect(await snapshot(family)).toEqual(before);
    // Restorable right up to the retention; the purge then removes it and frees its picture.
    expect((await api.call(String(doomed.imageUrl))).status).toBe(200);
    expect(await api.purgeExpiredTrash()).toBeGreaterThan(0);
    expect((await body(await api.admin(TRASH_PATH))).data).toEqual([]);
    expect((await api.call(String(doomed.imageUrl))).status).toBe(404);
    expect((await api.admin(trashRestorePath(family.key, doomed._id), { method: 'POST' })).status).toBe(404);
  });
});

describe('history', () => {
  const family = contentFamilies.homeCourse;

  it('keeps every version, newest first, and restores one as a new version', async () => {
    const item = await add(family, { title: 'Yesterday' });
    const path = `${family.path}/${item._id}`;
    expect((await body(await api.admin(revisionsPath(family, item._id)))).data).toEqual([]);
    await api.admin(path, { method: 'PUT', json: { title: 'Today', description: 'Changed' } });
    const revisions = (await body(await api.admin(revisionsPath(family, item._id)))).data as {
      rev: string;
      savedAt: string;
      data: StoredItem;
    }[];
    expect(revisions.map((revision) => revision.data.title)).toEqual(['Today', 'Yesterday']);
    const yesterday = revisions[1]!;
    const restored = await api.admin(revisionRestorePath(family, item._id, yesterday.rev), {
      method: 'POST',
    });
    expect(restored.status).toBe(200);
    expect(await body(restored)).toMatchObject({
      message: API.revisionRestored,
      data: { title: 'Yesterday', description: item.description },
    });
    const after = (await body(await api.admin(revisionsPath(family, item._id)))).data as {
      data: StoredItem;
    }[];
    expect(after.map((revision) => revision.data.title)).toEqual(['Yesterday', 'Today', 'Yesterday']);
  });

  it('answers 404 for unknown items and versions, and guards both routes; nothing changes', async () => {
    const item = await add(family, { title: 'Guarded' });
    await api.admin(`${family.path}/${item._id}`, {
      method: 'PUT',
      json: { title: 'Guarded 2', description: 'd' },
    });
    const [, original] = await api.repository.revisions(family.key, item._id);
    expect((await api.admin(revisionsPath(family, '0000000000zzzzzzzzzz'))).status).toBe(404);
    const before = await snapshot(family);
    expect(
      (await api.admin(revisionRestorePath(family, item._id, '0000000000zzzzzzzzzz'), { method: 'POST' }))
        .status,
    ).toBe(404);
    expect(await snapshot(family)).toEqual(before);
    expect((await api.call(revisionsPath(family, item._id))).status).toBe(401);
    await expectGuarded(family, revisionRestorePath(family, item._id, original!.rev), 'POST');
  });
});

describe('alt text, item by id, imageUrl and CORS', () => {
  const family = contentFamilies.homeContent;

  it('stores a trimmed alt of at most 150 characters on every image family, and refuses a longer one', async () => {
    for (const imageFamily of Object.values(contentFamilies).filter((candidate) => candidate.image)) {
      const item = await add(imageFamily, { alt: '  A padlock on a circuit board  ' });
      expect(item.alt).toBe('A padlock on a circuit board');
    }
    const before = await snapshot(family);
    const tooLong = await api.admin(family.path, {
      method: 'POST',
      form: multipart({ title: 'x', alt: 'a'.repeat(MAX_LENGTH.alt + 1) }, { bytes: photo }),
    });
    expect(tooLong.status).toBe(400);
    expect((await body(tooLong)).errors).toEqual({ alt: VALIDATION.tooLong(MAX_LENGTH.alt) });
    expect(await snapshot(family)).toEqual(before);
    // Families without a picture have no alt.
    const noImage = await api.admin(contentFamilies.homeCourse.path, {
      method: 'POST',
      json: { ...sampleInput(contentFamilies.homeCourse, 'x'), alt: 'nothing to describe' },
    });
    expect(noImage.status).toBe(400);
  });

  it('GET /{family}/{id} answers the item with its position and imageUrl, publicly with CORS', async () => {
    const item = await add(family, { title: 'By id' });
    const response = await api.call(`${family.path}/${item._id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const found = (await body(response)).data as StoredItem;
    expect(found).toMatchObject({ _id: item._id, title: 'By id', imageUrl: item.image, published: true });
    expect(typeof found.position).toBe('number');
    expect((await api.call(`${family.path}/0000000000zzzzzzzzzz`)).status).toBe(404);

    const service = await add(contentFamilies.homeService);
    expect(service.imageUrl).toBe(`/uploads/services/${String(service.image)}`);
    expect((await api.call(String(service.imageUrl))).status).toBe(200);
  });

  it('answers CORS on public reads only: never on admin reads or writes', async () => {
    expect((await api.call(family.path)).headers.get('access-control-allow-origin')).toBe('*');
    expect((await api.call(enrollCourseFamily.path)).headers.get('access-control-allow-origin')).toBe('*');
    expect(
      (await api.admin(requestFamilies.contact.path)).headers.get('access-control-allow-origin'),
    ).toBeNull();
    const write = await api.admin(contentFamilies.homeCourse.path, {
      method: 'POST',
      json: sampleInput(contentFamilies.homeCourse, 'cors'),
    });
    expect(write.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('PUT /enrollCourse/{id}', () => {
  it('renames (unique names kept), deactivates, and keeps existing enrolments readable', async () => {
    const created = await api.admin(enrollCourseFamily.path, {
      method: 'POST',
      json: { courseName: 'Red teaming' },
    });
    const course = (await body(created)).data as StoredItem;
    await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'Blue teaming' } });
    await api.call(requestFamilies.enroll.path, {
      method: 'POST',
      json: { name: 'Meera', email: 'meera@example.in', phone: '9876543210', course: 'Red teaming' },
    });
    const path = `${enrollCourseFamily.path}/${course._id}`;

    const renamed = await api.admin(path, { method: 'PUT', json: { courseName: 'Red teaming (advanced)' } });
    expect(await body(renamed)).toMatchObject({
      message: API.courseUpdated,
      data: { _id: course._id, courseName: 'Red teaming (advanced)' },
    });
    const enrolments = (await body(await api.admin(requestFamilies.enroll.path))).data as StoredItem[];
    expect(enrolments).toContainEqual(expect.objectContaining({ name: 'Meera', course: 'Red teaming' }));

    const before = await api.repository.list('enrollCourse');
    const duplicate = await api.admin(path, { method: 'PUT', json: { courseName: ' BLUE TEAMING ' } });
    expect(duplicate.status).toBe(400);
    expect(await body(duplicate)).toMatchObject({ message: VALIDATION.courseDuplicate });
    for (const invalid of [{}, { isActive: 'no' }, { courseName: '' }, { other: 1 }]) {
      expect((await api.admin(path, { method: 'PUT', json: invalid })).status).toBe(400);
    }
    expect(
      (
        await api.admin(`${enrollCourseFamily.path}/0000000000zzzzzzzzzz`, {
          method: 'PUT',
          json: { isActive: false },
        })
      ).status,
    ).toBe(404);
    expect((await api.call(path, { method: 'PUT', json: { isActive: false } })).status).toBe(401);
    expect(
      (await api.admin(path, { method: 'PUT', json: { isActive: false }, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect(await api.repository.list('enrollCourse')).toEqual(before);

    // Inactive: gone from the public list and from enrolment, still listed for the admin.
    expect((await api.admin(path, { method: 'PUT', json: { isActive: false } })).status).toBe(200);
    const offered = (await body(await api.call(enrollCourseFamily.path))).data as StoredItem[];
    expect(offered.map((entry) => entry.courseName)).not.toContain('Red teaming (advanced)');
    const all = (await body(await api.admin(`${enrollCourseFamily.path}?drafts=1`))).data as StoredItem[];
    expect(all).toContainEqual(expect.objectContaining({ _id: course._id, isActive: false }));
    const refused = await api.call(requestFamilies.enroll.path, {
      method: 'POST',
      json: { name: 'Late', email: 'late@example.in', phone: '9876543210', course: 'Red teaming (advanced)' },
    });
    expect(refused.status).toBe(400);
    expect((await body(refused)).errors).toEqual({ course: VALIDATION.courseUnknown });
  });
});
