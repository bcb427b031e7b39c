/**
 * 7. Credits per month on Netlify's Free plan, by meter, for the realistic month of the on-demand design.
 *
 * Netlify's credit-based Free plan: 300 credits a month, a hard limit (every site of the team is paused when
 * they run out); a production deploy costs 15, bandwidth 20 per GB, web requests 2 per 10,000, function compute
 * 5 per GB-hour. Pages that show stored content render on demand behind the CDN and a write purges them by tag,
 * so a content edit costs no deploy (docs/decisions.md §69, §76); only code deploys do. The page views' bytes,
 * requests and function calls are measured in Chromium (bench/page-views.ts, the same views page-bytes.ts reads).
 * The rebuild design's month (deploy governor and publish policies) went with that design; its last measured
 * rows stay in bench/RESULTS.md.
 */
import { CREDITS_PER_DEPLOY } from '../src/lib/publishing.ts';
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

/**
 * Assumptions for the meters nothing here can measure (stated under the table): Netlify functions run with
 * 1,024 MB; an invocation lasts 100 ms (the runner answers in 4–40 ms locally, cold starts cost more); each
 * staff session loads the admin (its requests measured like a page view's are not: 40 requests, 400 KB).
 */
const FUNCTION_GB = 1;
const INVOCATION_SECONDS = 0.1;
const ADMIN_SESSION = { requests: 40, bytes: 400_000, invocations: 15 };

export interface Traffic {
  bytesPerView: number;
  requestsPerView: number;
  /** Function invocations per view (CDN misses of API GETs are rare: counted as all, the worst case). */
  invocationsPerView: number;
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
    return {
      rows,
      notes: [
        `Credits per month (realistic month): ${REALISTIC_MONTH.edits} edits over ${REALISTIC_MONTH.workingDays} working days, ${REALISTIC_MONTH.scheduledChanges} scheduled changes, ${REALISTIC_MONTH.enquiries} enquiries, ${REALISTIC_MONTH.pageViews.toLocaleString('en')} page views, ${REALISTIC_MONTH.gigabytes} GB, ${REALISTIC_MONTH.codeDeploys} code deploys and no deploy for content; ${Math.round(month.invocations).toLocaleString('en')} function invocations (${REALISTIC_MONTH.ticks.toLocaleString('en')} of them scheduler ticks: every minute, every 5 minutes, daily purge and backup), ${RENDERS_PER_CHANGE} page renders after each content change's purge, at the meters and assumptions below.`,
        `Meters: deploy ${CREDITS.deploy}, ${CREDITS.perGB}/GB, ${CREDITS.per10kRequests}/10,000 requests, ${CREDITS.perGBHour}/GB-hour. Assumed: functions at ${FUNCTION_GB * 1024} MB for ${INVOCATION_SECONDS * 1000} ms each, every page view a first view (no browser cache) and every function GET a CDN miss (upper bounds), ${ADMIN_SESSION.requests} requests / ${ADMIN_SESSION.bytes / 1000} KB per staff session.`,
      ],
    };
  },
};
