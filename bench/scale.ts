/**
 * Scale: the API's handlers in this process on a real redis-server behind the Upstash gateway, with 1k / 10k /
 * 100k stored enrolments and 1k / 10k certificates (BENCH_SCALE_SIZES, e.g. `1000` for a quick run). Per size:
 * p50 / p95 of the admin list (first page), a search that matches nothing, a status filter, certificate verify,
 * batch availability and an enrolment POST; the CSV export's time and bytes; the daily backup's time and size (a
 * scheduled function has 30 s on Netlify); Redis commands and bytes per call (INFO stats around the calls) and
 * Redis memory. Sizes grow in place: each size tops the previous one up, so 100k seeds 100k rows, not 111k.
 */
import { createClient } from 'redis';
import { randomBytes } from 'node:crypto';
import { ACCOUNTS, type Account } from '../src/server/auth/accounts.ts';
import { storeSession } from '../src/server/auth/sessions.ts';
import { createSessionToken } from '../src/server/auth/session.ts';
import { hashPassword } from '../src/server/auth/password.ts';
import { contentFamilies, enrollCourseFamily, exportPath, requestFamilies } from '../src/lib/collections.ts';
import { BOOTSTRAP_USER_ID } from '../src/lib/identity.ts';
import { SESSION_COOKIE_NAME, SESSION_TTL_SECONDS } from '../src/lib/constants.ts';
import { createDeps, type Deps } from '../src/server/deps.ts';
import { apiHandler } from '../src/server/handlers/api-router.ts';
import { availabilityPath } from '../src/server/handlers/batch-availability-handler.ts';
import { rebuildRollups } from '../src/server/insights/rollups.ts';
import { INSIGHTS_PATH } from '../src/lib/insights.ts';
import { netlifyFunction } from '../src/server/http/netlify-function.ts';
import { idAt, newId } from '../src/server/repository/ids.ts';
import { runScheduledBackup } from '../src/server/migration/scheduled-backup.ts';
import { startBlobsSandbox } from '../scripts/dev/blobs-sandbox.ts';
import { createImageService } from '../src/server/images/image-service.ts';
import { BLOB_STORES } from '../src/server/repository/keys.ts';
import type { Benchmark } from './support/context.ts';
import type { Row } from './support/table.ts';

const ORIGIN = 'https://scale.bench.example';
const SESSION_SECRET = randomBytes(24).toString('hex');
const DEFAULT_SIZES = [1_000, 10_000, 100_000];
/** Timed calls per operation and size (the CSV and the backup: CSV_RUNS). */
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 20);
const CSV_RUNS = 3;
/** Puts in flight while seeding (the gateway pipelines them). */
const SEED_CONCURRENCY = 200;
const BATCHES = 4;
const ENROL_COURSE = 'Scale Bench Course';
/** issue 38's bar at 100k on this machine. */
const P95_TARGET_MS = 300;
/** A scheduled function's limit on Netlify (docs: "Scheduled execution limit 30 seconds"). */
const SCHEDULED_LIMIT_MS = 30_000;
/** A synchronous function's limit on Netlify (60 s) and a streamed answer's size limit (20 MB). */
const SYNC_LIMIT_MS = 60_000;
const STREAM_LIMIT_BYTES = 20 * 1024 * 1024;

export function scaleSizes(source = process.env.BENCH_SCALE_SIZES): number[] {
  if (!source) return DEFAULT_SIZES;
  const sizes = source.split(',').map((part) => Number(part.trim().replace(/k$/i, '000')));
  if (sizes.some((size) => !Number.isInteger(size) || size < 1))
    throw new Error(`BENCH_SCALE_SIZES: whole numbers separated by commas, got "${source}"`);
  return sizes.sort((a, b) => a - b);
}

const certificatesFor = (size: number) => Math.min(size, 10_000);

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface RedisCounters {
  commands: number;
  outBytes: number;
  inBytes: number;
}

async function startBench(redisUrl: string, env: Record<string, string>) {
  // Pictures (none here) live in Blobs, as on Netlify: the backup lists them.
  const sandbox = await startBlobsSandbox();
  const probe = createClient({ url: redisUrl });
  await probe.connect();
  const counters = async (): Promise<RedisCounters> => {
    const info = await probe.info('stats');
    const field = (name: string) => Number(new RegExp(`${name}:(\\d+)`).exec(info)?.[1] ?? NaN);
    return {
      commands: field('total_commands_processed'),
      outBytes: field('total_net_output_bytes'),
      inBytes: field('total_net_input_bytes'),
    };
  };
  const memory = async () => Number(/used_memory:(\d+)/.exec(await probe.info('memory'))?.[1] ?? NaN);
  const deps: Deps = createDeps(
    {
      ...env,
      ADMIN_PASSWORD_HASH: await hashPassword('scale-bench-not-secret', { N: 1024, r: 8, p: 1 }),
      SESSION_SECRET,
      URL: ORIGIN,
      SUBMISSION_RATE_LIMIT_MAX: '100000',
      SUBMISSION_SENDER_LIMIT_MAX: '100000',
      CERT_LOOKUP_LIMIT_MAX: '100000',
      SUBMISSION_MIN_FILL_MS: '0',
    },
    {
      purgeCache: async () => undefined,
      images: createImageService({ store: sandbox.getStore(BLOB_STORES.images) }),
    },
  );
  const handler = netlifyFunction(apiHandler(), () => deps);
  const owner = (await deps.repository.create(ACCOUNTS, {
    userId: BOOTSTRAP_USER_ID,
    name: 'Owner',
    role: 'owner',
    disabled: false,
    requirePasskey: false,
    passkeys: [],
  })) as Account;
  const sessionId = newId();
  await storeSession(deps, sessionId, owner, { ip: '127.0.0.1', userAgent: 'scale-bench' });
  const cookie = `${SESSION_COOKIE_NAME}=${createSessionToken(SESSION_SECRET, new Date(), SESSION_TTL_SECONDS, sessionId)}`;
  let address = 0;
  const call = (
    path: string,
    options: { method?: string; json?: unknown; admin?: boolean; body?: string; type?: string } = {},
  ) => {
    const method = options.method ?? 'GET';
    const headers = new Headers();
    if (method !== 'GET') headers.set('Origin', ORIGIN);
    if (options.admin) headers.set('Cookie', cookie);
    if (options.json !== undefined) headers.set('Content-Type', 'application/json');
    if (options.type) headers.set('Content-Type', options.type);
    address += 1;
    const ip = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    const request = new Request(new URL(path, ORIGIN), {
      method,
      headers,
      body: options.json === undefined ? options.body : JSON.stringify(options.json),
    });
    return handler(request, { ip, waitUntil: () => undefined });
  };
  return { probe, sandbox, counters, memory, deps, call };
}

type Bench = Awaited<ReturnType<typeof startBench>>;

async function createContent(bench: Bench, path: string, json: Record<string, unknown>) {
  const response = await bench.call(path, { method: 'POST', json, admin: true });
  const body = (await response.json()) as { data?: { _id: string } };
  if (response.status !== 201 || !body.data) throw new Error(`${path} answered ${response.status}`);
  return body.data._id;
}

/** The catalogue the enrolments point at: a course on the enrolment list, a trainer, and BATCHES batches. */
async function seedCatalogue(bench: Bench): Promise<string[]> {
  await createContent(bench, enrollCourseFamily.path, { courseName: ENROL_COURSE });
  const trainer = await createContent(bench, contentFamilies.trainer.path, { name: 'Bench Trainer' });
  const course = await createContent(bench, contentFamilies.course.path, {
    title: 'Scale Bench',
    enrollName: ENROL_COURSE,
    syllabus: [{ title: 'Basics', topics: ['One'] }],
    duration: '8 weeks',
    fee: 2_500_000,
    trainers: [trainer],
    refundPolicy: 'Full refund up to 7 days before the start.',
  });
  const batches: string[] = [];
  for (let index = 0; index < BATCHES; index++)
    batches.push(
      await createContent(bench, contentFamilies.batch.path, {
        name: `Bench batch ${index + 1}`,
        course,
        schedule: 'Mon–Thu, 7–9 pm IST',
        mode: 'online',
        startDate: '2027-03-14',
        endDate: '2027-05-09',
        capacity: 30,
      }),
    );
  return batches;
}

const SEED_START = Date.parse('2025-01-01T04:30:00.000Z');
const STATUSES = ['new', 'contacted', 'declined', 'new'];

async function inParallel(count: number, from: number, write: (index: number) => Promise<unknown>) {
  for (let start = from; start < count; start += SEED_CONCURRENCY)
    await Promise.all(
      Array.from({ length: Math.min(SEED_CONCURRENCY, count - start) }, (_, offset) => write(start + offset)),
    );
}

/** Enrolments a minute apart, oldest first; every tenth names a batch (none enrolled: seats stay free). */
function seedEnrolments(bench: Bench, from: number, to: number, batches: string[]) {
  return inParallel(to, from, (index) => {
    const at = SEED_START + index * 60_000;
    const time = new Date(at).toISOString();
    return bench.deps.repository.put('enroll', {
      _id: idAt(at),
      createdAt: time,
      updatedAt: time,
      name: `Student ${index}`,
      email: `student${index}@example.in`,
      phone: `9${String(index).padStart(9, '0')}`,
      course: ENROL_COURSE,
      message: index % 3 === 0 ? `I would like the evening batch, call after 6 pm (${index}).` : '',
      status: STATUSES[index % STATUSES.length],
      ...(index % 10 === 0 ? { batch: batches[index % batches.length] } : {}),
    });
  });
}

const certificateNumber = (index: number) => `DSA-2026-${String(index).padStart(6, '0')}`;

function seedCertificates(bench: Bench, from: number, to: number) {
  return inParallel(to, from, (index) => {
    const at = SEED_START + index * 3_600_000;
    const time = new Date(at).toISOString();
    return bench.deps.repository.put(contentFamilies.certificate.key, {
      _id: idAt(at),
      createdAt: time,
      updatedAt: time,
      number: certificateNumber(index),
      holderName: `Holder ${index}`,
      holderEmail: `holder${index}@example.in`,
      courseName: 'Ethical Hacking',
      issuedOn: '2026-01-15',
      status: 'valid',
    });
  });
}

interface Measured {
  times: number[];
  bytes: number[];
  per: RedisCounters;
  statuses: Set<number>;
}

async function measure(
  bench: Bench,
  runs: number,
  once: (run: number) => Promise<Response>,
): Promise<Measured> {
  const times: number[] = [];
  const bytes: number[] = [];
  const statuses = new Set<number>();
  const before = await bench.counters();
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await once(run);
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    bytes.push(body.byteLength);
    statuses.add(response.status);
  }
  const after = await bench.counters();
  // Each INFO probe counts once itself.
  const per = {
    commands: (after.commands - before.commands - 1) / runs,
    outBytes: (after.outBytes - before.outBytes) / runs,
    inBytes: (after.inBytes - before.inBytes) / runs,
  };
  return { times, bytes, per, statuses };
}

const kb = (bytes: number) => bytes / 1024;

const IMPORT_ROWS = 2_000;

/** A measurement that fails is a row of the table (a timeout at 100k is a finding), not the end of the run. */
async function attempt(subject: string, measure: () => Promise<Row>): Promise<Row> {
  try {
    return await measure();
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { bench: 'scale', subject, metric: 'failed', value: message.slice(0, 120), ok: false };
  }
}

/** The scheduled function's own work, CSV_RUNS times: collect, pack, write to Blobs, prune old days. */
async function backupRow(bench: Bench, subject: string): Promise<Row> {
  const backupTimes: number[] = [];
  let backupBytes = 0;
  const backups = bench.sandbox.getStore(BLOB_STORES.backups);
  for (let run = 0; run < CSV_RUNS; run++) {
    const started = performance.now();
    backupBytes = (await runScheduledBackup(bench.deps, backups)).bytes;
    backupTimes.push(performance.now() - started);
  }
  return {
    bench: 'scale',
    subject: `daily backup: collect, pack, write to Blobs (${subject})`,
    metric: `median ms (max ${percentile(backupTimes, 100).toFixed(0)}); archive ${(backupBytes / 1024 / 1024).toFixed(2)} MB`,
    value: Math.round(percentile(backupTimes, 50)),
    unit: 'ms',
    target: `< ${SCHEDULED_LIMIT_MS / 1000} s (scheduled function)`,
    ok: percentile(backupTimes, 100) < SCHEDULED_LIMIT_MS,
  };
}

/** A 2,000-row certificate import (the most one file takes) through the API: each call's time, chunk by chunk. */
async function importRow(bench: Bench, size: number, subject: string): Promise<Row> {
  const file = [
    'number,holderName,courseName,issuedOn',
    ...Array.from(
      { length: IMPORT_ROWS },
      (_, index) => `OLD-${size}-${index},Old Holder ${index},CEH v9,2019-06-30`,
    ),
  ].join('\n');
  const path = `${contentFamilies.certificate.path}/import`;
  const times: number[] = [];
  let started = performance.now();
  let response = await bench.call(path, { method: 'POST', admin: true, body: file, type: 'text/csv' });
  for (;;) {
    const answer = (await response.json()) as { data?: { importId?: string } };
    times.push(performance.now() - started);
    if (response.status !== 202) {
      if (response.status !== 201) throw new Error(`certificate import answered ${response.status}`);
      break;
    }
    started = performance.now();
    response = await bench.call(`${path}/${answer.data?.importId ?? ''}`, { method: 'POST', admin: true });
  }
  return {
    bench: 'scale',
    subject: `certificate import, ${IMPORT_ROWS.toLocaleString('en')} rows (${subject})`,
    metric: `calls (chunks); median / max ms per call; total ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
    value: `${times.length}; ${percentile(times, 50).toFixed(0)} / ${percentile(times, 100).toFixed(0)}`,
    target: `each call < ${SYNC_LIMIT_MS / 1000} s`,
    ok: percentile(times, 100) < SYNC_LIMIT_MS,
  };
}

export const scaleBenchmark: Benchmark = {
  name: 'scale',
  title: 'Scale (issue 38)',
  async run(context) {
    const store = await context.store();
    const sizes = scaleSizes();
    const bench = await startBench(store.redisUrl, { ...store.env, REDIS_KEY_PREFIX: 'scale:' });
    const rows: Row[] = [];
    const notes: string[] = [];
    const baseMemory = await bench.memory();
    try {
      const batches = await seedCatalogue(bench);
      let seeded = 0;
      let certificates = 0;
      const firstP95 = new Map<string, number>();
      for (const size of sizes) {
        const seedStarted = performance.now();
        await seedEnrolments(bench, seeded, size, batches);
        await seedCertificates(bench, certificates, certificatesFor(size));
        // The seed's puts are writes of requests the store did not have, which count no lead (insights/rollups.ts):
        // the owner's view's rollups are counted from them as a restore counts them.
        await rebuildRollups(bench.deps);
        seeded = size;
        certificates = certificatesFor(size);
        context.log(
          `scale: ${size} enrolments, ${certificates} certificates seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
        );
        const subject = `${size.toLocaleString('en')} requests, ${certificates.toLocaleString('en')} certificates`;
        const enroll = requestFamilies.enroll.path;
        let sender = 0;
        const timed: [string, number, (run: number) => Promise<Response>, boolean][] = [
          ['admin list, first page', RUNS, () => bench.call(`${enroll}?limit=50`, { admin: true }), true],
          [
            'admin search, no match',
            RUNS,
            () => bench.call(`${enroll}?limit=50&q=zzqx-no-such-person`, { admin: true }),
            true,
          ],
          [
            'admin status filter',
            RUNS,
            () => bench.call(`${enroll}?limit=50&status=contacted`, { admin: true }),
            true,
          ],
          [
            'certificate verify',
            RUNS,
            (run) =>
              bench.call(
                `${contentFamilies.certificate.path}/verify/${certificateNumber(Math.floor(((run + 0.5) / RUNS) * certificates))}`,
              ),
            true,
          ],
          ['batch availability', RUNS, () => bench.call(availabilityPath), true],
          // The owner's view of the seeded year beside the one before it (issue 41): rollups, not requests.
          [
            'insights, one year',
            RUNS,
            () => bench.call(`${INSIGHTS_PATH}?from=2025-01-01&to=2025-12-31`, { admin: true }),
            true,
          ],
          [
            'enrolment POST',
            RUNS,
            () => {
              sender += 1;
              return bench.call(enroll, {
                method: 'POST',
                json: {
                  name: `Bench Student ${size}-${sender}`,
                  email: `bench.${size}.${sender}@example.in`,
                  phone: `8${String(sender).padStart(9, '0')}`,
                  course: ENROL_COURSE,
                  message: '',
                },
              });
            },
            true,
          ],
        ];
        for (const [operation, runs, once, targeted] of timed) {
          const result = await measure(bench, runs, once);
          const p50 = percentile(result.times, 50);
          const p95 = percentile(result.times, 95);
          if (!firstP95.has(operation)) firstP95.set(operation, p95);
          const atLargest = size === sizes.at(-1) && size >= 100_000;
          rows.push({
            bench: 'scale',
            subject: `${operation} (${subject})`,
            metric: `p50 / p95 ms; HTTP ${[...result.statuses].join(',')}`,
            value: `${p50.toFixed(0)} / ${p95.toFixed(0)}`,
            unit: 'ms',
            ...(targeted && atLargest
              ? {
                  target: `p95 ≤ ${P95_TARGET_MS}, ≤ 2× the smallest size`,
                  ok: p95 <= P95_TARGET_MS && p95 <= 2 * Math.max(firstP95.get(operation) ?? p95, 1),
                }
              : {}),
          });
          rows.push({
            bench: 'scale',
            subject: `${operation} (${subject})`,
            metric: 'Redis commands / KB read / KB written per call',
            value: `${result.per.commands.toFixed(1)} / ${kb(result.per.outBytes).toFixed(1)} / ${kb(result.per.inBytes).toFixed(1)}`,
          });
        }
        try {
          const csv = await measure(bench, CSV_RUNS, () => bench.call(exportPath('enroll'), { admin: true }));
          const csvMs = percentile(csv.times, 50);
          const csvBytes = Math.max(...csv.bytes);
          rows.push({
            bench: 'scale',
            subject: `CSV export, streamed (${subject})`,
            metric: `median ms (max ${percentile(csv.times, 100).toFixed(0)}); HTTP ${[...csv.statuses].join(',')}`,
            value: Math.round(csvMs),
            unit: 'ms',
            target: `< ${SYNC_LIMIT_MS / 1000} s (synchronous function)`,
            ok: percentile(csv.times, 100) < SYNC_LIMIT_MS,
          });
          rows.push({
            bench: 'scale',
            subject: `CSV export, streamed (${subject})`,
            metric: 'bytes; Redis commands / MB read per export',
            value: `${(csvBytes / 1024 / 1024).toFixed(2)} MB; ${csv.per.commands.toFixed(0)} / ${(csv.per.outBytes / 1024 / 1024).toFixed(1)}`,
            target: `≤ ${STREAM_LIMIT_BYTES / 1024 / 1024} MB (streamed answer)`,
            ok: csvBytes <= STREAM_LIMIT_BYTES,
          });
        } catch (error) {
          rows.push(await attempt(`CSV export (${subject})`, () => Promise.reject(error)));
        }
        rows.push(await attempt(`daily backup (${subject})`, () => backupRow(bench, subject)));
        rows.push(await attempt(`certificate import (${subject})`, () => importRow(bench, size, subject)));
        rows.push({
          bench: 'scale',
          subject: `Redis memory (${subject})`,
          metric: 'used_memory above the empty store',
          value: ((await bench.memory()) - baseMemory) / 1024 / 1024,
          unit: 'MB',
        });
      }
      notes.push(
        `scale: handlers in the bench's process (netlifyFunction(apiHandler())) on redis-server behind the Upstash gateway, keys under \`scale:\`; ${RUNS} calls per operation (BENCH_SCALE_RUNS), CSV and backup ${CSV_RUNS}; sizes ${sizes.join(', ')} (BENCH_SCALE_SIZES). Enrolments a minute apart, statuses new/contacted/declined, every tenth in one of ${BATCHES} batches; certificates = min(size, 10,000). Redis figures come from INFO stats around the calls (rate-limit counters included); the backup row is runScheduledBackup (the scheduled function's work) writing to a local Blobs sandbox. Enrolments posted by the POST rows stay in the store.`,
      );
    } finally {
      await bench.probe.quit();
      await bench.sandbox.stop();
    }
    return { rows, notes };
  },
};
