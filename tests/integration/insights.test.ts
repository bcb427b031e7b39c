/**
 * The owner's view through the real API on both stores: an enrolment sent with `utm_source=newsletter` is a lead
 * under that source and course; as staff answer it, enrol it, record its payment and issue its certificate, the
 * funnel moves a stage at a time; a refund lowers the month's money; the seat fill of its batch and the time to a
 * first response are read beside them. Anonymous callers get 401, a bad range 400, and the rollups recounted after
 * a restore answer the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentFamilies,
  enrollCourseFamily,
  requestFamilies,
  type ContentFamily,
} from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { INSIGHTS_MAX_DAYS, INSIGHTS_PATH, type Insights } from '../../src/lib/insights.ts';
import { utcToIstDay } from '../../src/lib/ist.ts';
import { rebuildRollups } from '../../src/server/insights/rollups.ts';
import type { RedisWithGateway } from '../support/redis-server.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const { trainer: trainers, course: courses, batch: batches } = contentFamilies;
const enroll = requestFamilies.enroll;
type Item = Record<string, unknown> & { _id: string };
const FEE = 2_500_000;
const COURSE = 'Certified Ethical Hacking Foundations';

describe.each(STORE_BACKENDS)('insights on %s', (backend) => {
  let api: Api;
  let redis: RedisWithGateway | undefined;
  let stop: () => Promise<void> = async () => {};
  let today: string;
  let batch: Item;
  let request: Item;

  async function create(family: ContentFamily, json: Record<string, unknown>): Promise<Item> {
    const response = await api.admin(family.path, { method: 'POST', json });
    expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
    return (await body(response)).data as Item;
  }

  const insights = async (from = today, to = today) => {
    const response = await api.admin(`${INSIGHTS_PATH}?from=${from}&to=${to}`);
    expect(response.status, JSON.stringify(await body(response.clone()))).toBe(200);
    return (await body(response)).data as Insights;
  };
  const newsletter = async () =>
    (await insights()).leadsBySource.find((row) => row.key === 'newsletter')?.counts;

  beforeAll(async () => {
    ({ api, redis, stop } = await startApiOn(backend, 'insights'));
    // The store stamps the wall clock: the API's clock is the same, so the lead's day is today's.
    api.clock.now = new Date();
    today = utcToIstDay(api.clock.now.toISOString());
    expect(
      (await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: COURSE } })).status,
    ).toBe(201);
    const trainer = await create(trainers, { name: 'Priya Verma' });
    const course = await create(courses, {
      title: 'Ethical Hacking',
      enrollName: COURSE,
      syllabus: [{ title: 'Reconnaissance', topics: ['OSINT'] }],
      duration: '8 weeks, 48 hours',
      fee: FEE,
      trainers: [trainer._id],
      refundPolicy: 'Full refund up to 7 days before the start.',
    });
    const start = utcToIstDay(new Date(Date.now() + 20 * 86_400_000).toISOString());
    const end = utcToIstDay(new Date(Date.now() + 60 * 86_400_000).toISOString());
    batch = await create(batches, {
      name: 'Newsletter evenings',
      course: course._id,
      schedule: 'Mon–Thu, 7–9 pm IST',
      mode: 'online',
      startDate: start,
      endDate: end,
      capacity: 12,
    });
  });
  afterAll(() => stop());

  it('refuses anonymous callers (401) and a bad range (400, with the reason)', async () => {
    expect((await api.call(`${INSIGHTS_PATH}?from=${today}&to=${today}`)).status).toBe(401);
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-01', API.insightsDayInvalid],
      ['to=2026-03-01', API.insightsDayInvalid],
      ['from=2026-03-02&to=2026-03-01', API.insightsRangeBackwards],
      ['from=2025-01-01&to=2026-03-01', API.insightsRangeTooLong(INSIGHTS_MAX_DAYS)],
    ];
    for (const [query, message] of cases) {
      const response = await api.admin(`${INSIGHTS_PATH}?${query}`);
      expect(response.status, query).toBe(400);
      expect((await body(response)).message, query).toBe(message);
    }
  });

  it('counts a newsletter enrolment as a lead and moves it through the funnel as staff act', async () => {
    const sent = await api.call(enroll.path, {
      method: 'POST',
      json: {
        name: 'Asha Rao',
        email: 'asha.insights@example.in',
        phone: '9876543210',
        course: COURSE,
        message: '',
        batch: batch._id,
        source: { utmSource: 'newsletter', utmMedium: 'email' },
      },
    });
    expect(sent.status, JSON.stringify(await body(sent.clone()))).toBe(201);
    request = (await api.repository.list(enroll.key)).find(
      (item) => item.email === 'asha.insights@example.in',
    )!;
    expect(await newsletter()).toEqual({ enquiry: 1, enrolled: 0, paid: 0, certified: 0 });
    const first = await insights();
    expect(first.leadsByCourse.find((row) => row.key === 'Ethical Hacking')?.counts.enquiry).toBe(1);
    expect(first.firstResponse.answered).toBe(0);
    expect(first.revenue.outstanding).toBe(FEE);

    const moved = await api.admin(`${enroll.path}/${request._id}`, {
      method: 'PATCH',
      json: { status: 'enrolled' },
    });
    expect(moved.status).toBe(200);
    expect(await newsletter()).toEqual({ enquiry: 1, enrolled: 1, paid: 0, certified: 0 });
    const answered = await insights();
    expect(answered.firstResponse).toMatchObject({ answered: 1, medianMinutes: 5, p90Minutes: 5 });
    expect(answered.seats.find((row) => row.batch === batch._id)).toMatchObject({
      enrolled: 1,
      waitlisted: 0,
      capacity: 12,
      daysToStart: 20,
    });

    const paid = await api.admin(`${enroll.path}/${request._id}/payment`, {
      method: 'POST',
      json: { amount: FEE, upiRef: 'UTR0000INSIGHT1', paidOn: today },
    });
    expect(paid.status, JSON.stringify(await body(paid.clone()))).toBe(201);
    expect(await newsletter()).toEqual({ enquiry: 1, enrolled: 1, paid: 1, certified: 0 });
    const money = await insights();
    expect(money.revenue.total).toEqual({ received: FEE, refunded: 0, net: FEE });
    expect(money.revenue.months).toEqual([
      { month: today.slice(0, 7), received: FEE, refunded: 0, net: FEE },
    ]);
    expect(money.revenue.outstanding).toBe(0);

    const issued = await api.admin(`${contentFamilies.certificate.path}/batch/${batch._id}`, {
      method: 'POST',
      json: { enrollIds: [request._id], issuedOn: today, earlyIssueReason: 'Finished the course early' },
    });
    expect(issued.status, JSON.stringify(await body(issued.clone()))).toBe(200);
    expect(await newsletter()).toEqual({ enquiry: 1, enrolled: 1, paid: 1, certified: 1 });
    expect((await insights()).funnel.counts).toMatchObject({ enrolled: 1, paid: 1, certified: 1 });

    // Moving it back and forth counts no stage twice.
    await api.admin(`${enroll.path}/${request._id}`, { method: 'PATCH', json: { status: 'declined' } });
    await api.admin(`${enroll.path}/${request._id}`, { method: 'PATCH', json: { status: 'enrolled' } });
    expect(await newsletter()).toEqual({ enquiry: 1, enrolled: 1, paid: 1, certified: 1 });
  });

  it('lowers the month’s money by a refund', async () => {
    const refund = await api.admin(`${enroll.path}/${request._id}/payment`, {
      method: 'POST',
      json: { amount: 500_000, upiRef: 'UTR0000INSIGHT2', paidOn: today, kind: 'refund' },
    });
    expect(refund.status, JSON.stringify(await body(refund.clone()))).toBe(201);
    const { revenue } = await insights();
    expect(revenue.total).toEqual({ received: FEE, refunded: 500_000, net: FEE - 500_000 });
    expect(revenue.months[0]?.net).toBe(FEE - 500_000);
  });

  it('reads a year in one round trip of rollups, and answers the same after a restore’s rebuild', async () => {
    const from = utcToIstDay(new Date(Date.now() - 364 * 86_400_000).toISOString());
    const before = await insights(from, today);
    expect(before.range.days).toBe(365);
    expect(before.leadsBySource.find((row) => row.key === 'newsletter')?.counts.enquiry).toBe(1);
    if (redis) {
      redis.requests.length = 0;
      await insights(from, today);
      // The session's two reads, one pipeline of rollups, the batch and course lists, one seat account.
      expect(redis.requests.length).toBeLessThanOrEqual(8);
    }
    await api.coordination.clearTallies();
    expect((await insights(from, today)).leadsBySource).toEqual([]);
    expect(await rebuildRollups(api.deps)).toBeGreaterThan(0);
    expect(await insights(from, today)).toEqual(before);
  });
});
