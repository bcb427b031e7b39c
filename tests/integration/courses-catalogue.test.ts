/**
 * The course catalogue (issue 22) through the real API on a real store: the publish gate (a course is published
 * only with its prospectus, a message per missing field; a draft may be incomplete), references between trainers,
 * courses and batches (refused when they name nothing, deletes refused while referred to), and
 * `GET /api/v1/batch/availability` with each batch's derived state at its IST boundaries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_REASONS } from '../../src/lib/api-messages.ts';
import { contentFamilies, contentFamily, type ContentFamily } from '../../src/lib/collections.ts';
import { textField } from '../../src/lib/fields.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { COURSE_WORDS } from '../../src/families/course.ts';
import { BATCH_WORDS } from '../../src/families/batch.ts';
import { availabilityPath } from '../../src/server/handlers/batch-availability-handler.ts';
import { REGISTRY } from '../../src/server/handlers/api-registry.ts';
import { body, startApi, type Api } from './api-harness.ts';

const { trainer: trainers, course: courses, batch: batches } = contentFamilies;
type Item = Record<string, unknown> & { _id: string };

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

async function create(family: ContentFamily, json: Record<string, unknown>): Promise<Item> {
  const response = await api.admin(family.path, { method: 'POST', json });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}

/** Whether the Site settings this branch ships have a refund policy to stand in for a course's own. */
const defaultPolicy = (SITE_SETTINGS_SEED as unknown as Record<string, unknown>).refundPolicy;
const hasDefaultPolicy = typeof defaultPolicy === 'string' && defaultPolicy.trim() !== '';

const prospectus = (trainerId: string) => ({
  syllabus: [{ title: 'Reconnaissance', topics: ['OSINT', 'Nmap'] }],
  duration: '8 weeks, 48 hours',
  fee: 2_500_000,
  gstIncluded: true,
  trainers: [trainerId],
  refundPolicy: 'Full refund up to 7 days before the start.',
});

describe('publishing a course', () => {
  it('is refused without its prospectus, with a message per missing field, and stores nothing', async () => {
    const before = await api.repository.count(courses.key);
    const response = await api.admin(courses.path, { method: 'POST', json: { title: 'Ethical Hacking' } });
    expect(response.status).toBe(400);
    const answer = await body(response);
    const expected: Record<string, string> = {
      syllabus: COURSE_WORDS.publishNeedsSyllabus,
      duration: COURSE_WORDS.publishNeedsDuration,
      fee: COURSE_WORDS.publishNeedsFee,
      trainers: COURSE_WORDS.publishNeedsTrainer,
      ...(hasDefaultPolicy ? {} : { refundPolicy: COURSE_WORDS.publishNeedsRefundPolicy }),
    };
    expect(answer.errors).toEqual(expected);
    expect(answer.message).toBe(COURSE_WORDS.publishNeedsSyllabus);
    expect(await api.repository.count(courses.key)).toBe(before);
  });

  it('takes an incomplete draft, refuses to publish it until complete, then publishes', async () => {
    const draft = await create(courses, { title: 'Cloud Security', published: false, duration: '5 weeks' });
    expect(draft).toMatchObject({ published: false, slug: 'cloud-security' });

    // The admin's publish toggle sends the flag alone: the stored item is what is checked.
    const toggle = await api.admin(`${courses.path}/${draft._id}`, {
      method: 'PUT',
      json: { published: true },
    });
    expect(toggle.status).toBe(400);
    const refused = (await body(toggle)).errors as Record<string, string>;
    expect(Object.keys(refused)).toEqual(
      expect.arrayContaining(['syllabus', 'fee', 'trainers', ...(hasDefaultPolicy ? [] : ['refundPolicy'])]),
    );
    expect(refused).not.toHaveProperty('duration');
    expect(await api.repository.get(courses.key, draft._id)).toMatchObject({ published: false });
    expect((await api.call(`${courses.path}/${draft._id}`)).status).toBe(404);

    const rohan = await create(trainers, { name: 'Rohan Kulkarni', qualifications: ['CCSK'] });
    const complete = await api.admin(`${courses.path}/${draft._id}`, {
      method: 'PUT',
      json: { title: 'Cloud Security', ...prospectus(rohan._id), published: true },
    });
    expect(complete.status, JSON.stringify(await body(complete.clone()))).toBe(200);
    const listed = (await body(await api.call(courses.path))).data as Item[];
    expect(listed.find((item) => item._id === draft._id)).toMatchObject({
      fee: 2_500_000,
      trainers: [rohan._id],
      syllabus: [{ title: 'Reconnaissance', topics: ['OSINT', 'Nmap'] }],
    });

    // A published course cannot lose a required field either; unpublishing first is allowed.
    const emptied = await api.admin(`${courses.path}/${draft._id}`, {
      method: 'PUT',
      json: { title: 'Cloud Security', ...prospectus(rohan._id), duration: '' },
    });
    expect(emptied.status).toBe(400);
    expect((await body(emptied)).errors).toEqual({ duration: COURSE_WORDS.publishNeedsDuration });
    const unpublished = await api.admin(`${courses.path}/${draft._id}`, {
      method: 'PUT',
      json: { title: 'Cloud Security', ...prospectus(rohan._id), duration: '', published: false },
    });
    expect(unpublished.status).toBe(200);
  });
});

describe('a publish requirement with a Site settings default', () => {
  // A fixture family whose requirement falls back to a setting every branch has (the company e-mail address).
  const notice = contentFamily('catalogueNotice', {
    fields: [
      textField('title', { label: 'Title', max: 80, required: 'Title is required' }),
      textField('contact', { label: 'Contact', max: 80, required: null }),
      textField('terms', { label: 'Terms', max: 80, required: null }),
    ],
    confirmDelete: null,
    messages: {
      added: 'Added',
      updated: 'Updated',
      deleted: 'Deleted',
      empty: 'None',
      fetchFailed: 'Failed',
      addFailed: 'Failed',
      updateFailed: 'Failed',
      deleteFailed: 'Failed',
    },
    publishRequires: [
      { field: 'contact', message: 'Add a contact', setting: 'email' },
      { field: 'terms', message: 'Add the terms', setting: 'noSuchSetting' },
    ],
  });
  let fixtureApi: Api;
  beforeAll(async () => {
    fixtureApi = await startApi({ registry: { ...REGISTRY, content: [...REGISTRY.content, notice] } });
  });
  afterAll(() => fixtureApi.stop());

  it('is met by the setting when the item leaves it empty; a setting that does not exist meets nothing', async () => {
    const refused = await fixtureApi.admin(notice.path, { method: 'POST', json: { title: 'Open day' } });
    expect(refused.status).toBe(400);
    expect((await body(refused)).errors).toEqual({ terms: 'Add the terms' });
    const accepted = await fixtureApi.admin(notice.path, {
      method: 'POST',
      json: { title: 'Open day', terms: 'Free entry' },
    });
    expect(accepted.status).toBe(201);
  });
});

describe('a trainer', () => {
  it('needs no qualifications, and an update that does not send them keeps them', async () => {
    const bare = await create(trainers, { name: 'Kiran Shah' });
    expect(bare).not.toHaveProperty('qualifications');
    expect(trainers.itemSchema.safeParse(bare).success).toBe(true);
    const qualified = await create(trainers, { name: 'Neha Joshi', qualifications: ['OSCP', ' ', 'CISSP'] });
    expect(qualified.qualifications).toEqual(['OSCP', 'CISSP']);
    const renamed = await api.admin(`${trainers.path}/${qualified._id}`, {
      method: 'PUT',
      json: { name: 'Neha Joshi-Rao' },
    });
    expect((await body(renamed)).data).toMatchObject({
      name: 'Neha Joshi-Rao',
      qualifications: ['OSCP', 'CISSP'],
    });
  });
});

describe('references', () => {
  it('refuses a course naming no trainer, and a batch naming no course, storing nothing', async () => {
    const course = await api.admin(courses.path, {
      method: 'POST',
      json: { title: 'Ghost course', published: false, trainers: ['0000000000zzzzzzzzzz'] },
    });
    expect(course.status).toBe(400);
    expect((await body(course)).errors).toEqual({
      trainers: FIELD_REASONS.referenceMissing(COURSE_WORDS.trainers),
    });
    const before = await api.repository.count(batches.key);
    const batch = await api.admin(batches.path, {
      method: 'POST',
      json: {
        name: 'Ghost batch',
        course: '0000000000zzzzzzzzzz',
        startDate: '2026-03-14',
        endDate: '2026-05-09',
        schedule: 'Sat–Sun',
        mode: 'online',
        capacity: 20,
      },
    });
    expect(batch.status).toBe(400);
    expect((await body(batch)).errors).toEqual({
      course: FIELD_REASONS.referenceMissing(BATCH_WORDS.course),
    });
    expect(await api.repository.count(batches.key)).toBe(before);
  });

  it('refuses to delete a trainer a course names, or a course a batch belongs to, naming them', async () => {
    const asha = await create(trainers, { name: 'Asha Rao' });
    const course = await create(courses, { title: 'Web Application Security', ...prospectus(asha._id) });
    await create(batches, {
      name: 'WAS weekend',
      course: course._id,
      startDate: '2026-03-14',
      endDate: '2026-05-09',
      schedule: 'Sat–Sun, 10 am–1 pm IST',
      mode: 'hybrid',
      capacity: 20,
    });
    const trainerDelete = await api.admin(`${trainers.path}/${asha._id}`, { method: 'DELETE' });
    expect(trainerDelete.status).toBe(409);
    expect((await body(trainerDelete)).message).toBe(
      FIELD_REASONS.referencedBy(['Web Application Security']),
    );
    const courseDelete = await api.admin(`${courses.path}/${course._id}`, { method: 'DELETE' });
    expect(courseDelete.status).toBe(409);
    expect((await body(courseDelete)).message).toBe(FIELD_REASONS.referencedBy(['WAS weekend']));
    expect(await api.repository.get(trainers.key, asha._id)).not.toBeNull();
  });
});

describe('GET /api/v1/batch/availability', () => {
  it('answers each published batch’s seats and derived state, cacheable at the CDN for at most 60 s', async () => {
    const meera = await create(trainers, { name: 'Meera Iyer' });
    const course = await create(courses, { title: 'Full-Stack Web Development', ...prospectus(meera._id) });
    const batch = (name: string, fields: Record<string, unknown>) =>
      create(batches, {
        name,
        course: course._id,
        schedule: 'Mon–Fri, 8–10 am IST',
        mode: 'classroom',
        startDate: '2026-03-14',
        endDate: '2026-05-09',
        ...fields,
      });
    const roomy = await batch('Roomy', { capacity: 10 });
    const filling = await batch('Filling', { capacity: 10 });
    const full = await batch('Full', { capacity: 5 });
    const draft = await batch('Draft', { capacity: 5, published: false });
    // Synthetic seat holders: the form stores no batch yet (issue 22.5), so the store is written directly.
    const enrol = async (batchId: string, count: number, status = 'enrolled') => {
      for (let n = 0; n < count; n += 1)
        await api.repository.create('enroll', {
          name: `Student ${n}`,
          email: `s${n}@example.com`,
          phone: '+91 98765 43210',
          course: 'Full-Stack Web Development',
          batch: batchId,
          status,
        });
    };
    await enrol(roomy._id, 3, 'contacted');
    await enrol(filling._id, 8);
    await enrol(full._id, 5);

    const availability = async (now: string) => {
      api.clock.now = new Date(now);
      const response = await api.call(availabilityPath);
      expect(response.status).toBe(200);
      return { response, data: (await body(response)).data as Record<string, unknown>[] };
    };
    // 13 March 2026, 23:59 IST: the evening before the first class.
    const { response, data } = await availability('2026-03-13T18:29:00.000Z');
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=60');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const mine = (rows: Record<string, unknown>[]) =>
      rows.filter((row) => [roomy, filling, full, draft].some((candidate) => candidate._id === row._id));
    expect(mine(data)).toEqual([
      { _id: roomy._id, course: course._id, capacity: 10, seatsLeft: 10, state: 'open' },
      { _id: filling._id, course: course._id, capacity: 10, seatsLeft: 2, state: 'filling' },
      { _id: full._id, course: course._id, capacity: 5, seatsLeft: 0, state: 'full' },
    ]);
    // IST midnight of the first day: started. After the last IST day: finished.
    const started = await availability('2026-03-13T18:30:00.000Z');
    expect(mine(started.data).map((row) => row.state)).toEqual(['started', 'started', 'started']);
    const finished = await availability('2026-05-09T18:30:00.000Z');
    expect(mine(finished.data).map((row) => row.state)).toEqual(['finished', 'finished', 'finished']);
    api.clock.now = new Date();

    // A batch's own item route is unaffected by the availability route beside it.
    expect((await api.call(`${batches.path}/${roomy._id}`)).status).toBe(200);
    expect((await api.admin(availabilityPath, { method: 'POST', json: {} })).status).toBe(405);
  });
});
