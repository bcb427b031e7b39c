/**
 * Enrolment into a catalogue batch (issue 22.5) through the real API on both stores: the request stores its batch
 * beside the course name, a full batch takes it onto the waitlist (said in the answer), a started, finished,
 * unknown or other course's batch is refused naming `batch` with nothing stored; staff marking requests
 * `enrolled` lowers the batch's seats (the last seat makes it full) and purges the batch tag; the `batch` filter
 * gives the roster and its CSV; the daily check asks for one rebuild when a batch starts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentFamilies, exportPath, requestFamilies, trashRestorePath } from '../../src/lib/collections.ts';
import { ENROLL_WAITLISTED, ENROLMENT_PAGE } from '../../src/lib/messages.ts';
import { API } from '../../src/lib/api-messages.ts';
import { availabilityPath } from '../../src/server/handlers/batch-availability-handler.ts';
import { closeStartedBatches } from '../../src/server/rebuild/batch-close.ts';
import { runScheduledPurge } from '../../src/server/rebuild/scheduled.ts';
import {
  addBatch,
  addCourse,
  addEnrolNames,
  addTrainer,
  EH_PROSPECTUS,
  EVENINGS_IN_MARCH,
  MANY_SUBMISSIONS,
  type Item,
} from '../support/catalogue.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const { batch: batches } = contentFamilies;
const enroll = requestFamilies.enroll;

describe.each(STORE_BACKENDS)('enrolment into a batch on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  const purged: string[] = [];
  let nextIp = 1;
  const freshIp = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'batch-enrol', {
      env: MANY_SUBMISSIONS,
      deps: {
        purgeCache: async (tags) => {
          purged.push(...tags);
        },
      },
    }));
    // 1 March 2026, noon IST: before every batch below starts.
    api.clock.now = new Date('2026-03-01T06:30:00.000Z');
    await addEnrolNames(api, 'Certified Ethical Hacking Foundations', 'Cloud Security Essentials');
  });
  afterAll(() => stop());

  let course: Item;
  const batch = (name: string, fields: Record<string, unknown>) =>
    addBatch(api, course, name, { ...EVENINGS_IN_MARCH, ...fields });

  beforeAll(async () => {
    course = await addCourse(api, await addTrainer(api, 'Priya Verma'), 'Ethical Hacking', {
      // The link to the enrolment name its requests store (the title is not one of the Courses names).
      enrollName: 'Certified Ethical Hacking Foundations',
      ...EH_PROSPECTUS,
    });
  });

  const student = (n: number, fields: Record<string, unknown> = {}) => ({
    name: `Student ${backend} ${n}`,
    email: `student${n}@example.in`,
    phone: '9876543210',
    course: 'Certified Ethical Hacking Foundations',
    message: '',
    ...fields,
  });
  const submit = (json: Record<string, unknown>) =>
    api.call(enroll.path, { method: 'POST', json, ip: freshIp() });
  const requestsOf = async (batchId: string) =>
    (await api.repository.list(enroll.key)).filter((item) => item.batch === batchId);
  const seatsOf = async (batchId: string) => {
    const response = await api.call(availabilityPath);
    const entry = ((await body(response)).data as Item[]).find((item) => item._id === batchId);
    return { seatsLeft: entry?.seatsLeft, state: entry?.state };
  };
  const markEnrolled = async (id: string, status = 'enrolled') => {
    const response = await api.admin(`${enroll.path}/${id}`, { method: 'PATCH', json: { status } });
    expect(response.status).toBe(200);
  };

  it('stores the batch beside the course name, fills seats as staff enrol, and waitlists a full batch', async () => {
    const evening = await batch('EH evenings', {});
    const first = await submit(student(1, { batch: evening._id }));
    expect(first.status).toBe(201);
    // The spec's answer for a batch with seats, with the student's enrolment page added (docs/decisions.md §74).
    expect(await body(first)).toEqual({
      success: true,
      data: null,
      message: API.enrollReceived,
      enrolmentPage: { href: expect.stringMatching(/^\/enrolment\//), text: ENROLMENT_PAGE.formLink },
    });
    const [stored] = await requestsOf(evening._id);
    // Sent under the Courses name the course is listed under, stored under the course's one name (its title):
    // docs/decisions.md §62.
    expect(stored).toMatchObject({
      course: 'Ethical Hacking',
      batch: evening._id,
      status: 'new',
    });
    expect(await seatsOf(evening._id)).toEqual({ seatsLeft: 2, state: 'open' });

    // Staff enrol the first student: one seat left (50 %, still open), and the batch tag is purged.
    purged.length = 0;
    await markEnrolled(stored!._id);
    expect(purged).toContain(batches.cacheTag);
    expect(await seatsOf(evening._id)).toEqual({ seatsLeft: 1, state: 'open' });
    // A note alone moves no seat: no purge.
    purged.length = 0;
    await api.admin(`${enroll.path}/${stored!._id}`, { method: 'PATCH', json: { note: 'Paid' } });
    expect(purged).toEqual([]);

    expect((await submit(student(2, { batch: evening._id }))).status).toBe(201);
    const second = (await requestsOf(evening._id)).find((item) => item.email === 'student2@example.in');
    await markEnrolled(second!._id);
    // The last seat taken: full.
    expect(await seatsOf(evening._id)).toEqual({ seatsLeft: 0, state: 'full' });

    // A full batch takes the request onto its waitlist, in order, and says so.
    for (const n of [3, 4]) {
      const waitlisted = await submit(student(n, { batch: evening._id }));
      expect(waitlisted.status).toBe(201);
      expect(await body(waitlisted)).toEqual({
        success: true,
        data: { status: 'waitlisted' },
        message: ENROLL_WAITLISTED,
        // The student's enrolment page, added to the answer (docs/decisions.md §74).
        enrolmentPage: { href: expect.stringMatching(/^\/enrolment\//), text: ENROLMENT_PAGE.formLink },
      });
    }
    const waiting = (await requestsOf(evening._id)).filter((item) => item.status === 'waitlisted');
    expect(waiting.map((item) => item.email).toSorted()).toEqual([
      'student3@example.in',
      'student4@example.in',
    ]);

    // Staff see the batch, its state and the waitlist order on the requests list, filtered by batch; the page reads
    // its batch's enrolments through the batch index, never every stored request.
    const lists = vi.spyOn(api.deps.repository, 'list');
    const listed = await api.admin(`${enroll.path}?batch=${evening._id}`);
    expect(lists.mock.calls.map(([collection]) => collection)).not.toContain(enroll.key);
    lists.mockRestore();
    expect(listed.status).toBe(200);
    const rows = (await body(listed)).data as Item[];
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.batchName === 'EH evenings' && row.batchState === 'full')).toBe(true);
    expect(Object.fromEntries(rows.map((row) => [row.email, row.waitlistPlace ?? null]))).toEqual({
      'student1@example.in': null,
      'student2@example.in': null,
      'student3@example.in': 1,
      'student4@example.in': 2,
    });

    // The roster: the spec's CSV filtered by batch, enrolled first, then the waitlist in order.
    const csv = await (await api.admin(`${exportPath('enroll')}?batch=${evening._id}`)).text();
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Received (IST),Name,Email,Phone,Course,Message,Status,Staff note,Last updated (IST),Batch,Paid,Waitlist place',
    );
    expect(
      lines
        .slice(1)
        .map((line) => line.split(','))
        .map((cells) => [cells[2], cells[6], cells.at(-1)]),
    ).toEqual([
      ['student1@example.in', 'Enrolled', ''],
      ['student2@example.in', 'Enrolled', ''],
      ['student3@example.in', 'Waitlisted', '1'],
      ['student4@example.in', 'Waitlisted', '2'],
    ]);
    // Issue 22.6 added whether each has paid (the course has a fee; nobody has paid yet).
    expect(lines.slice(1).every((line) => line.includes(',EH evenings,No,'))).toBe(true);
    // Unfiltered, the spec's columns stay as they are, followed (these requests have a batch and a fee) by the
    // enrolment's money: decisions §62 changed this deliberately (the issue asks the CSV for batch, reference,
    // fee, paid and balance); requests-api.test.ts keeps the spec's columns alone for plain enrolments.
    const plain = await (await api.admin(exportPath('enroll'))).text();
    expect(plain.replace('\uFEFF', '').split('\r\n')[0]).toBe(
      'Received (IST),Name,Email,Phone,Course,Message,Status,Staff note,Last updated (IST),Batch,Reference,Fee,Amount paid,Balance',
    );

    // An enrolled request deleted frees its seat (purged); restored, it holds it again (purged).
    purged.length = 0;
    expect((await api.admin(`${enroll.path}/${second!._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(purged).toContain(batches.cacheTag);
    expect(await seatsOf(evening._id)).toEqual({ seatsLeft: 1, state: 'open' });
    purged.length = 0;
    expect((await api.admin(trashRestorePath(enroll.key, second!._id), { method: 'POST' })).status).toBe(200);
    expect(purged).toContain(batches.cacheTag);
    expect(await seatsOf(evening._id)).toEqual({ seatsLeft: 0, state: 'full' });
  });

  it('refuses a started, finished, unknown, unpublished or other course’s batch, naming the field, storing nothing', async () => {
    const started = await batch('EH started', { startDate: '2026-02-20', endDate: '2026-04-30' });
    const finished = await batch('EH finished', { startDate: '2026-01-05', endDate: '2026-02-20' });
    const draft = await batch('EH draft', { published: false });
    const before = await api.repository.count(enroll.key);
    for (const [batchId, reason] of [
      [started._id, API.batchClosed],
      [finished._id, API.batchClosed],
      ['no-such-batch', API.batchUnknown],
      [draft._id, API.batchUnknown],
    ] as const) {
      const response = await submit(student(9, { batch: batchId }));
      expect(response.status, batchId).toBe(400);
      const answer = await body(response);
      expect(answer.errors).toEqual({ batch: reason });
      expect(answer.message).toBe(reason);
    }
    const open = await batch('EH open', {});
    const other = await submit(student(9, { batch: open._id, course: 'Cloud Security Essentials' }));
    expect(other.status).toBe(400);
    expect((await body(other)).errors).toEqual({ batch: API.batchOtherCourse });
    expect(await api.repository.count(enroll.key)).toBe(before);
    // Without a batch (or with an empty one) the spec's enrolment is unchanged.
    const plain = await submit(student(10, { batch: '' }));
    expect(await body(plain)).toEqual({
      success: true,
      data: null,
      message: API.enrollReceived,
      enrolmentPage: { href: expect.stringMatching(/^\/enrolment\//), text: ENROLMENT_PAGE.formLink },
    });
    const [stored] = (await api.repository.listPage(enroll.key, { limit: 1 })).items;
    expect(stored).not.toHaveProperty('batch');
  });

  // Pages render on demand (decisions §69): a batch that starts purges the batch tag once, and asks for no rebuild.
  it('purges the batch tag exactly once when batches start, however often the daily check runs', async () => {
    const a = await batch('Starts 20 March A', { startDate: '2026-03-20', endDate: '2026-04-30' });
    await batch('Starts 20 March B', { startDate: '2026-03-20', endDate: '2026-04-30' });
    api.clock.now = new Date('2026-03-19T12:00:00.000Z');
    // The day before: the batches made by the tests above started and finished more than three days ago.
    expect(await closeStartedBatches(api.deps)).toBe(0);
    purged.length = 0;
    const batchPurges = () => purged.filter((tag) => tag === batches.cacheTag).length;
    // 20 March, 06:00 IST: both started at IST midnight.
    api.clock.now = new Date('2026-03-20T00:30:00.000Z');
    expect(await closeStartedBatches(api.deps)).toBe(2);
    expect(batchPurges()).toBe(1);
    expect(await closeStartedBatches(api.deps)).toBe(0);
    await runScheduledPurge(api.deps);
    expect(batchPurges()).toBe(1);
    // The next day nothing changed: still no purge.
    api.clock.advance(86_400_000);
    expect(await closeStartedBatches(api.deps)).toBe(0);
    expect(batchPurges()).toBe(1);
    expect(await seatsOf(a._id)).toMatchObject({ state: 'started' });
  });
});
