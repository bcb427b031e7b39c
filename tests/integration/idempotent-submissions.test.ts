/**
 * Public submissions are idempotent, on both stores through the real API: a retry with the same Idempotency-Key
 * (after a timeout or a network error) gets the first answer and stores nothing twice, even when the copies
 * arrive at once; a refusal keeps nothing, so a corrected retry is stored; a malformed key is refused with a
 * clear message; a burst of fifty enrolments gets no 5xx.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollCourseFamily, requestFamilies } from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { IDEMPOTENCY_HEADER } from '../../src/server/http/idempotency.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const { enroll, contact } = requestFamilies;

describe.each(STORE_BACKENDS)('idempotent submissions on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  let nextIp = 1;
  const freshIp = () => `192.0.2.${nextIp++ % 250}`;

  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'idempotent', {
      env: { SUBMISSION_SENDER_LIMIT_MAX: '1000', SUBMISSION_RATE_LIMIT_MAX: '1000' },
    }));
    const created = await api.admin(enrollCourseFamily.path, {
      method: 'POST',
      json: { courseName: 'Cloud Security Essentials' },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => stop());

  const enrolment = (n: number) => ({
    name: `Retry ${n}`,
    email: `retry${n}@example.in`,
    phone: '9876543210',
    course: 'Cloud Security Essentials',
    message: '',
  });
  const send = (path: string, json: unknown, key?: string) =>
    api.call(path, {
      method: 'POST',
      json,
      ip: freshIp(),
      headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
    });
  const storedBy = async (collection: string, email: string) =>
    (await api.repository.list(collection)).filter((item) => item.email === email);

  it('answers a retry with the first answer and stores the submission once', async () => {
    const key = randomUUID();
    const first = await send(enroll.path, enrolment(1), key);
    expect(first.status).toBe(201);
    const firstAnswer = await body(first);
    const retry = await send(enroll.path, enrolment(1), key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await body(retry)).toEqual(firstAnswer);
    expect(await storedBy(enroll.key, 'retry1@example.in')).toHaveLength(1);

    // Another submission (a new key) of the same words is another request.
    expect((await send(enroll.path, enrolment(1), randomUUID())).status).toBe(201);
    expect(await storedBy(enroll.key, 'retry1@example.in')).toHaveLength(2);

    // The contact form too.
    const message = { name: 'Asha', email: 'asha.retry@example.in', phone: '9876543210', message: 'Hello' };
    const contactKey = randomUUID();
    for (let i = 0; i < 3; i++) expect((await send(contact.path, message, contactKey)).status).toBe(201);
    expect(await storedBy(contact.key, 'asha.retry@example.in')).toHaveLength(1);
  });

  it('stores once when the copies of one submission arrive at once, and answers each with a 2xx', async () => {
    const key = randomUUID();
    const copies = await Promise.all(Array.from({ length: 8 }, () => send(enroll.path, enrolment(2), key)));
    expect(copies.map((response) => response.status)).toEqual(Array.from({ length: 8 }, () => 201));
    const answers = await Promise.all(copies.map((response) => body(response)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await storedBy(enroll.key, 'retry2@example.in')).toHaveLength(1);
  });

  it('keeps no refusal: a corrected retry with the same key is stored; a malformed key is refused', async () => {
    const key = randomUUID();
    const refused = await send(enroll.path, { ...enrolment(3), email: 'not-an-address' }, key);
    expect(refused.status).toBe(400);
    const corrected = await send(enroll.path, enrolment(3), key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await storedBy(enroll.key, 'retry3@example.in')).toHaveLength(1);

    const malformed = await send(enroll.path, enrolment(4), 'short key!');
    expect(malformed.status).toBe(400);
    expect((await body(malformed)).message).toBe(API.idempotencyKeyInvalid);
    expect(await storedBy(enroll.key, 'retry4@example.in')).toHaveLength(0);
  });

  it('answers a burst of fifty enrolments, each retried once, with no 5xx and stores each once', async () => {
    const keys = Array.from({ length: 50 }, () => randomUUID());
    const burst = await Promise.all(
      keys.flatMap((key, n) => [
        send(enroll.path, enrolment(100 + n), key),
        send(enroll.path, enrolment(100 + n), key),
      ]),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    for (const response of burst.filter((answer) => answer.status === 429))
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    const stored = (await api.repository.list(enroll.key)).filter((item) =>
      String(item.email).match(/^retry1\d\d@/),
    );
    expect(stored).toHaveLength(50);
  }, 120_000);
});
