/**
 * 6. Free-tier cost model, from measured counts.
 *
 * Model. Scripts, styles and the pre-rendered pages in dist/ are CDN hits and cost nothing. Pages that show stored
 * content, the islands' revalidating GETs (/api/v1/*) and /uploads/* pictures are function answers the CDN keeps
 * (`Netlify-CDN-Cache-Control: durable`, a cache tag each) until a write purges their tag, so a page view reaches a
 * function only on a CDN miss: the first view after a code deploy or after a purge. Form posts are never cached:
 * one invocation each. No write asks for a deploy (docs/decisions.md §76).
 *
 * Measured here: what each page view requests (Chromium, phone viewport), Redis commands per invocation of each
 * kind (through the runner, from Redis's own counter), the every-minute scheduler tick's commands, and a burst of
 * 20 edits against the runner, with the builds it ran (none).
 */
import { requestFamilies, statsFamily } from '../src/lib/collections.ts';
import { runScheduledPurgeRetry } from '../src/server/cdn/scheduled-purges.ts';
import { createDeps } from '../src/server/deps.ts';
import { runScheduledEnquiries } from '../src/server/enquiries/scheduled.ts';
import type { Benchmark } from './support/context.ts';
import { adminSession } from './support/admin.ts';
import type { StoreHost } from './support/store-host.ts';
import { sum } from './support/stats.ts';
import type { Row } from './support/table.ts';

const BURST_EDITS = 20;
const SAMPLES = 3;
const MINUTES_PER_DAY = 1_440;

async function commandsPer(store: StoreHost, calls: number, action: (index: number) => Promise<void>) {
  const commands = await store.commands();
  const trips = await store.roundTrips();
  for (let index = 0; index < calls; index += 1) await action(index);
  return {
    commands: ((await store.commands()) - commands) / calls,
    trips: ((await store.roundTrips()) - trips) / calls,
  };
}

async function expectOk(response: Response, what: string) {
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
}

export const costModelBenchmark: Benchmark = {
  name: 'cost',
  title: 'Free-tier cost model',
  async run(context) {
    const views = await context.pageViews();
    const store = await context.store();
    const runner = await context.runner();
    const base = runner.url;
    const rows: Row[] = [];
    const bench = 'Cost';

    // What a page view asks for.
    const perView = views.map((view) => ({
      path: view.path,
      staticRequests: view.requests.filter((request) => !request.functionServed).length,
      apiGets: view.requests.filter(
        (request) => request.functionServed && request.path.startsWith('/api/') && request.method === 'GET',
      ),
      uploadGets: view.requests.filter(
        (request) => request.functionServed && request.path.startsWith('/uploads/'),
      ),
      other: view.requests.filter((request) => request.functionServed && request.method !== 'GET'),
    }));
    const average = (pick: (view: (typeof perView)[number]) => number) =>
      sum(perView.map(pick)) / perView.length;
    const apiUrls = [
      ...new Set(perView.flatMap((view) => view.apiGets.map((request) => request.path))),
    ].sort();
    const uploadUrls = [
      ...new Set(perView.flatMap((view) => view.uploadGets.map((request) => request.path))),
    ];
    const bakedUploadUrls = new Set(
      views.flatMap((view) =>
        view.requests
          .filter((request) => !request.functionServed && request.path.startsWith('/uploads/'))
          .map((request) => request.path),
      ),
    );
    rows.push(
      {
        bench,
        subject: 'page view (mean of 6 pages)',
        metric: 'static requests (CDN hits)',
        value: average((v) => v.staticRequests),
      },
      {
        bench,
        subject: 'page view (mean of 6 pages)',
        metric: 'function GETs, CDN-cacheable (API + uploads)',
        value: `${average((v) => v.apiGets.length).toFixed(1)} + ${average((v) => v.uploadGets.length).toFixed(1)}`,
      },
      {
        bench,
        subject: 'page view (mean of 6 pages)',
        metric: 'uncached function calls on view',
        value: average((v) => v.other.length),
        target: '0',
        ok: perView.every((v) => v.other.length === 0),
      },
      {
        bench,
        subject: 'all 6 pages',
        metric: 'distinct function GET URLs (API + uploads)',
        value: `${apiUrls.length} + ${uploadUrls.length}`,
      },
      {
        bench,
        subject: 'all 6 pages',
        metric: 'distinct pictures under /uploads served as deploy files',
        value: bakedUploadUrls.size,
      },
    );

    // Redis work per invocation, through the runner.
    const get = await commandsPer(store, SAMPLES * Math.max(1, apiUrls.length), async (index) => {
      const path = apiUrls[index % apiUrls.length] ?? statsFamily.path;
      await expectOk(await fetch(base + path), `GET ${path}`);
    });
    const upload = uploadUrls.length
      ? await commandsPer(store, Math.min(SAMPLES, uploadUrls.length), async (index) => {
          await expectOk(await fetch(base + uploadUrls[index]!), `GET ${uploadUrls[index]}`);
        })
      : { commands: NaN, trips: NaN };
    const post = await commandsPer(store, SAMPLES, async (index) => {
      const response = await fetch(base + requestFamilies.contact.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Cost Model',
          email: `cost.${index}@example.in`,
          phone: `98765${String(index).padStart(5, '0')}`,
          message: 'Counting commands.',
        }),
      });
      await expectOk(response, 'POST contact');
    });
    // The every-minute tick (netlify/functions/rebuild-scheduler.mts) in a quiet moment: its own deps on the same
    // Redis, so its commands are counted like the runner's.
    const tickDeps = createDeps({ ...store.env, REDIS_KEY_PREFIX: 'cost-model', URL: base });
    const tick = await commandsPer(store, SAMPLES, async () => {
      await Promise.all([
        runScheduledEnquiries(tickDeps),
        runScheduledPurgeRetry(tickDeps, { everyMinutes: 1 }),
      ]);
    });
    rows.push(
      {
        bench,
        subject: `public GET (${apiUrls.length || 1} URLs × ${SAMPLES})`,
        metric: 'Redis commands / round trips per invocation',
        value: `${get.commands.toFixed(2)} / ${get.trips.toFixed(2)}`,
      },
      {
        bench,
        subject: 'GET /uploads/* (Blobs)',
        metric: 'Redis commands per invocation',
        value: upload.commands,
      },
      {
        bench,
        subject: 'contact POST',
        metric: 'Redis commands / round trips per invocation',
        value: `${post.commands.toFixed(2)} / ${post.trips.toFixed(2)}`,
      },
      {
        bench,
        subject: 'scheduler tick, nothing pending',
        metric: 'Redis commands per tick',
        value: tick.commands,
      },
    );

    // A burst of edits against the runner: each purges its tag, and none asks for a deploy.
    const session = await adminSession(base);
    const buildsBefore = runner.hookBuilds();
    context.log(`burst of ${BURST_EDITS} edits`);
    const burstStarted = performance.now();
    const edit = await commandsPer(store, BURST_EDITS, async (index) => {
      const response = await fetch(base + statsFamily.path, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: base, cookie: session },
        body: JSON.stringify({ totalCourses: 100 + index }),
      });
      await expectOk(response, 'PUT stats');
    });
    const burstMs = performance.now() - burstStarted;
    const builds = runner.hookBuilds() - buildsBefore;
    rows.push(
      {
        bench,
        subject: `burst of ${BURST_EDITS} edits in ${(burstMs / 1000).toFixed(1)} s`,
        metric: 'builds the runner ran (production deploys)',
        value: builds,
        target: '0',
        ok: builds === 0,
      },
      { bench, subject: 'admin edit (PUT stats)', metric: 'Redis commands per edit', value: edit.commands },
      {
        bench,
        subject: 'scheduler (every minute)',
        metric: 'invocations / Redis commands per day',
        value: `${MINUTES_PER_DAY} / ${Math.round(MINUTES_PER_DAY * tick.commands)}`,
      },
    );
    return {
      rows,
      notes: [
        `Cost: what the six pages' views ask for (${apiUrls.length} distinct API URLs: ${apiUrls.join(', ') || 'none'}; ${uploadUrls.length} pictures under /uploads from a function, ${bakedUploadUrls.size} as deploy files), Redis commands per invocation of each kind through the runner, and a burst of ${BURST_EDITS} authenticated PUT ${statsFamily.path}: each write purges its tag and the pages render again on the next view; no write asks for a deploy (docs/decisions.md §76). The month's credits and commands are the credits and upstash benches' rows.`,
      ],
    };
  },
};
