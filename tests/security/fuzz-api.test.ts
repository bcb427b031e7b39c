/**
 * Property-based bad input (docs/design.md (Quality) "Bad input"): whatever JSON, form, content type, id or query arrives at
 * any endpoint, the API answers a clear JSON client error (`{ success: false, message }`), never a 5xx; the store
 * is unchanged after every rejection; and Object.prototype is never polluted.
 *
 * Bounded by default (fixed seed, a few dozen runs per property, well under 20 s). For a longer run:
 *   FUZZ_RUNS=500 FUZZ_SEED=123 npx vitest run tests/security/fuzz-api.test.ts
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  contentFamilies,
  enrollCourseFamily,
  exportPath,
  requestFamilies,
  statsFamily,
} from '../../src/lib/collections.ts';
import { HONEYPOT_FIELD } from '../../src/lib/constants.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import {
  body,
  functionsFor,
  multipart,
  ORIGIN,
  startApi,
  type Api,
  type CallOptions,
} from '../integration/api-harness.ts';
import {
  blobsFingerprint,
  expectFailureEnvelope,
  seedEveryFamily,
  type SeededIds,
} from './security-harness.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_301);
fc.configureGlobal({ seed: SEED, numRuns: RUNS, endOnFailure: true });

let api: Api;
let ids: SeededIds;
/**
 * The whole store (every blob's bytes, read in one walk) once the work a request left running is done: the
 * per-collection snapshot read every item and version over HTTP after each case, most of this file's time.
 */
const storeState = async () => {
  await api.settle();
  return blobsFingerprint(api.blobs);
};
/** The store as of the last accepted write: every rejection must leave it exactly so. */
let known: Awaited<ReturnType<typeof storeState>>;
beforeAll(async () => {
  api = await startApi();
  ids = await seedEveryFamily(api);
  known = await storeState();
});
afterAll(() => api.stop());

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
});

// The shared owner session must have stayed valid, or the admin cases were only ever refused at the door.
afterEach(async () => {
  expect((await api.admin(requestFamilies.contact.path)).status).toBe(200);
});

let ipCounter = 0;
/** A fresh client per request, so the submission and login rate limits never decide a case. */
const freshIp = () =>
  `10.${Math.floor(ipCounter / 62_500) % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;

/** Strings that have broken real systems: control and RTL characters, prototype keys, markup, huge text. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '\u202Eevil\u202C',
    '\u200F\u0627\u0644\u0639\u0631\u0628\u064A\u0629',
    '\u0000\u0007\u001B[31m',
    '\uD800',
    '\uFEFF',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '=HYPERLINK("http://evil")',
    '{"$ne":null}',
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
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted'), fc.jsonValue(), {
    maxKeys: 3,
  }),
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
  'image',
  '_id',
  'createdAt',
  '__proto__',
  'constructor',
  'prototype',
  HONEYPOT_FIELD,
);
/** Objects built from known and hostile field names (own `__proto__` keys included), plus any JSON at all. */
const payload = fc.oneof(
  fc.dictionary(fieldNames, value, { maxKeys: 8, noNullPrototype: false }),
  fc.jsonValue(),
  fc.constantFrom(
    JSON.parse('{"__proto__":{"polluted":"yes"},"title":"t","description":"d"}') as unknown,
    JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}},"title":"t"}') as unknown,
    { title: ['array', 'for', 'a', 'string'], description: { nested: true } },
    { title: 't', description: 'd', extra: 'field' },
    { totalCourses: 1e308 },
    { totalCourses: -1 },
    { totalCourses: '12' },
    { courseName: '\u0000' },
  ),
);

interface Target {
  path: string;
  method: string;
  /** Public endpoints take no session; admin ones get a valid session, so the body is what is tested. */
  admin: boolean;
  /** PUT targets: the seeded item of this family, resolved once the store is seeded. */
  item?: keyof typeof contentFamilies;
  /** PATCH targets: the seeded request of this family. */
  request?: keyof typeof requestFamilies;
}

const JSON_TARGETS: Target[] = [
  ...Object.values(contentFamilies).flatMap((family) => [
    { path: family.path, method: 'POST', admin: true },
    { path: `${family.path}/:id`, method: 'PUT', admin: true, item: family.key },
  ]),
  { path: enrollCourseFamily.path, method: 'POST', admin: true },
  { path: statsFamily.path, method: 'PUT', admin: true },
  ...Object.values(requestFamilies).map((family) => ({ path: family.path, method: 'POST', admin: false })),
  ...Object.values(requestFamilies).map((family) => ({
    path: `${family.path}/:id`,
    method: 'PATCH',
    admin: true,
    request: family.key,
  })),
  { path: ENQUIRY_PATHS.privacyErase, method: 'POST', admin: true },
  { path: AUTH_PATHS.login, method: 'POST', admin: false },
];

async function send(target: Target, options: CallOptions) {
  const id = target.item ? ids.content[target.item] : target.request ? ids.requests[target.request] : null;
  const path = id ? target.path.replace(':id', id) : target.path;
  // Admin targets share the owner's session (api.admin), as the form and id cases do: signing a new one in
  // for every case cost a store write and a cold session lookup, several times the request itself.
  return (target.admin ? api.admin : api.call)(path, { method: target.method, ip: freshIp(), ...options });
}

/** The invariant of every case: no 5xx; a rejection is a clear JSON failure and writes nothing. */
async function expectSafe(response: Response) {
  expect(response.status).toBeLessThan(500);
  if (response.status >= 400) {
    await expectFailureEnvelope(response);
    expect(await storeState()).toEqual(known);
  } else {
    expect(typeof (await body(response)).success).toBe('boolean');
    known = await storeState();
  }
}

describe('fuzzed JSON bodies', () => {
  it.each(JSON_TARGETS)(
    '$method $path never answers 5xx and never stores a rejected body',
    async (target) => {
      await fc.assert(
        fc.asyncProperty(payload, async (input) => {
          await expectSafe(await send(target, { json: input }));
        }),
      );
    },
  );
});

describe('fuzzed raw bodies and content types', () => {
  it('malformed JSON text, wrong and hostile content types are client errors on every JSON endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...JSON_TARGETS),
        fc.oneof(
          fc.string(),
          fc.constantFrom('{', '{"title":', '[1,2', 'null', '"', '\u0000', '{"a":1}{"b":2}', '\uFEFF{}'),
        ),
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'application/problem+json',
          'text/plain',
          'text/html',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'application/xml',
          '',
          '*/*',
        ),
        async (target, text, type) => {
          await expectSafe(await send(target, { body: text, headers: { 'Content-Type': type } }));
        },
      ),
      { numRuns: RUNS * 3 },
    );
  });
});

describe('fuzzed forms', () => {
  const families = Object.values(contentFamilies).filter((family) => family.multipart);

  it('multipart families answer hostile forms with a client error and store nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...families),
        fc.boolean(),
        fc.dictionary(fieldNames, value, { maxKeys: 6 }),
        fc.option(fc.uint8Array({ minLength: 1, maxLength: 2_000 }), { nil: undefined }),
        fc.constantFrom('image', '__proto__', 'constructor', 'points'),
        async (family, update, fields, bytes, fileField) => {
          const form = multipart(fields);
          if (bytes)
            form.append(fileField, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'x.jpg');
          const response = await api.admin(
            update ? `${family.path}/${ids.content[family.key]}` : family.path,
            {
              method: update ? 'PUT' : 'POST',
              form,
            },
          );
          // Random bytes are never an image, so an accepted write would be a defect here, except an update
          // whose random fields happen to be valid and whose "file" was not sent as `image`.
          if (response.status < 400) {
            expect(update && (fileField !== 'image' || !bytes)).toBe(true);
          } else {
            expect([400, 413, 415]).toContain(response.status);
          }
          await expectSafe(response);
        },
      ),
    );
  });

  it('malformed multipart bodies are client errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...families),
        fc.oneof(
          fc.string(),
          fc.constantFrom('--x\r\n', '--x\r\nContent-Disposition: form-data\r\n\r\n', '--x--'),
        ),
        fc.constantFrom(
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'multipart/form-data; boundary="',
        ),
        async (family, text, type) => {
          const response = await api.admin(family.path, {
            method: 'POST',
            body: text,
            headers: { 'Content-Type': type },
          });
          expect(response.status).toBeGreaterThanOrEqual(400);
          await expectSafe(response);
        },
      ),
    );
  });
});

describe('fuzzed ids, paths and queries', () => {
  /** Ids as they could arrive in a URL: unknown, malformed, encoded, traversal, huge. */
  const idSegment = fc.oneof(
    fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/),
    fc.constantFrom(
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      '%00',
      '%',
      '%E0%A4%A',
      '__proto__',
      'constructor',
      'x'.repeat(5_000),
      'export.csv',
      '0000000000aaaaaaaaaa',
    ),
  );
  const itemRoutes = [
    ...Object.values(contentFamilies).flatMap((family) => [
      { base: family.path, method: 'PUT' },
      { base: family.path, method: 'DELETE' },
    ]),
    ...Object.values(requestFamilies).map((family) => ({ base: family.path, method: 'DELETE' })),
    { base: enrollCourseFamily.path, method: 'DELETE' },
    { base: statsFamily.path, method: 'PUT' },
  ];

  it('unknown and malformed ids answer JSON 4xx and change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...itemRoutes), idSegment, async (route, id) => {
        const response = await api.admin(`${route.base}/${id}`, {
          method: route.method,
          ...(route.method === 'PUT' ? { json: { title: 'T', description: 'D', totalCourses: 1 } } : {}),
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        await expectSafe(response);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it('list queries (?limit&cursor) and upload paths never answer 5xx', async () => {
    const query = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.constantFrom('-1', '1e9', 'NaN', ''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.values(requestFamilies)),
        query,
        query,
        async (family, limit, cursor) => {
          const search = new URLSearchParams({ limit, cursor });
          const response = await api.admin(`${family.path}?${search}`);
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) await expectFailureEnvelope(response);
          const csv = await api.admin(`${exportPath(family.key)}?${search}`);
          expect(csv.status).toBe(200);
        },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('content', 'services', 'careers', 'x', '%2e%2e'),
        idSegment,
        async (folder, name) => {
          const path = `/uploads/${folder}/${name}`;
          // A path the URL parser normalises out of /uploads is the static site's, not the API's.
          if (functionsFor(new URL(path, ORIGIN).pathname).length === 0) return;
          const response = await api.call(path);
          expect(response.status).toBeLessThan(500);
          if (response.status !== 200) await expectFailureEnvelope(response);
        },
      ),
    );
  });
});
