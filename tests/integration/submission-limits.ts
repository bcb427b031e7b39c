/**
 * Limits on public submissions that fit real people (issue 10.7), run on each store adapter because the limiter
 * lives in the store: a classroom behind one address gets through, one sender flooding does not, every 429 says
 * when to retry, and a form sent faster than anyone can fill it is answered like a success and kept nowhere.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { enrollCourseFamily, requestFamilies } from '../../src/lib/collections.ts';
import {
  FILL_TIME_FIELD,
  SUBMISSION_MIN_FILL_MS,
  SUBMISSION_RATE_LIMIT,
  SUBMISSION_SENDER_RATE_LIMIT,
} from '../../src/lib/constants.ts';
import { API } from '../../src/lib/api-messages.ts';
import { body, type Api } from './api-harness.ts';

export const CLASSROOM = 30;

/**
 * Both limiters count in fixed windows aligned to the clock: a burst that straddles a window's end would get a
 * fresh allowance halfway through. Start bursts that need `spanMs` where the current window has room for them.
 */
export async function awayFromWindowEdge(windowSeconds: number, spanMs = 10_000): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < spanMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export function submissionLimitTests(api: () => Api) {
  const run = randomBytes(3).toString('hex');
  let people = 0;
  let addresses = 0;
  /** A different person each call: their own e-mail address and phone number. */
  const student = () => {
    people += 1;
    return {
      name: `Student ${people}`,
      email: `student-${run}-${people}@college.example`,
      phone: `+91 70${String(people).padStart(8, '0')}`,
    };
  };
  /** A fresh address from TEST-NET-1, which the other tests of these files do not use. */
  const address = () => `192.0.2.${(addresses += 1)}`;
  const contact = (ip: string, fields: Record<string, unknown>) =>
    api().call(requestFamilies.contact.path, {
      method: 'POST',
      json: { message: 'Please call me.', ...fields },
      ip,
    });

  /** A refusal whose Retry-After is within the window and whose message names the same number of seconds. */
  const expectRefusal = async (response: Response, windowSeconds: number) => {
    expect(response.status).toBe(429);
    const seconds = Number(response.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(windowSeconds);
    expect(await body(response)).toEqual({ success: false, message: API.rateLimited(seconds) });
    expect(API.rateLimited(seconds)).toMatch(new RegExp(`in ${seconds} seconds?\\.$`));
  };

  it(`takes ${CLASSROOM} enrolments from one address within a minute (a classroom behind one NAT)`, async () => {
    const courseName = `Classroom ${run}`;
    expect(
      (await api().admin(enrollCourseFamily.path, { method: 'POST', json: { courseName } })).status,
    ).toBe(201);
    const campus = address();
    const before = await api().repository.count('enroll');
    const responses = await Promise.all(
      Array.from({ length: CLASSROOM }, () =>
        api().call(requestFamilies.enroll.path, {
          method: 'POST',
          json: { ...student(), course: courseName, message: 'Weekend batch' },
          ip: campus,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(CLASSROOM).fill(201));
    expect(await api().repository.count('enroll')).toBe(before + CLASSROOM);
  });

  it('stops one sender flooding from many addresses, and says when to retry', async () => {
    const flooder = student();
    await awayFromWindowEdge(SUBMISSION_SENDER_RATE_LIMIT.windowSeconds);
    const before = await api().repository.count('contact');
    for (let n = 0; n < SUBMISSION_SENDER_RATE_LIMIT.limit; n++)
      expect((await contact(address(), flooder)).status).toBe(201);
    await expectRefusal(await contact(address(), flooder), SUBMISSION_SENDER_RATE_LIMIT.windowSeconds);
    // The same e-mail address with another phone, and the same phone with another address, are the same sender.
    await expectRefusal(
      await contact(address(), { ...student(), email: flooder.email.toUpperCase() }),
      SUBMISSION_SENDER_RATE_LIMIT.windowSeconds,
    );
    await expectRefusal(
      await contact(address(), { ...student(), phone: flooder.phone.replace(/\s/g, '') }),
      SUBMISSION_SENDER_RATE_LIMIT.windowSeconds,
    );
    expect(await api().repository.count('contact')).toBe(before + SUBMISSION_SENDER_RATE_LIMIT.limit);
    // Someone else on the flooder's last address is not held back by it.
    expect((await contact(address(), student())).status).toBe(201);
  });

  it('stops one address flooding with made-up senders at the classroom-sized ceiling', async () => {
    const bot = address();
    await awayFromWindowEdge(SUBMISSION_RATE_LIMIT.windowSeconds);
    for (let n = 0; n < SUBMISSION_RATE_LIMIT.limit; n++)
      expect((await contact(bot, student())).status).toBe(201);
    await expectRefusal(await contact(bot, student()), SUBMISSION_RATE_LIMIT.windowSeconds);
  });

  it('answers a form sent faster than a person can fill it like a success and stores nothing', async () => {
    const before = await api().repository.count('contact');
    const human = await contact(address(), {
      ...student(),
      [FILL_TIME_FIELD]: SUBMISSION_MIN_FILL_MS + 3_000,
    });
    const script = await contact(address(), { ...student(), [FILL_TIME_FIELD]: 150 });
    expect(script.status).toBe(human.status);
    expect(await script.text()).toBe(await human.text());
    expect(await api().repository.count('contact')).toBe(before + 1);
    // Older clients and API callers send no fill time: not judged by it; a non-number is ignored likewise.
    expect((await contact(address(), student())).status).toBe(201);
    expect((await contact(address(), { ...student(), [FILL_TIME_FIELD]: 'soon' })).status).toBe(201);
    expect(await api().repository.count('contact')).toBe(before + 3);
    const stored = (await api().repository.listPage('contact', { limit: 3 })).items;
    for (const item of stored) expect(item).not.toHaveProperty(FILL_TIME_FIELD);
  });
}
