/**
 * 7. Edit latency (issues 10.6 and 37): how long after Save an edit shows on the public page a visitor loads,
 * through the local runner's emulation of Netlify's CDN (scripts/local/cdn-cache.ts: the page or answer kept by
 * the CDN until the edit's purge, then rendered again). Four kinds of edit, each on the page that shows it: a
 * course's fee on its course page, an article's body on its article page, a home slide's title on the home page,
 * and the site settings' footer line on the home page's footer. Each edit starts in a quiet moment (no build
 * running, the coalescing window over), as a single edit would, and counts the production deploys it caused (the
 * runner's build-hook builds, which stand for Netlify's deploys).
 *
 * The public pages render on demand and are purged by tag (docs/decisions.md §69, §70): the purge alone shows an
 * edit, with no deploy. Each kind's page is asked for once before its edits, so the CDN holds it as a visitor's
 * earlier view left it.
 */
import { contentFamilies, settingsFamily } from '../src/lib/collections.ts';
import { formatPaise } from '../src/lib/fields/money.ts';
import { adminSession } from './support/admin.ts';
import type { Benchmark } from './support/context.ts';
import { spread } from './support/stats.ts';
import type { Row } from './support/table.ts';

/** The pause before each edit, so one edit's purge and warming do not overlap the next. */
const QUIET_MS = 2_000;
const RUNS = Number(process.env.BENCH_EDIT_RUNS ?? 5);
const TARGET_MS = 10_000;
const GIVE_UP_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Item = Record<string, unknown> & { _id: string };

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** The 95th percentile (nearest rank). */
const p95 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
};

/** One kind of edit: where it shows, and the change of run `n` with the text that proves it is visible. */
interface EditKind {
  name: string;
  /** Finds the item and the page once, before the runs. */
  prepare(api: Api): Promise<{ page: string; edit(run: number): Promise<string> }>;
}

interface Api {
  base: string;
  session: string;
  get<T>(path: string): Promise<T>;
  put(path: string, body: unknown): Promise<void>;
}

/** The staff's copy of an item with only its form's fields (no image: a JSON save keeps the stored one). */
async function editableItem(
  api: Api,
  family: (typeof contentFamilies)[keyof typeof contentFamilies],
  id: string,
) {
  const item = await api.get<Item>(`${family.path}/${id}?drafts=1`);
  const fields: Record<string, unknown> = {};
  for (const field of family.fields) {
    const value = item[field.name];
    if (field.kind !== 'image' && value !== undefined && value !== null) fields[field.name] = value;
  }
  return fields;
}

async function firstPublished(api: Api, path: string): Promise<Item> {
  const [item] = await api.get<Item[]>(path);
  if (!item) throw new Error(`nothing published at ${path} to edit`);
  return item;
}

const KINDS: EditKind[] = [
  {
    name: 'course fee',
    async prepare(api) {
      const family = contentFamilies.course;
      const course = await firstPublished(api, family.path);
      const fields = await editableItem(api, family, course._id);
      return {
        page: `/courses/${String(course.slug)}`,
        async edit(run) {
          // A fee no other run used, in whole rupees, as the page prints it.
          const fee = (40_000 + (Date.now() % 50_000) + run) * 100;
          await api.put(`${family.path}/${course._id}`, { ...fields, fee });
          return formatPaise(fee);
        },
      };
    },
  },
  {
    name: 'article body',
    async prepare(api) {
      const family = contentFamilies.article;
      const article = await firstPublished(api, family.path);
      const fields = await editableItem(api, family, article._id);
      return {
        page: `/articles/${String(article.slug)}`,
        async edit(run) {
          const marker = `Edited paragraph ${run} ${Date.now().toString(36)}`;
          await api.put(`${family.path}/${article._id}`, {
            ...fields,
            body: `${String(fields.body)}\n\n${marker}`,
          });
          return marker;
        },
      };
    },
  },
  {
    name: 'home slide',
    async prepare(api) {
      const family = contentFamilies.homeContent;
      const slide = await firstPublished(api, family.path);
      const fields = await editableItem(api, family, slide._id);
      return {
        page: '/',
        async edit(run) {
          const title = `Slide edit ${run} ${Date.now().toString(36)}`;
          await api.put(`${family.path}/${slide._id}`, { ...fields, title });
          return title;
        },
      };
    },
  },
  {
    name: 'site settings footer',
    async prepare(api) {
      const settings = await api.get<Record<string, unknown>>(settingsFamily.path);
      return {
        page: '/',
        async edit(run) {
          const footerTagline = `Footer edit ${run} ${Date.now().toString(36)}`;
          await api.put(settingsFamily.path, { ...settings, footerTagline });
          return footerTagline;
        },
      };
    },
  },
];

/** Polls the page until it shows `text`: the time it first did, or null past GIVE_UP_MS. */
async function visibleAfter(url: string, text: string, started: number): Promise<number | null> {
  const deadline = started + GIVE_UP_MS;
  while (performance.now() < deadline) {
    const page = await fetch(url);
    if ((await page.text()).includes(text)) return performance.now() - started;
    await sleep(100);
  }
  return null;
}

export const editLatencyBenchmark: Benchmark = {
  name: 'edit',
  title: 'Edit → visible',
  async run(context) {
    const runner = await context.runner();
    const base = runner.url;
    const session = await adminSession(base);
    const api: Api = {
      base,
      session,
      get: async (path) => json(await fetch(base + path, { headers: { cookie: session } }), `GET ${path}`),
      async put(path, body) {
        await json(
          await fetch(base + path, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', origin: base, cookie: session },
            body: JSON.stringify(body),
          }),
          `PUT ${path}`,
        );
      },
    };

    const bench = 'Edit';
    const rows: Row[] = [];
    const notes: string[] = [];
    let edits = 0;
    const hookCalls = () => runner.log.filter((line) => line.endsWith('build hook called')).length;
    const deploysBefore = hookCalls();
    for (const kind of KINDS) {
      const { page, edit } = await kind.prepare(api);
      // The page as a visitor left it: rendered once and kept by the CDN before the edit, so the first edit is not
      // also the page function's first load of this page's code (a cold start the Lighthouse "first view after
      // purge" rows measure on their own).
      await (await fetch(base + page)).arrayBuffer();
      const times: number[] = [];
      let missed = 0;
      for (let run = 1; run <= RUNS; run += 1) {
        // A quiet moment: the previous edit's purge and its warming are over.
        await sleep(QUIET_MS);
        context.log(`edit ${kind.name} ${run}/${RUNS} → ${page}`);
        const started = performance.now();
        const text = await edit(run);
        edits += 1;
        const took = await visibleAfter(base + page, text, started);
        if (took === null) missed += 1;
        else times.push(took);
      }
      const worst = missed > 0 ? Infinity : p95(times);
      rows.push({
        bench,
        subject: `${kind.name} (${page}), ${RUNS} edit${RUNS === 1 ? '' : 's'}`,
        metric: 'edit → public page p95',
        value: worst === Infinity ? `> ${GIVE_UP_MS}` : Math.round(worst),
        unit: 'ms',
        target: `≤ ${TARGET_MS}`,
        ok: worst <= TARGET_MS,
      });
      if (times.length > 0)
        rows.push({
          bench,
          subject: kind.name,
          metric: 'edit → public page',
          value: spread(times),
          unit: 'ms',
        });
      if (missed > 0)
        notes.push(`${kind.name}: ${missed} of ${RUNS} edits did not show within ${GIVE_UP_MS / 1000} s.`);
    }
    const deploys = hookCalls() - deploysBefore;
    rows.push({
      bench,
      subject: `${edits} content edits`,
      metric: 'production deploys per content edit',
      value: Number((deploys / edits).toFixed(2)),
      target: '0',
      ok: deploys === 0,
    });
    notes.unshift(
      `Edit latency: ${RUNS} edits of each kind against the local runner, each after a quiet ${QUIET_MS / 1000} s; time starts when the admin's PUT is sent and ends when a plain GET of the page, through the runner's CDN emulation (cached answers purged by tag on each write, as on Netlify), first contains the edit. Deploys are the runner's build hook calls (each one a production deploy on Netlify).`,
    );
    return { rows, notes };
  },
};
