/**
 * 8. Upstash commands per month at 10,000 certificates and 100,000 requests: the schedulers' ticks (idle: what
 * the due-time index costs to ask) and the realistic month's work, each counted by redis-server's own command
 * counter (an upper bound on Upstash's bill: a script's inner commands count one by one here, one on Upstash)
 * behind the Upstash gateway, with the server's own functions and handlers in this process.
 *
 * The month: 43,200 every-minute ticks, 8,640 publishing ticks, 30 daily purges, 300 enquiries (each submitted
 * through the API handler, delivered, and later given a status change by staff), 60 edits and 30 scheduled
 * changes (each made by its tick), 300 requests reaching retention, 30 trash entries purged. Assumed (stated
 * under the table): each content change makes the CDN render 10 pages again at the public GET's commands, and
 * each of 40 staff sessions costs 15 invocations at 2 session commands.
 */
import { requestFamilies } from '../src/lib/collections.ts';
import { UNKNOWN_ADDRESS } from '../src/lib/identity.ts';
import { auditAction } from '../src/server/audit/audit-log.ts';
import { createDeps, type Deps } from '../src/server/deps.ts';
import { runScheduledEnquiries } from '../src/server/enquiries/scheduled.ts';
import { apiHandler } from '../src/server/handlers/api-router.ts';
import { netlifyFunction } from '../src/server/http/netlify-function.ts';
import { mapPool } from '../src/server/migration/pool.ts';
import { runScheduledPurgeRetry } from '../src/server/cdn/scheduled-purges.ts';
import { dueIndexBuilt, runScheduledPurge } from '../src/server/rebuild/scheduled.ts';
import { createCoordinationFromEnv, createRepositoryFromEnv } from '../src/server/repository/index.ts';
import { runScheduledPublishing } from '../src/server/schedule/scheduled-publishing.ts';
import type { Benchmark } from './support/context.ts';
import type { StoreHost } from './support/store-host.ts';
import type { Row } from './support/table.ts';

const CERTIFICATES = 10_000;
const REQUESTS = 100_000;
const TARGET = 150_000;
const MONTH = {
  minuteTicks: 30 * 24 * 60,
  publishingTicks: 30 * 24 * 12,
  dailyRuns: 30,
  enquiries: 300,
  edits: 60,
  scheduledChanges: 30,
  retention: 300,
  trash: 30,
};
/** Assumptions (see the note): renders per content change after its purge, and staff sessions. */
const RENDERS_PER_CHANGE = 10;
const PUBLIC_GET_COMMANDS = 3;
const STAFF = { sessions: 40, invocations: 15, commands: 2 };
const SAMPLES = 10;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const SENT = { state: 'sent', attempts: 1, nextAttemptAt: '2026-11-01T04:00:00.000Z' };

async function commandsOf(store: StoreHost, action: () => Promise<unknown>) {
  const [commands, trips] = [await store.commands(), await store.roundTrips()];
  await action();
  return {
    commands: (await store.commands()) - commands,
    trips: (await store.roundTrips()) - trips,
  };
}

async function mean(store: StoreHost, samples: number, action: (index: number) => Promise<unknown>) {
  const { commands, trips } = await commandsOf(store, async () => {
    for (let index = 0; index < samples; index++) await action(index);
  });
  return { commands: commands / samples, trips: trips / samples };
}

async function seed(deps: Deps) {
  await mapPool(
    Array.from({ length: CERTIFICATES }, (_, index) => index),
    32,
    (index) =>
      deps.repository.create('certificate', {
        number: `DS-M-${String(index).padStart(6, '0')}`,
        holderName: `Holder ${index}`,
        holderEmail: `holder-${index}@example.in`,
        course: 'Network Defence',
        status: 'published',
        mail: { ...SENT, origin: 'https://delta.example', queuedAt: SENT.nextAttemptAt },
      }),
  );
  await mapPool(
    Array.from({ length: REQUESTS }, (_, index) => index),
    32,
    (index) =>
      deps.repository.create('contact', {
        name: `Sender ${index}`,
        email: `sender-${index}@example.in`,
        phone: '9876543210',
        message: 'Hello',
        status: 'done',
        outbox: { email: SENT },
      }),
  );
}

export const upstashMonthBenchmark: Benchmark = {
  name: 'upstash',
  title: 'Upstash commands per month',
  async run(context) {
    const store = await context.store();
    let clock = new Date('2026-12-01T04:30:00.000Z');
    const env = {
      ...store.env,
      REDIS_KEY_PREFIX: 'upstash-month',
      URL: 'https://delta.example',
    };
    const sent: string[] = [];
    const deps = createDeps(env, {
      repository: createRepositoryFromEnv(env),
      coordination: createCoordinationFromEnv(env),
      now: () => clock,
      purgeCache: async () => undefined,
      notifier: {
        channels: ['email'],
        send: async (channel) => void sent.push(channel),
        acknowledge: async () => undefined,
      },
    });
    const started = Date.now();
    await seed(deps);
    context.log(
      `upstash: seeded ${CERTIFICATES} certificates and ${REQUESTS} requests in ${Date.now() - started} ms`,
    );
    // The store was written through the index: nothing is left for the first daily run to enter.
    await deps.coordination.countUpTo(dueIndexBuilt(deps.env.REQUEST_RETENTION_DAYS), 1);

    // The every-minute function's work (netlify/functions/rebuild-scheduler.mts), each tick looking at the waiting
    // purges too (it does so every 5 minutes): an upper bound.
    const minute = await mean(store, SAMPLES, () =>
      Promise.all([runScheduledEnquiries(deps), runScheduledPurgeRetry(deps, { everyMinutes: 1 })]),
    );
    const publishing = await mean(store, SAMPLES, () => runScheduledPublishing(deps));
    const daily = await mean(store, 3, () => runScheduledPurge(deps));

    // An enquiry: submitted through the API handler (delivery after the response included), then a status change.
    const api = netlifyFunction(apiHandler(), () => deps);
    const pending = new Set<Promise<unknown>>();
    const submission = await mean(store, SAMPLES, async (index) => {
      const response = await api(
        new Request(`https://delta.example${requestFamilies.contact.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'https://delta.example' },
          body: JSON.stringify({
            name: 'Month Model',
            email: `month.${index}@example.in`,
            phone: `98765${String(index).padStart(5, '0')}`,
            message: 'Counting commands.',
          }),
        }),
        { ip: `203.0.113.${index + 1}`, waitUntil: (promise: Promise<unknown>) => void pending.add(promise) },
      );
      if (response.status !== 201) throw new Error(`POST contact answered ${response.status}`);
      await Promise.all([...pending]);
      pending.clear();
    });
    const submitted = (await deps.repository.listPage('contact', { limit: SAMPLES })).items;
    const statusChange = await mean(store, SAMPLES, (index) =>
      deps.repository.update('contact', submitted[index]!._id, { status: 'done' }),
    );
    const enquiry = {
      commands: submission.commands + statusChange.commands,
      trips: submission.trips + statusChange.trips,
    };

    // An edit: the store write and its audit entry.
    const course = await deps.repository.create('course', { name: 'Month course', title: 'Month course' });
    const edit = await mean(store, SAMPLES, async (index) => {
      const result = await deps.repository.update('course', course._id, { description: `Edit ${index}` });
      await auditAction(
        { deps, ip: UNKNOWN_ADDRESS },
        { userId: 'owner', name: 'Owner' },
        {
          action: 'update',
          family: 'course',
          item: result!.item,
        },
      );
    });

    // A scheduled change: entered by its save (counted with the edit), made by the tick that finds it due.
    const scheduled = await mean(store, SAMPLES, async (index) => {
      await deps.repository.create('course', {
        name: `Scheduled ${index}`,
        title: `Scheduled ${index}`,
        published: false,
        publishAt: new Date(clock.getTime() + MINUTE).toISOString(),
      });
      clock = new Date(clock.getTime() + 5 * MINUTE);
      const run = await runScheduledPublishing(deps);
      if (run.changes.length !== 1) throw new Error('the scheduled change was not made');
    });

    // Retention: a retention period on, every stored request is past it; one tick takes its batch of them.
    // (items are stamped with the wall clock's time when stored)
    clock = new Date(Date.now() + deps.env.REQUEST_RETENTION_DAYS * DAY + MINUTE);
    let expired = 0;
    const retention = await commandsOf(store, async () => {
      const run = await runScheduledEnquiries(deps);
      if (typeof run.retention === 'object') expired = run.retention.contact;
    });
    if (expired === 0) throw new Error('no request past retention was purged');

    // The trash: entries moved there a retention period ago, purged by the daily run.
    const trashed = await mapPool(
      Array.from({ length: SAMPLES }, (_, index) => index),
      4,
      async (index) => {
        const item = await deps.repository.create('course', {
          name: `Trashed ${index}`,
          title: `Trashed ${index}`,
        });
        await deps.repository.trash('course', item._id, clock.toISOString());
        return item;
      },
    );
    clock = new Date(clock.getTime() + 31 * DAY);
    const trash = await commandsOf(store, () => runScheduledPurge(deps));
    if (trashed.length !== SAMPLES) throw new Error('unreachable');

    const perRetention = retention.commands / expired;
    const perTrash = trash.commands / SAMPLES;
    const renders = (MONTH.edits + MONTH.scheduledChanges) * RENDERS_PER_CHANGE * PUBLIC_GET_COMMANDS;
    const staff = STAFF.sessions * STAFF.invocations * STAFF.commands;
    const parts = {
      ticks:
        MONTH.minuteTicks * minute.commands +
        MONTH.publishingTicks * publishing.commands +
        MONTH.dailyRuns * daily.commands,
      enquiries: MONTH.enquiries * enquiry.commands,
      edits: MONTH.edits * edit.commands,
      scheduled: MONTH.scheduledChanges * (scheduled.commands + edit.commands),
      expiry: MONTH.retention * perRetention + MONTH.trash * perTrash,
      renders,
      staff,
    };
    const total = Object.values(parts).reduce((sum, part) => sum + part, 0);
    const bench = 'Upstash';
    const subject = `${CERTIFICATES.toLocaleString('en')} certificates, ${REQUESTS.toLocaleString('en')} requests`;
    const pair = (figure: { commands: number; trips: number }) =>
      `${figure.commands.toFixed(1)} / ${figure.trips.toFixed(1)}`;
    const rows: Row[] = [
      {
        bench,
        subject,
        metric: 'every-minute tick, nothing due: Redis commands / round trips',
        value: pair(minute),
        target: '≤ 2',
        ok: minute.commands <= 2,
      },
      {
        bench,
        subject,
        metric: 'publishing tick, nothing due: Redis commands / round trips',
        value: pair(publishing),
        target: '≤ 2',
        ok: publishing.commands <= 2,
      },
      {
        bench,
        subject,
        metric: 'daily purge, nothing due: Redis commands / round trips',
        value: pair(daily),
      },
      {
        bench,
        subject,
        metric: 'enquiry (POST, delivery, status change): Redis commands / round trips',
        value: pair(enquiry),
      },
      { bench, subject, metric: 'edit (write + audit): Redis commands / round trips', value: pair(edit) },
      {
        bench,
        subject,
        metric: 'scheduled change made by its tick: Redis commands / round trips',
        value: pair(scheduled),
      },
      {
        bench,
        subject,
        metric: 'request past retention / trash entry purged: Redis commands each',
        value: `${perRetention.toFixed(1)} / ${perTrash.toFixed(1)}`,
      },
      {
        bench,
        subject,
        metric: 'Upstash commands per month at 10,000 certificates and 100,000 requests',
        value: `${Math.round(total).toLocaleString('en')} = ticks ${Math.round(parts.ticks).toLocaleString('en')} + enquiries ${Math.round(parts.enquiries).toLocaleString('en')} + edits ${Math.round(parts.edits).toLocaleString('en')} + scheduled ${Math.round(parts.scheduled).toLocaleString('en')} + expiry ${Math.round(parts.expiry).toLocaleString('en')} + renders ${renders.toLocaleString('en')} + staff ${staff.toLocaleString('en')}`,
        unit: 'commands',
        target: `≤ ${TARGET.toLocaleString('en')}`,
        ok: total <= TARGET,
      },
    ];
    return {
      rows,
      notes: [
        `Upstash month: redis-server's own command counter behind the Upstash gateway (a script's inner commands count one by one, so the figures are upper bounds of Upstash's bill, which counts a script once; round trips are the gateway's HTTP requests), the server's functions in this process, ${SAMPLES} samples each, the every-minute tick looking at waiting purges on every tick (it does every 5 minutes: an upper bound). Month: ${MONTH.minuteTicks.toLocaleString('en')} every-minute ticks, ${MONTH.publishingTicks.toLocaleString('en')} publishing ticks, ${MONTH.dailyRuns} daily runs, ${MONTH.enquiries} enquiries, ${MONTH.edits} edits, ${MONTH.scheduledChanges} scheduled changes (each also a save), ${MONTH.retention} requests past retention, ${MONTH.trash} trash entries purged. Assumed: each content change makes the CDN render ${RENDERS_PER_CHANGE} pages again at ${PUBLIC_GET_COMMANDS} commands each; ${STAFF.sessions} staff sessions of ${STAFF.invocations} invocations at ${STAFF.commands} session commands.`,
      ],
    };
  },
};
