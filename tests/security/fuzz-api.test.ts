/**
 * Property-based bad input (QUALITY.md "Bad input"): whatever JSON or form arrives, the API answers a clear
 * JSON client error, never a 500, and the store is unchanged after a rejection.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  COLLECTION_KEYS,
  contentFamilies,
  enrollCourseFamily,
  requestFamilies,
  statsFamily,
} from '../../src/lib/collections.ts';
import { HONEYPOT_FIELD } from '../../src/lib/constants.ts';
import { body, multipart, startApi, type Api } from './api-harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

const snapshot = async () => {
  const counts = await Promise.all(COLLECTION_KEYS.map((key) => api.repository.count(key)));
  return { counts, stats: await api.repository.getDocument('stats') };
};

/** Strings that have broken real systems: control and RTL characters, prototype keys, markup, huge text. */
const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '\u202Eevil',
    '\u0000\u0007',
    '<script>alert(1)</script>',
    ' ',
  ),
  fc.string({ minLength: 6_000, maxLength: 6_000 }),
);
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 12 }),
);
const fieldNames = fc.constantFrom(
  'title',
  'description',
  'points',
  'name',
  'email',
  'phone',
  'message',
  'course',
  'courseName',
  'totalCourses',
  'password',
  '__proto__',
  'constructor',
  HONEYPOT_FIELD,
);
/** Objects built from known and hostile field names, plus any JSON at all. */
const payload = fc.oneof(fc.dictionary(fieldNames, value, { maxKeys: 8 }), fc.jsonValue());

const jsonTargets = [
  ...Object.values(contentFamilies).map((family) => ({ path: family.path, method: 'POST' })),
  { path: enrollCourseFamily.path, method: 'POST' },
  { path: statsFamily.path, method: 'PUT' },
  ...Object.values(requestFamilies).map((family) => ({ path: family.path, method: 'POST', public: true })),
  { path: AUTH_PATHS.login, method: 'POST', public: true },
];

describe('fuzzed JSON bodies', () => {
  it.each(jsonTargets)('$method $path never answers 5xx and never stores a rejected body', async (target) => {
    let ip = 0;
    await fc.assert(
      fc.asyncProperty(payload, async (input) => {
        const before = await snapshot();
        const response = await api.call(target.path, {
          method: target.method,
          session: api.session(),
          json: input,
          ip: `10.9.${Math.floor(ip / 200)}.${ip++ % 200}`,
        });
        expect(response.status).toBeLessThan(500);
        const answer = await body(response);
        expect(typeof answer.success).toBe('boolean');
        if (response.status >= 400) {
          expect(typeof answer.message).toBe('string');
          expect(await snapshot()).toEqual(before);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('fuzzed forms and raw bodies', () => {
  it('multipart families never answer 5xx for hostile forms', async () => {
    const families = Object.values(contentFamilies).filter((family) => family.multipart);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...families),
        fc.dictionary(fieldNames, value, { maxKeys: 6 }),
        fc.option(fc.uint8Array({ minLength: 1, maxLength: 2_000 }), { nil: undefined }),
        async (family, fields, bytes) => {
          const before = await snapshot();
          const response = await api.admin(family.path, {
            method: 'POST',
            form: multipart(fields, bytes ? { bytes, type: 'image/jpeg' } : undefined),
          });
          expect([400, 413, 415]).toContain(response.status);
          expect((await body(response)).success).toBe(false);
          expect(await snapshot()).toEqual(before);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('malformed JSON text and wrong content types are client errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
        ),
        async (text, type) => {
          const response = await api.admin(contentFamilies.homeCourse.path, {
            method: 'POST',
            body: text,
            headers: { 'Content-Type': type },
          });
          expect([201, 400, 415]).toContain(response.status);
          if (response.status === 201)
            await api.admin(
              `${contentFamilies.homeCourse.path}/${String(((await body(response)).data as { _id: string })._id)}`,
              { method: 'DELETE' },
            );
        },
      ),
      { numRuns: 40 },
    );
  });
});
