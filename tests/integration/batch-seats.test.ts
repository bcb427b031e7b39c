/**
 * A batch's seats are a counted resource, on both stores through the real API: a crowd of enrolments and
 * payments into a 2-seat batch leaves exactly 2 `enrolled` and the rest on the waitlist in the order they came;
 * staff cannot PATCH a request into a full batch, nor restore an enrolled one into it; seats given back (status,
 * delete, erasure) are free again; a batch made before seats were counted is counted once from its enrolments;
 * a backup restore's rebuild counts what the requests say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsSeatIn, seatsTaken } from '../../src/lib/batches.ts';
import { contentFamilies, requestFamilies, trashRestorePath } from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { availabilityPath } from '../../src/server/handlers/batch-availability-handler.ts';
import { rebuildSeatAccounts, seatAccount } from '../../src/server/seats/batch-seats.ts';
import {
  addBatch,
  addCourse,
  addEnrolNames,
  addTrainer,
  backdateCourse,
  EH_PROSPECTUS,
  EVENINGS_IN_MARCH,
  MANY_SUBMISSIONS,
  type Item,
} from '../support/catalogue.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const enroll = requestFamilies.enroll;
const FEE = EH_PROSPECTUS.fee;

describe.each(STORE_BACKENDS)('seats counted on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  let nextIp = 1;
  const freshIp = () => `203.0.113.${nextIp++ % 250}`;

  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'batch-seats', {
      env: MANY_SUBMISSIONS,
    }));
    api.clock.now = new Date('2026-03-01T06:30:00.000Z');
    await addEnrolNames(api, 'Certified Ethical Hacking Foundations');
  });
  afterAll(() => stop());

  let course: Item;
  beforeAll(async () => {
    course = await addCourse(api, await addTrainer(api, 'Priya Verma'), 'Ethical Hacking', {
      enrollName: 'Certified Ethical Hacking Foundations',
      ...EH_PROSPECTUS,
    });
    // Made before the test's payments.
    await backdateCourse(api, course, '2026-02-01T05:30:00.000Z');
  });

  const twoSeats = (name: string) => addBatch(api, course, name, EVENINGS_IN_MARCH);
  const student = (n: number, batch: string) => ({
    name: `Student ${n}`,
    email: `seat${n}@example.in`,
    phone: '9876543210',
    course: 'Certified Ethical Hacking Foundations',
    message: '',
    batch,
  });
  const requestsOf = async (batchId: string) =>
    (await api.repository.list(enroll.key)).filter((item) => item.batch === batchId);
  const seatsOf = async (batchId: string) => {
    const response = await api.call(availabilityPath);
    const entry = ((await body(response)).data as Item[]).find((item) => item._id === batchId);
    return { seatsLeft: entry?.seatsLeft, state: entry?.state };
  };
  const patchStatus = (id: string, status: string) =>
    api.admin(`${enroll.path}/${id}`, { method: 'PATCH', json: { status } });
  const payInFull = (id: string, n: number) =>
    api.admin(`${enroll.path}/${id}/payment`, {
      method: 'POST',
      json: { amount: FEE, upiRef: `UTR${String(n).padStart(9, '0')}`, paidOn: '2026-03-01' },
    });

  it('50 enrolments and 50 payments at once into 2 seats: 2 enrolled, the rest waitlisted in order, no 5xx', async () => {
    const batch = await twoSeats('Crowded evenings');
    const submitted = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        api.call(enroll.path, { method: 'POST', json: student(n, batch._id), ip: freshIp() }),
      ),
    );
    expect(submitted.map((response) => response.status).filter((status) => status >= 500)).toEqual([]);
    expect(new Set(submitted.map((response) => response.status))).toEqual(new Set([201]));
    const stored = await requestsOf(batch._id);
    expect(stored).toHaveLength(50);

    // Staff record the payments ten at a time (each recording reads every enrolment for its UTR check, which a
    // local Blobs server under fifty at once answers too slowly): the seats are raced within each wave.
    const statuses: number[] = [];
    for (let wave = 0; wave < stored.length; wave += 10) {
      const paying = stored.slice(wave, wave + 10).map((request, n) => payInFull(request._id, wave + n));
      statuses.push(...(await Promise.all(paying)).map((response) => response.status));
    }
    expect(statuses.filter((status) => status !== 201)).toEqual([]);

    const after = await requestsOf(batch._id);
    expect(after.filter((item) => item.status === 'enrolled')).toHaveLength(2);
    expect(after.filter((item) => item.status === 'waitlisted')).toHaveLength(48);
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 0, state: 'full' });
    // The waitlist keeps the order the requests came in (their ids), 1 to 48.
    const listed = (await body(await api.admin(`${enroll.path}?batch=${batch._id}`))).data as Item[];
    const places = listed
      .filter((row) => row.status === 'waitlisted')
      .toSorted((a, b) => (a._id < b._id ? -1 : 1))
      .map((row) => row.waitlistPlace);
    expect(places).toEqual(Array.from({ length: 48 }, (_, i) => i + 1));

    // A new submission now joins the waitlist, with no payment link.
    const late = await api.call(enroll.path, { method: 'POST', json: student(99, batch._id), ip: freshIp() });
    const answer = await body(late);
    expect(answer).toMatchObject({ data: { status: 'waitlisted' } });
    expect(answer).not.toHaveProperty('payment');
  }, 180_000);

  it('refuses PATCH into a full batch and a restore of an enrolled request into it; a seat given back is free', async () => {
    const batch = await twoSeats('PATCH evenings');
    for (const n of [101, 102, 103])
      expect(
        (await api.call(enroll.path, { method: 'POST', json: student(n, batch._id), ip: freshIp() })).status,
      ).toBe(201);
    const [a, b, c] = (await requestsOf(batch._id)).toSorted((x, y) => (x._id < y._id ? -1 : 1));
    expect((await patchStatus(a!._id, 'enrolled')).status).toBe(200);
    expect((await patchStatus(b!._id, 'enrolled')).status).toBe(200);

    const refused = await patchStatus(c!._id, 'enrolled');
    expect(refused.status).toBe(409);
    expect((await body(refused)).message).toBe(API.batchFull);
    expect((await api.repository.get(enroll.key, c!._id))?.status).toBe('new');
    // Eight staff enrolling the same full batch at once: still refused, still two enrolled.
    const crowd = await Promise.all(Array.from({ length: 8 }, () => patchStatus(c!._id, 'enrolled')));
    expect(new Set(crowd.map((response) => response.status))).toEqual(new Set([409]));
    expect((await requestsOf(batch._id)).filter((item) => item.status === 'enrolled')).toHaveLength(2);

    // A status change out of enrolled gives the seat back: the third student now gets it.
    expect((await patchStatus(b!._id, 'contacted')).status).toBe(200);
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 1, state: 'open' });
    expect((await patchStatus(c!._id, 'enrolled')).status).toBe(200);
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 0, state: 'full' });

    // Deleted, an enrolled request frees its seat; b takes it; restoring a then is refused and a stays in the trash.
    expect((await api.admin(`${enroll.path}/${a!._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 1, state: 'open' });
    expect((await patchStatus(b!._id, 'enrolled')).status).toBe(200);
    const restore = await api.admin(trashRestorePath(enroll.key, a!._id), { method: 'POST' });
    expect(restore.status).toBe(409);
    expect((await body(restore)).message).toBe(API.batchFullRestore);
    expect(await api.repository.get(enroll.key, a!._id)).toBeNull();
    expect((await api.repository.listTrash()).some((entry) => entry.item._id === a!._id)).toBe(true);
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 0, state: 'full' });
    // With a seat free again, the restore brings it back holding its seat.
    expect((await patchStatus(c!._id, 'declined')).status).toBe(200);
    expect((await api.admin(trashRestorePath(enroll.key, a!._id), { method: 'POST' })).status).toBe(200);
    expect((await api.repository.get(enroll.key, a!._id))?.status).toBe('enrolled');
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 0, state: 'full' });
  });

  it('counts a batch made before seats were counted once from its enrolments, and rebuilds after a restore', async () => {
    const batch = await twoSeats('Old evenings');
    // Requests written directly, as stored before seats were counted: one enrolled, one not.
    const held = await api.repository.create(enroll.key, { ...student(201, batch._id), status: 'enrolled' });
    await api.repository.create(enroll.key, { ...student(202, batch._id), status: 'new' });
    expect(await api.coordination.seatsHeld(seatAccount(batch._id))).toBeNull();
    const firstLooks = await Promise.all(Array.from({ length: 5 }, () => seatsOf(batch._id)));
    expect(firstLooks).toEqual(Array.from({ length: 5 }, () => ({ seatsLeft: 1, state: 'open' })));
    expect(await api.coordination.seatsHeld(seatAccount(batch._id))).toBe(1);

    // A restore writes requests directly (a second enrolled one here): its rebuild counts them.
    await api.repository.create(enroll.key, { ...student(203, batch._id), status: 'enrolled' });
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 1, state: 'open' });
    expect(await rebuildSeatAccounts(api.deps)).toBeGreaterThan(0);
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 0, state: 'full' });
    // And the request that held its seat before still holds only one.
    expect((await patchStatus(held._id, 'enrolled')).status).toBe(200);
    expect(await api.coordination.seatsHeld(seatAccount(batch._id))).toBe(2);
  });

  it('one seat rule: the seat account, the availability and the certificate roster hold the same enrolments', async () => {
    const batch = await addBatch(api, course, 'Every status', { ...EVENINGS_IN_MARCH, capacity: 20 });
    const taxRecord = { erasedAt: '2026-03-01T06:30:00.000Z', keepUntil: '2035-03-31T18:30:00.000Z' };
    // Written directly, as a restore writes them: every status, each also as an erased person's tax record.
    const written = [];
    let n = 300;
    for (const status of enroll.statuses) {
      written.push(await api.repository.create(enroll.key, { ...student(n++, batch._id), status }));
      written.push(
        await api.repository.create(enroll.key, { ...student(n++, batch._id), status, taxRecord }),
      );
    }
    const holders = written.filter((item) => holdsSeatIn(batch._id, item)).map((item) => item._id);
    expect(holders).toHaveLength(1);
    expect(seatsTaken(batch._id, written)).toBe(holders.length);
    // The account opens from the batch's enrolments; the availability answers from it.
    expect(await seatsOf(batch._id)).toEqual({ seatsLeft: 20 - holders.length, state: 'open' });
    expect(await api.coordination.seatsHeld(seatAccount(batch._id))).toBe(holders.length);
    const roster = await api.admin(`${contentFamilies.certificate.path}/batch/${batch._id}/candidates`);
    expect(roster.status).toBe(200);
    const { candidates } = (await body(roster)).data as { candidates: { enrollId: string }[] };
    expect(candidates.map((candidate) => candidate.enrollId)).toEqual(holders);
  });
});
