/**
 * 7. Credits per month on Netlify's Free plan (issue 26), by meter and by publishing policy.
 *
 * Netlify's credit-based Free plan: 300 credits a month, a hard limit (every site of the team is paused when
 * they run out); a production deploy costs 15, bandwidth 20 per GB, web requests 2 per 10,000, function compute
 * 5 per GB-hour. The month modelled is the issue's realistic one: 60 content edits in 25 editing sessions,
 * 30 scheduled changes, 300 enquiries and their status changes, 20 certificates and 20,000 page views at the
 * bytes and requests per view measured in Chromium (bench/page-views.ts, the same views page-bytes.ts reads).
 *
 * Deploys are not estimated: the month's timeline of changes is run, with a fake clock, through the server's
 * own rebuild trigger, deploy governor and publish policy (src/server/rebuild), the scheduler ticking at every
 * moment the policy can decide differently (after each coalescing window, at midnight and at the publish window
 * each day); only the store under them is an in-memory stand-in that follows the fake clock (the real stores'
 * leases follow the wall clock). Each change's stated "goes live" time is checked against the deploy that
 * carried it.
 */
import type { Coordination, Repository, StoredItem } from '../src/server/repository/port.ts';
import { newId } from '../src/server/repository/ids.ts';
import { createDeployGovernor } from '../src/server/rebuild/deploy-governor.ts';
import { createRebuildTrigger } from '../src/server/rebuild/rebuild-trigger.ts';
import {
  liveWhen,
  windowOf,
  type PublishConfig,
  type PublishPolicy,
} from '../src/server/rebuild/publish-policy.ts';
import { CREDITS_PER_DEPLOY, FREE_PLAN_CREDITS } from '../src/lib/publishing.ts';
import { DEPLOY_BUDGET_PER_MONTH, PUBLISH_WINDOW_IST, REBUILD_WINDOW_MS } from '../src/lib/constants.ts';
import type { PageView } from './page-views.ts';
import type { Benchmark } from './support/context.ts';
import type { Row } from './support/table.ts';

/** Netlify's meters (credits). */
const CREDITS = {
  deploy: CREDITS_PER_DEPLOY,
  perGB: 20,
  per10kRequests: 2,
  perGBHour: 5,
};

/** The realistic month. */
const MONTH = {
  /** November 2026 (IST): 30 days. */
  start: Date.parse('2026-10-31T18:30:00Z'),
  days: 30,
  edits: 60,
  sessions: 25,
  scheduledChanges: 30,
  enquiries: 300,
  certificates: 20,
  pageViews: 20_000,
};

/**
 * Assumptions for the meters nothing here can measure (stated under the table): Netlify functions run with
 * 1,024 MB; an invocation lasts 100 ms (the runner answers in 4–40 ms locally, cold starts cost more); each
 * staff session loads the admin (its requests measured like a page view's are not: 40 requests, 400 KB).
 */
const FUNCTION_GB = 1;
const INVOCATION_SECONDS = 0.1;
const ADMIN_SESSION = { requests: 40, bytes: 400_000, invocations: 15 };
/** The scheduler's one invocation a minute (netlify/functions/rebuild-scheduler.mts). */
const SCHEDULER_TICKS = MONTH.days * 24 * 60;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Traffic {
  bytesPerView: number;
  requestsPerView: number;
  /** Function invocations per view (CDN misses of API GETs are rare: counted as all, the worst case). */
  invocationsPerView: number;
}

export interface MonthResult {
  policy: PublishPolicy | 'ungoverned';
  budget: number;
  deploys: number;
  credits: { deploys: number; bandwidth: number; requests: number; compute: number; total: number };
  /** Changes carried by a deploy within the month: the median and longest wait (hours). */
  waitHours: { median: number; max: number };
  /** Changes whose deploy came later than the time the admin stated. */
  late: number;
  /** Changes still queued when the month ends (they go with next month's first publish). */
  queuedAtEnd: number;
  /** Page views the credits left under 300 would still carry. */
  spareViews: number;
}

/** What the deploy governor never asks of its coordination: a call to one of these is a bench bug, said loudly. */
const UNUSED = [
  'addToSet',
  'takeSet',
  'takeSeat',
  'releaseSeat',
  'seatsHeld',
  'openSeats',
  'remember',
  'recall',
  'schedule',
  'unschedule',
  'due',
] as const;

/** Leases, flags and counters on the fake clock. */
function memoryCoordination(now: () => number): Coordination {
  const leases = new Map<string, number>();
  const flags = new Set<string>();
  const counts = new Map<string, number>();
  const unused = Object.fromEntries(
    UNUSED.map((name) => [
      name,
      async () => {
        throw new Error(`the credits month's coordination has no ${name}`);
      },
    ]),
  ) as unknown as Pick<Coordination, (typeof UNUSED)[number]>;
  return {
    ...unused,
    async acquireLease(name, ttlMs) {
      if ((leases.get(name) ?? 0) > now()) return false;
      leases.set(name, now() + ttlMs);
      return true;
    },
    async releaseLease(name) {
      leases.delete(name);
    },
    async raiseFlag(name) {
      flags.add(name);
    },
    async takeFlag(name) {
      return flags.delete(name);
    },
    async countUpTo(name, limit) {
      const count = counts.get(name) ?? 0;
      if (count >= limit) return null;
      counts.set(name, count + 1);
      return count + 1;
    },
    async readCount(name) {
      return counts.get(name) ?? 0;
    },
    async hit() {
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async clearHits() {},
  };
}

/** The part of the Repository the governor uses (its queue and deploy log), in memory. */
function memoryRepository(now: () => number): Repository {
  const collections = new Map<string, StoredItem[]>();
  const of = (name: string) => collections.get(name) ?? collections.set(name, []).get(name)!;
  const partial: Pick<Repository, 'create' | 'list' | 'listPage' | 'delete' | 'get'> = {
    async create(collection, fields) {
      const at = new Date(now()).toISOString();
      const item = { ...fields, _id: newId(), createdAt: at, updatedAt: at };
      of(collection).push(item);
      return item;
    },
    async list(collection) {
      return [...of(collection)];
    },
    async listPage(collection, { limit }) {
      return { items: [...of(collection)].reverse().slice(0, limit), nextCursor: null };
    },
    async delete(collection, id) {
      const items = of(collection);
      const index = items.findIndex((item) => item._id === id);
      return index < 0 ? null : (items.splice(index, 1)[0] ?? null);
    },
    async get(collection, id) {
      return of(collection).find((item) => item._id === id) ?? null;
    },
  };
  return partial as Repository;
}

/** A deterministic spread of `count` moments over the month's working hours (10:00–17:00 IST). */
function spread(count: number, offsetHours: number, salt: number): number[] {
  return Array.from({ length: count }, (_, index) => {
    const day = Math.floor((index * MONTH.days) / count);
    const hour = 4.5 + offsetHours + ((index * 7 + salt) % 7); // 4.5 h UTC is 10:00 IST
    return MONTH.start + day * DAY + hour * HOUR;
  });
}

interface Change {
  at: number;
  stated: number;
}

/** Runs the month's content changes through the rebuild trigger and governor: what deploys they cost. */
export async function simulateMonth(
  policy: PublishPolicy | 'ungoverned',
  budget: number,
  traffic: Traffic,
): Promise<MonthResult> {
  let clock = MONTH.start;
  const now = () => clock;
  const coordination = memoryCoordination(now);
  const config: PublishConfig = {
    budget: policy === 'ungoverned' ? Number.MAX_SAFE_INTEGER : budget,
    policy: policy === 'ungoverned' ? 'live' : policy,
    windowMinutes: Number(PUBLISH_WINDOW_IST.slice(0, 2)) * 60 + Number(PUBLISH_WINDOW_IST.slice(3)),
  };
  const governor = createDeployGovernor({
    coordination,
    repository: memoryRepository(now),
    config,
    now: () => new Date(clock),
  });
  const deployTimes: number[] = [];
  const trigger = createRebuildTrigger({
    coordination,
    hookUrl: 'http://build-hook.invalid/',
    windowMs: REBUILD_WINDOW_MS,
    governor,
    fetch: async () => {
      deployTimes.push(clock);
      return new Response(null, { status: 200 });
    },
  });

  // Sessions: 60 edits in 25 sessions, three minutes apart; scheduled changes fall due at their own times.
  const sessionStarts = spread(MONTH.sessions, 0, 3);
  const edits = sessionStarts.flatMap((start, session) => {
    const count =
      Math.floor(((session + 1) * MONTH.edits) / MONTH.sessions) -
      Math.floor((session * MONTH.edits) / MONTH.sessions);
    return Array.from({ length: count }, (_, index) => start + index * 3 * MINUTE);
  });
  const scheduled = spread(MONTH.scheduledChanges, 0.25, 5).map((at) => at + 2 * HOUR);
  const changeTimes = [...edits, ...scheduled].sort((a, b) => a - b);

  // The scheduler's decision points: after each change's coalescing window, and at midnight and the window daily.
  const ticks = new Set<number>();
  for (const at of changeTimes) ticks.add(at + REBUILD_WINDOW_MS + MINUTE);
  for (let day = 0; day < MONTH.days; day++) {
    ticks.add(MONTH.start + day * DAY + MINUTE);
    ticks.add(windowOf(config, MONTH.start + day * DAY));
  }
  const events = [
    ...changeTimes.map((at) => ({ at, kind: 'change' as const })),
    ...[...ticks].map((at) => ({ at, kind: 'tick' as const })),
  ].sort((a, b) => a.at - b.at || (a.kind === 'change' ? -1 : 1));

  const changes: Change[] = [];
  for (const event of events) {
    clock = event.at;
    if (event.kind === 'tick') {
      await trigger.followUp();
      continue;
    }
    const outcome = await trigger.request({ family: 'homeCourse' });
    const soon = clock + REBUILD_WINDOW_MS + 2 * MINUTE;
    if (outcome === 'built' || outcome === 'deferred') changes.push({ at: clock, stated: soon });
    else {
      const live = liveWhen(config, clock, await governor.spent());
      changes.push({
        at: clock,
        stated: live.when === 'soon' ? soon : Date.parse(live.at ?? '') || Infinity,
      });
    }
  }

  const waits: number[] = [];
  let late = 0;
  let queuedAtEnd = 0;
  for (const change of changes) {
    const carried = deployTimes.find((at) => at >= change.at);
    if (carried === undefined) {
      queuedAtEnd += 1;
      continue;
    }
    waits.push((carried - change.at) / HOUR);
    if (carried > change.stated) late += 1;
  }
  waits.sort((a, b) => a - b);

  const deploys = deployTimes.length;
  const staffSessions = MONTH.sessions + MONTH.enquiries / 10;
  const bytes = MONTH.pageViews * traffic.bytesPerView + staffSessions * ADMIN_SESSION.bytes;
  const requests =
    MONTH.pageViews * traffic.requestsPerView +
    staffSessions * ADMIN_SESSION.requests +
    MONTH.enquiries * 2 +
    MONTH.certificates * 2;
  const invocations =
    MONTH.pageViews * traffic.invocationsPerView +
    staffSessions * ADMIN_SESSION.invocations +
    MONTH.enquiries * 2 +
    MONTH.certificates * 2 +
    MONTH.edits +
    SCHEDULER_TICKS;
  const credits = {
    deploys: deploys * CREDITS.deploy,
    bandwidth: (bytes / 1e9) * CREDITS.perGB,
    requests: (requests / 10_000) * CREDITS.per10kRequests,
    compute: ((invocations * INVOCATION_SECONDS * FUNCTION_GB) / 3600) * CREDITS.perGBHour,
    total: 0,
  };
  credits.total = credits.deploys + credits.bandwidth + credits.requests + credits.compute;
  const perView =
    (traffic.bytesPerView / 1e9) * CREDITS.perGB +
    (traffic.requestsPerView / 10_000) * CREDITS.per10kRequests +
    ((traffic.invocationsPerView * INVOCATION_SECONDS * FUNCTION_GB) / 3600) * CREDITS.perGBHour;
  return {
    policy,
    budget: config.budget,
    deploys,
    credits,
    waitHours: {
      median: waits[Math.floor(waits.length / 2)] ?? 0,
      max: waits.at(-1) ?? 0,
    },
    late,
    queuedAtEnd,
    spareViews: Math.max(0, Math.floor((FREE_PLAN_CREDITS - credits.total) / perView)),
  };
}

/** Bytes, requests and function calls of the mean page view, from the recorded views. */
export function trafficOf(views: readonly PageView[]): Traffic {
  const mean = (pick: (view: PageView) => number) =>
    views.reduce((total, view) => total + pick(view), 0) / Math.max(1, views.length);
  return {
    bytesPerView: mean((view) => view.requests.reduce((total, request) => total + request.bodyBytes, 0)),
    requestsPerView: mean((view) => view.requests.length),
    invocationsPerView: mean((view) => view.requests.filter((request) => request.functionServed).length),
  };
}

/**
 * The realistic month of the on-demand design: pages that show stored content are rendered by a function behind
 * the CDN and purged by tag on each write, so a content edit costs no production deploy; only code deploys do.
 * The schedulers tick every minute (notification retries, retention), every 5 minutes (scheduled publishing) and
 * daily (purge, backup); each content change makes the CDN render its pages again (RENDERS_PER_CHANGE misses).
 */
export const REALISTIC_MONTH = {
  edits: 60,
  workingDays: 20,
  scheduledChanges: 30,
  enquiries: 300,
  pageViews: 20_000,
  /** The month's transfer, as the issue states it (page views and the admin). */
  gigabytes: 2,
  codeDeploys: 2,
  ticks: 30 * 24 * 60 + 30 * 24 * 12 + 2 * 30,
};
const RENDERS_PER_CHANGE = 10;

export interface RealisticMonthCredits {
  deploys: number;
  bandwidth: number;
  requests: number;
  compute: number;
  total: number;
  invocations: number;
}

/** Credits of the realistic month at Netlify's meters, with the page views' measured requests and function calls. */
export function realisticMonthCredits(traffic: Traffic): RealisticMonthCredits {
  const month = REALISTIC_MONTH;
  // One editing session per working day, and one per ten enquiries answered.
  const staffSessions = month.workingDays + month.enquiries / 10;
  const renders = (month.edits + month.scheduledChanges) * RENDERS_PER_CHANGE;
  const invocations =
    month.pageViews * traffic.invocationsPerView +
    renders +
    staffSessions * ADMIN_SESSION.invocations +
    month.enquiries * 2 +
    month.ticks;
  const requests =
    month.pageViews * traffic.requestsPerView +
    staffSessions * ADMIN_SESSION.requests +
    month.enquiries * 2 +
    renders;
  const credits = {
    deploys: month.codeDeploys * CREDITS.deploy,
    bandwidth: month.gigabytes * CREDITS.perGB,
    requests: (requests / 10_000) * CREDITS.per10kRequests,
    compute: ((invocations * INVOCATION_SECONDS * FUNCTION_GB) / 3600) * CREDITS.perGBHour,
    total: 0,
    invocations,
  };
  credits.total = credits.deploys + credits.bandwidth + credits.requests + credits.compute;
  return credits;
}

const TARGET_REALISTIC_CREDITS = 130;

const POLICIES: (PublishPolicy | 'ungoverned')[] = ['ungoverned', 'live', 'paced', 'daily'];
const TARGET_CREDITS = 200;

export const creditsBenchmark: Benchmark = {
  name: 'credits',
  title: 'Credits per month',
  async run(context) {
    const traffic = trafficOf(await context.pageViews());
    const rows: Row[] = [];
    const bench = 'Credits';
    rows.push({
      bench,
      subject: 'page view (mean of 6 pages, first view)',
      metric: 'bytes / requests / function calls',
      value: `${(traffic.bytesPerView / 1000).toFixed(1)} KB / ${traffic.requestsPerView.toFixed(1)} / ${traffic.invocationsPerView.toFixed(1)}`,
    });
    const month = realisticMonthCredits(traffic);
    rows.push({
      bench,
      subject: 'on-demand pages, no deploy per content edit (realistic month)',
      metric: 'credits per month (realistic month): deploys + bandwidth + requests + compute',
      value: `${month.total.toFixed(0)} = ${month.deploys} + ${month.bandwidth.toFixed(1)} + ${month.requests.toFixed(1)} + ${month.compute.toFixed(1)}`,
      unit: 'credits',
      target: `≤ ${TARGET_REALISTIC_CREDITS}`,
      ok: month.total <= TARGET_REALISTIC_CREDITS,
    });
    for (const policy of POLICIES) {
      const result = await simulateMonth(policy, DEPLOY_BUDGET_PER_MONTH, traffic);
      const subject =
        policy === 'ungoverned'
          ? 'before issue 26 (every burst deploys)'
          : `${policy}${policy === 'paced' ? ' (default)' : ''}, budget ${result.budget}`;
      const c = result.credits;
      const isDefault = policy === 'paced';
      rows.push(
        {
          bench,
          subject,
          metric: 'credits per month (deploys + bandwidth + requests + compute)',
          value: `${c.total.toFixed(0)} = ${c.deploys} + ${c.bandwidth.toFixed(1)} + ${c.requests.toFixed(1)} + ${c.compute.toFixed(1)}`,
          unit: 'credits',
          ...(isDefault ? { target: `≤ ${TARGET_CREDITS}`, ok: c.total <= TARGET_CREDITS } : {}),
        },
        { bench, subject, metric: 'production deploys', value: result.deploys },
        {
          bench,
          subject,
          metric: 'wait edit → deploy, median / max',
          value: `${result.waitHours.median.toFixed(1)} / ${result.waitHours.max.toFixed(1)}`,
          unit: 'h',
        },
        {
          bench,
          subject,
          metric: 'changes later than stated / still queued at month end',
          value: `${result.late} / ${result.queuedAtEnd}`,
          ...(isDefault ? { target: '0 late', ok: result.late === 0 } : {}),
        },
        {
          bench,
          subject,
          metric: 'page views the credits left under 300 would carry',
          value: result.spareViews,
        },
      );
    }
    return {
      rows,
      notes: [
        `Credits per month (realistic month): ${REALISTIC_MONTH.edits} edits over ${REALISTIC_MONTH.workingDays} working days, ${REALISTIC_MONTH.scheduledChanges} scheduled changes, ${REALISTIC_MONTH.enquiries} enquiries, ${REALISTIC_MONTH.pageViews.toLocaleString('en')} page views, ${REALISTIC_MONTH.gigabytes} GB, ${REALISTIC_MONTH.codeDeploys} code deploys and no deploy for content; ${Math.round(month.invocations).toLocaleString('en')} function invocations (${REALISTIC_MONTH.ticks.toLocaleString('en')} of them scheduler ticks: every minute, every 5 minutes, daily purge and backup), ${RENDERS_PER_CHANGE} page renders after each content change's purge, at the meters and assumptions below.`,
        `Credits per month: the issue's month (${MONTH.edits} edits in ${MONTH.sessions} sessions, ${MONTH.scheduledChanges} scheduled changes, ${MONTH.enquiries} enquiries with status changes, ${MONTH.certificates} certificates, ${MONTH.pageViews.toLocaleString('en')} page views) run through src/server/rebuild with a fake clock. Meters: deploy ${CREDITS.deploy}, ${CREDITS.perGB}/GB, ${CREDITS.per10kRequests}/10,000 requests, ${CREDITS.perGBHour}/GB-hour. Assumed: functions at ${FUNCTION_GB * 1024} MB for ${INVOCATION_SECONDS * 1000} ms each, the scheduler's ${SCHEDULER_TICKS.toLocaleString('en')} ticks, every page view a first view (no browser cache) and every function GET a CDN miss (upper bounds), ${ADMIN_SESSION.requests} requests / ${ADMIN_SESSION.bytes / 1000} KB per staff session.`,
      ],
    };
  },
};
