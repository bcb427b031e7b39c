/**
 * 6. Free-tier cost model, from measured counts.
 *
 * Model. Static pages, scripts, styles and pictures in dist/ are CDN hits and cost nothing. The islands'
 * revalidating GETs (/api/v1/*) carry `Netlify-CDN-Cache-Control: durable` and a cache tag, and /uploads/*
 * pictures are immutable, so a page view reaches a function only on a CDN miss: the first request for a URL
 * after a deploy (Netlify invalidates cached function responses on every deploy) or after a purge of its tag
 * (every write purges its family's tag). The 30 s stats poll revalidates against the CDN, not the function.
 * Form posts are never cached: one invocation each. So, per 1,000 page views that include one editing burst:
 *
 *   invocations ≈ builds per burst × distinct function GET URLs  +  URLs under the purged tags  +  form posts
 *
 * Measured here: what each page view requests (Chromium, phone viewport), Redis commands per invocation of each
 * kind (through the runner, from Redis's own counter), and the build-hook calls a burst of 20 edits causes
 * against the runner (successful `rebuild` lease writes, seen as Redis keyspace events; each one is exactly one
 * build-hook call) plus the builds the runner then ran.
 */
import { allFamilies, requestFamilies, statsFamily } from '../src/lib/collections.ts';
import { createRebuildTrigger } from '../src/server/rebuild/rebuild-trigger.ts';
import { createRedisCoordination } from '../src/server/repository/redis-coordination.ts';
import { BENCH_REBUILD_WINDOW_MS, type Benchmark } from './support/context.ts';
import { adminSession } from './support/admin.ts';
import type { StoreHost } from './support/store-host.ts';
import { sum } from './support/stats.ts';
import type { Row } from './support/table.ts';

const BURST_EDITS = 20;
/** The burst is spread over this much time: inside one coalescing window, like "20 edits in a minute" at 60 s. */
const BURST_SPREAD_MS = BENCH_REBUILD_WINDOW_MS * 0.6;
/** Assumed share of page views that end in a form post (contact or enrolment). */
const FORM_POST_RATE = 0.01;
const SAMPLES = 3;
const MINUTES_PER_DAY = 1_440;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const familyOfPath = (path: string) =>
  allFamilies.find((family) => path === family.path || path.startsWith(`${family.path}/`));

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
    const idleTrigger = createRebuildTrigger({
      coordination: createRedisCoordination({ url: store.gatewayUrl, token: store.token }),
      hookUrl: 'http://127.0.0.1:9/unused',
      windowMs: 1_000,
    });
    const tick = await commandsPer(store, SAMPLES, async () => {
      if ((await idleTrigger.followUp()) !== 'idle')
        throw new Error('the scheduler tick found work during a quiet moment');
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

    // A burst of edits against the runner.
    const session = await adminSession(base);
    let hookCalls = 0;
    const stopWatching = await store.onKeySet('*:lease:rebuild', () => {
      hookCalls += 1;
    });
    const buildsBefore = runner.hookBuilds();
    context.log(
      `burst of ${BURST_EDITS} edits over ${(BURST_SPREAD_MS / 1000).toFixed(1)} s (window ${BENCH_REBUILD_WINDOW_MS / 1000} s)`,
    );
    const burstStarted = performance.now();
    const edit = await commandsPer(store, BURST_EDITS, async (index) => {
      const due = (index * BURST_SPREAD_MS) / BURST_EDITS;
      const wait = due - (performance.now() - burstStarted);
      if (wait > 0) await sleep(wait);
      const response = await fetch(base + statsFamily.path, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', origin: base, cookie: session },
        body: JSON.stringify({ totalCourses: 100 + index }),
      });
      await expectOk(response, 'PUT stats');
    });
    const burstMs = performance.now() - burstStarted;
    // The follow-up build comes from the scheduler tick after the window: wait for it, then for the build.
    const deadline = performance.now() + 2 * BENCH_REBUILD_WINDOW_MS + 60_000;
    const settleAfter = burstStarted + BENCH_REBUILD_WINDOW_MS * 2 + 1_000;
    while (performance.now() < deadline) {
      if (performance.now() > settleAfter && runner.hookBuilds() - buildsBefore >= hookCalls) break;
      await sleep(500);
    }
    await stopWatching();
    const builds = runner.hookBuilds() - buildsBefore;
    rows.push(
      {
        bench,
        subject: `burst of ${BURST_EDITS} edits in ${(burstMs / 1000).toFixed(1)} s`,
        metric: 'build-hook calls',
        value: hookCalls,
        target: '≤ 2',
        ok: hookCalls <= 2,
      },
      {
        bench,
        subject: `burst of ${BURST_EDITS} edits in ${(burstMs / 1000).toFixed(1)} s`,
        metric: 'builds the runner ran',
        value: builds,
      },
      { bench, subject: 'admin edit (PUT stats)', metric: 'Redis commands per edit', value: edit.commands },
    );

    // The model.
    const purgedUrls = apiUrls.filter((path) => familyOfPath(path)?.cacheTag === statsFamily.cacheTag).length;
    const readInvocations = hookCalls * (apiUrls.length + uploadUrls.length) + purgedUrls;
    const apiReadInvocations = hookCalls * apiUrls.length + purgedUrls;
    const posts = 1_000 * FORM_POST_RATE;
    const commandsPerThousand = apiReadInvocations * get.commands + posts * post.commands;
    rows.push(
      {
        bench,
        subject: 'model, per 1,000 page views with one burst',
        metric: 'function invocations from reads',
        value: readInvocations,
        target: '≤ 20',
        ok: readInvocations <= 20,
      },
      {
        bench,
        subject: 'model, per 1,000 page views with one burst',
        metric: `+ form posts at ${FORM_POST_RATE * 100} % of views`,
        value: readInvocations + posts,
      },
      {
        bench,
        subject: 'model, per 1,000 page views with one burst',
        metric: 'Redis commands (reads + posts)',
        value: Math.round(commandsPerThousand),
      },
      {
        bench,
        subject: 'model, per 1,000 page views, no edits',
        metric: 'function invocations from reads',
        value: 0,
        target: '≤ 20',
        ok: true,
      },
      {
        bench,
        subject: 'model, the burst itself',
        metric: 'admin invocations / Redis commands',
        value: `${BURST_EDITS} / ${Math.round(BURST_EDITS * edit.commands)}`,
      },
      {
        bench,
        subject: 'model, scheduler (every minute)',
        metric: 'invocations / Redis commands per day',
        value: `${MINUTES_PER_DAY} / ${Math.round(MINUTES_PER_DAY * tick.commands)}`,
      },
    );
    return {
      rows,
      notes: [
        `Cost model: per 1,000 page views containing one editing burst, reads cost one function invocation per distinct function GET URL the pages use (${apiUrls.length} API: ${apiUrls.join(', ') || 'none'}; ${uploadUrls.length} pictures under /uploads) for each deploy the burst causes (build-hook calls measured above), plus one miss per API URL under a purged tag (${purgedUrls}; consecutive purges inside a burst with no read in between cost nothing more). Without edits every read is a CDN hit (0 invocations). Form posts are assumed at ${FORM_POST_RATE * 100} % of views (${posts} invocations). Pictures the pages show are copied into each deploy at build time (${bakedUploadUrls.size} served as deploy files: after a deploy the CDN refills them from the deploy, not from a function); only pictures uploaded since the last build reach the uploads function. The every-minute scheduled follow-up function is a fixed cost independent of traffic. Admin reads by the SPA are not page views and are not modelled.`,
        `Burst: ${BURST_EDITS} authenticated PUT ${statsFamily.path} against the runner, spread over ${(BURST_SPREAD_MS / 1000).toFixed(1)} s with the runner's coalescing window at ${BENCH_REBUILD_WINDOW_MS / 1000} s (production: 60 s for a minute's burst); build-hook calls = successful writes of the rebuild lease (each is followed by exactly one hook call).`,
      ],
    };
  },
};
