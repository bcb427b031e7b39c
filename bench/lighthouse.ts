/**
 * 1. Lighthouse (mobile emulation, simulated throttling: Lighthouse's defaults) on the public pages and the
 * student's enrolment page, three runs each, Debian Chromium headless and offline, against the local runner itself
 * (`npm start`). The pages render on demand behind the runner's CDN emulation: each is asked for once before its
 * runs, so Lighthouse meets the CDN's copy, as a visitor usually does. A few pages are then measured once more on
 * their first view after a purge of their cache tags, rendered by the page function (the row "first view after
 * purge").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEFAULT_CPU_SLOWDOWN, probeBenchmarkIndex, slowdownImitating } from './support/cpu.ts';
import { CHROMIUM_PATH } from './support/machine.ts';
import { PAGE_ROUTES, pageTags } from '../src/lib/page-cache.ts';
import { CHROMIUM_FLAGS, PUBLIC_PAGES, STUDENT_PAGE } from './support/pages.ts';
import type { Benchmark } from './support/context.ts';
import type { Runner } from './support/runner.ts';
import { studentPagePath } from './support/student-page.ts';
import { spread } from './support/stats.ts';
import type { Row } from './support/table.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * `BENCH_LIGHTHOUSE_CPU_SLOWDOWN=9.3` stands in for a slower machine: Lighthouse's 4× times this machine's benchmark
 * index over the one to imitate (here ~2,800 / ~1,200, the acceptance machine of issue 21.22). Default: Lighthouse's 4×.
 */
const CPU_SLOWDOWN = process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
/**
 * `BENCH_LIGHTHOUSE_AS_INDEX=1200` imitates a machine of that benchmark index run by Lighthouse's defaults, run by
 * run: just before each run, Lighthouse's own CPU probe is taken in the same Chromium, and the slowdown is 4× times
 * that index over the one imitated. A fixed slowdown overstates or understates as this shared machine's load moves
 * (its index went from 1,600 to 2,900 within an hour); this follows it.
 */
const AS_INDEX = process.env.BENCH_LIGHTHOUSE_AS_INDEX
  ? Number(process.env.BENCH_LIGHTHOUSE_AS_INDEX)
  : undefined;
interface LighthousePage {
  path: string;
  noindex?: boolean;
  /** A page with no script at all: its JavaScript row has the target 0 KB. */
  scriptFree?: boolean;
}

const ALL_PAGES: LighthousePage[] = [...PUBLIC_PAGES, STUDENT_PAGE];
/**
 * `BENCH_LIGHTHOUSE_PAGES=/,/about` measures only those pages (while working on one; the student's page is
 * `/enrolment/{token}`); every page by default.
 */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES
  ? ALL_PAGES.filter((page) => process.env.BENCH_LIGHTHOUSE_PAGES!.split(',').includes(page.path))
  : ALL_PAGES;
/**
 * The pages measured again on their first view after a purge (`BENCH_LIGHTHOUSE_COLD_PAGES`, comma-separated,
 * `none` for none; only pages also measured): the home page, a course and an article, each page kind's render.
 */
const COLD_PAGES = (
  process.env.BENCH_LIGHTHOUSE_COLD_PAGES ??
  '/,/courses/ethical-hacking,/articles/ctf-write-up-the-login-form-that-trusted-its-own-cookie'
).split(',');
/** Runs per page after a purge (`BENCH_LIGHTHOUSE_COLD_RUNS`), each after a purge of its own. */
const COLD_RUNS = Number(process.env.BENCH_LIGHTHOUSE_COLD_RUNS ?? 1);
/**
 * `BENCH_LIGHTHOUSE_STATIC_TWIN=1`: each page rendered on demand is measured again as a deploy file holding the
 * very HTML the CDN served (written into the served copy's dist/), in the same Chromium and minutes: the
 * side-by-side of on demand and static with the page and the machine's load held equal.
 */
const STATIC_TWIN = process.env.BENCH_LIGHTHOUSE_STATIC_TWIN === '1';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Metric {
  metric: string;
  unit: string;
  read: (result: RunResult) => number;
  target?: string;
  ok?: (median: number) => boolean;
  /** A target for script-free pages only. */
  scriptFreeTarget?: { target: string; ok: (median: number) => boolean };
}

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  audits: Record<string, number>;
  /** Weighted audits scoring below 1 in each category, for the notes. */
  misses: string[];
  /** SEO audits left out of this run's score (is-crawlable of a noindex page, robots-txt refused by the CSP). */
  leftOut: string[];
}

const METRICS: Metric[] = [
  {
    metric: 'Performance',
    unit: 'score',
    read: (r) => r.scores.performance,
    target: '≥ 98',
    ok: (v) => v >= 98,
  },
  {
    metric: 'Accessibility',
    unit: 'score',
    read: (r) => r.scores.accessibility,
    target: '100',
    ok: (v) => v >= 100,
  },
  {
    metric: 'Best Practices',
    unit: 'score',
    read: (r) => r.scores['best-practices'],
    target: '100',
    ok: (v) => v >= 100,
  },
  { metric: 'SEO', unit: 'score', read: (r) => r.scores.seo, target: '100', ok: (v) => v >= 100 },
  {
    metric: 'LCP',
    unit: 'ms',
    read: (r) => r.audits['largest-contentful-paint'] ?? NaN,
    target: '≤ 1800',
    ok: (v) => v <= 1800,
  },
  {
    metric: 'CLS',
    unit: '',
    read: (r) => r.audits['cumulative-layout-shift'] ?? NaN,
    target: '≤ 0.01',
    ok: (v) => v <= 0.01,
  },
  {
    metric: 'TBT',
    unit: 'ms',
    read: (r) => r.audits['total-blocking-time'] ?? NaN,
    target: '≤ 50',
    ok: (v) => v <= 50,
  },
  { metric: 'Transferred', unit: 'KB', read: (r) => (r.audits['total-byte-weight'] ?? NaN) / 1000 },
  /** Scripts transferred on first view (Lighthouse's resource summary). */
  {
    metric: 'JavaScript',
    unit: 'KB',
    read: (r) => (r.audits.scriptBytes ?? NaN) / 1000,
    scriptFreeTarget: { target: '0', ok: (v) => v === 0 },
  },
  /** The page's own answer: time to its first byte (Lighthouse's server-response-time, as observed). */
  { metric: 'TTFB', unit: 'ms', read: (r) => r.audits['server-response-time'] ?? NaN },
  /** Lighthouse's own CPU speed probe: lower means the shared machine was busier during the run. */
  { metric: 'benchmarkIndex (CPU probe)', unit: '', read: (r) => r.audits.benchmarkIndex ?? NaN },
  /** The slowdown the run used, and the benchmark index of the machine it imitates at Lighthouse's 4× (index × 4 / slowdown). */
  { metric: 'CPU slowdown', unit: '×', read: (r) => r.audits.cpuSlowdown ?? NaN },
  { metric: 'imitated benchmarkIndex', unit: '', read: (r) => r.audits.imitatedIndex ?? NaN },
];

const AUDITS = [
  'largest-contentful-paint',
  'cumulative-layout-shift',
  'total-blocking-time',
  'total-byte-weight',
  'server-response-time',
];

/** The rows of a page's first view after a purge. */
const COLD_METRICS = new Set(['Performance', 'LCP', 'TTFB']);
/** The side-by-side's metrics: the page's paint and main-thread work beside the on-demand runs'. */
const TWIN_METRICS = new Set(['Performance', 'LCP', 'TBT', 'TTFB']);

/**
 * A page kept out of search on purpose (`noindex` in support/pages.ts: a thank-you page, a form answered per
 * visitor) fails SEO's is-crawlable by design; its SEO score is Lighthouse's weighted mean without that audit.
 */
const NOINDEX_AUDIT = 'is-crawlable';
/**
 * robots-txt checks the site's one robots.txt, which Lighthouse fetches from inside the page: a page whose CSP
 * refuses connections (`default-src 'none'`, as the script-free function pages send) makes that fetch fail with
 * "CSP violation" (Lighthouse issue #4386), whatever robots.txt holds. Such a run's SEO score leaves it out; every
 * other page checks the same robots.txt.
 */
const ROBOTS_AUDIT = 'robots-txt';
const blockedByCsp = (explanation: string | undefined) => /CSP violation/.test(explanation ?? '');

/** The CPU slowdown of the next run: the one asked for, one imitating AS_INDEX, or Lighthouse's default. */
async function cpuSlowdownFor(port: number): Promise<number | undefined> {
  if (AS_INDEX === undefined) return CPU_SLOWDOWN;
  return slowdownImitating(await probeBenchmarkIndex(port), AS_INDEX);
}

async function audit(url: string, port: number, noindex = false): Promise<RunResult> {
  const cpuSlowdown = await cpuSlowdownFor(port);
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    cpuSlowdown === undefined
      ? undefined
      : {
          extends: 'lighthouse:default',
          settings: {
            throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: cpuSlowdown },
          },
        },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as RunResult['scores'];
  const leftOut = new Set<string>();
  if (noindex) leftOut.add(NOINDEX_AUDIT);
  if (blockedByCsp(lhr.audits[ROBOTS_AUDIT]?.explanation)) leftOut.add(ROBOTS_AUDIT);
  if (leftOut.size > 0) {
    const refs = (lhr.categories.seo?.auditRefs ?? []).filter(
      (ref) => ref.weight > 0 && !leftOut.has(ref.id) && typeof lhr.audits[ref.id]?.score === 'number',
    );
    const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
    const earned = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]!.score ?? 0), 0);
    scores.seo = weight > 0 ? Math.round((earned / weight) * 100) : 0;
  }
  const audits: Record<string, number> = Object.fromEntries(
    AUDITS.map((id) => [id, lhr.audits[id]?.numericValue ?? NaN]),
  );
  const summary = (lhr.audits['resource-summary']?.details as { items?: ResourceSummaryItem[] } | undefined)
    ?.items;
  audits.scriptBytes = summary?.find((item) => item.resourceType === 'script')?.transferSize ?? NaN;
  audits.benchmarkIndex = lhr.environment.benchmarkIndex;
  // The machine this run stands for: its index as Lighthouse measured it, slowed from the default 4×.
  audits.imitatedIndex =
    (lhr.environment.benchmarkIndex * DEFAULT_CPU_SLOWDOWN) / (cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN);
  audits.cpuSlowdown = cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN;
  const misses: string[] = [];
  // Performance metrics are in the table already; list what costs points elsewhere.
  for (const id of CATEGORIES.filter((category) => category !== 'performance')) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const entry = lhr.audits[ref.id];
      if (id === 'seo' && leftOut.has(ref.id)) continue;
      if (ref.weight > 0 && entry && entry.score !== null && entry.score < 1) {
        // Say which console error or failing element it was, so a miss can be acted on. An item's source may be
        // a node or a location rather than text (is-crawlable's is the robots meta of a noindex page).
        const items = (entry.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        const first = items[0];
        const detail = first ? `: ${describeItem(first).slice(0, 140)}` : '';
        misses.push(
          `${id}: ${ref.id} (${entry.displayValue || entry.explanation || `score ${entry.score}`}${detail})`,
        );
      }
    }
  }
  return { scores, audits, misses, leftOut: [...leftOut] };
}

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}

/** The route pattern of PAGE_ROUTES an address belongs to (fixed and slug routes before rest parameters). */
function routeOf(path: string): string {
  const parts = path.split('/');
  const fits = (pattern: string) => {
    const segments = pattern.split('/');
    for (const [index, segment] of segments.entries()) {
      if (segment.startsWith('[...')) return true;
      const part = parts[index];
      if (part === undefined) return false;
      // A parameter, maybe with a suffix (`[slug].png`), stands for any non-empty segment with that suffix.
      const suffix = segment.startsWith('[') ? segment.slice(segment.indexOf(']') + 1) : null;
      if (suffix === null ? segment !== part : !(part.length > suffix.length && part.endsWith(suffix)))
        return false;
    }
    return segments.length === parts.length;
  };
  const pattern = Object.keys(PAGE_ROUTES)
    .sort((a, b) => Number(a.includes('[...')) - Number(b.includes('[...')))
    .find((candidate) => candidate === path || fits(candidate));
  if (!pattern) throw new Error(`no page route serves ${path}`);
  return pattern;
}

/**
 * Writes the HTML the CDN answers for `path` into the served copy's dist/ as a deploy file of its own, and answers
 * that file's address (netlify.toml's header rules apply to it, as they did to the pre-rendered pages).
 */
async function staticTwin(base: string, siteRoot: string, path: string): Promise<string> {
  const html = await (await fetch(base + path)).text();
  const name = `__static-twin${path.replace(/[^a-z0-9]+/gi, '-')}`.replace(/-+$/, '');
  writeFileSync(join(siteRoot, 'dist', `${name}.html`), html);
  const twin = `/${name}`;
  const served = await fetch(base + twin);
  await served.arrayBuffer();
  // A file the runner does not serve would be the page function's 404.
  if (!served.ok) throw new Error(`${twin} is not served as a deploy file (${served.status})`);
  return twin;
}

/** Warms the CDN with one request, then answers what the CDN did for the next (`hit` once it keeps the page). */
async function warm(url: string): Promise<string> {
  await (await fetch(url)).arrayBuffer();
  const again = await fetch(url, { method: 'HEAD' });
  return again.headers.get('cache-status')?.split(';')[1]?.trim() ?? 'none';
}

/** The first text a Lighthouse details item carries: its description, an element's snippet, a source's text or URL. */
function describeItem(item: Record<string, unknown>): string {
  for (const value of [item.description, item.node, item.source]) {
    if (typeof value === 'string') return value;
    if (typeof value === 'object' && value !== null) {
      const { snippet, url } = value as { snippet?: unknown; url?: unknown };
      if (typeof snippet === 'string') return snippet;
      if (typeof url === 'string') return url;
    }
  }
  return '';
}

/** Lighthouse sometimes loses a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is repeated. */
async function withRetries<T>(attempt: () => Promise<T>, log: (line: string) => void, tries = 3): Promise<T> {
  for (let index = 1; ; index += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (index >= tries) throw error;
      log(
        `lighthouse run failed (${error instanceof Error ? error.message.slice(0, 80) : String(error)}); retrying`,
      );
    }
  }
}

/** The rows of one page's runs (`subject` names it), each metric's min / median / max. */
function rowsOf(subject: string, page: LighthousePage, runs: RunResult[], metrics: Metric[]): Row[] {
  return metrics.map((metric) => {
    const value = spread(runs.map(metric.read));
    const goal = metric.scriptFreeTarget && page.scriptFree ? metric.scriptFreeTarget : metric;
    return {
      bench: 'Lighthouse',
      subject,
      metric: metric.metric,
      value,
      unit: metric.unit,
      target: goal.target,
      ok: goal.ok?.(value.median),
    };
  });
}

/**
 * The page's first view after a purge: its cache tags purged through the runner's purge API just before each run,
 * so Lighthouse's request is the CDN's miss and the page function renders it. Answers how many kept answers each
 * purge removed, so a run that met no purged copy shows.
 */
async function afterPurge(
  runner: Runner,
  page: LighthousePage,
  port: number,
  log: (line: string) => void,
): Promise<{ runs: RunResult[]; purged: number[] }> {
  const tags = pageTags(routeOf(page.path));
  const runs: RunResult[] = [];
  const purged: number[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    log(`lighthouse ${page.path} after a purge of ${tags.join(', ')}, run ${run + 1}/${COLD_RUNS}`);
    runs.push(
      await withRetries(async () => {
        purged.push(await runner.purge(tags));
        return audit(runner.url + page.path, port, page.noindex);
      }, log),
    );
  }
  return { runs, purged };
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  title: 'Lighthouse, mobile',
  async run(context) {
    const runner = await context.runner();
    const base = runner.url;
    const rows: Row[] = [];
    const notes: string[] = [
      ...(AS_INDEX === undefined
        ? CPU_SLOWDOWN === undefined
          ? []
          : [`CPU slowdown ${CPU_SLOWDOWN}× instead of Lighthouse's 4× (BENCH_LIGHTHOUSE_CPU_SLOWDOWN).`]
        : [
            `Imitating a machine of benchmark index ${AS_INDEX} at Lighthouse's defaults (BENCH_LIGHTHOUSE_AS_INDEX): each run's CPU slowdown is 4× times the CPU probe taken just before it over ${AS_INDEX}; "imitated benchmarkIndex" is the run's own probe × 4 / its slowdown.`,
          ]),
      `Lighthouse: ${RUNS} runs per page, a fresh Chromium per page, Lighthouse's default mobile settings (moto g power emulation, simulated throttling: 150 ms RTT, 1.6 Mbps, 4× CPU slowdown, calibrated to this machine's benchmark index). Pages are served by the local runner itself (scripts/serve.ts, what npm start runs), which compresses text with brotli or gzip by Accept-Encoding as Netlify's edge does; pictures the pages show are deploy files, as in production. Pages rendered on demand are asked for once before their runs, so Lighthouse meets the runner's CDN copy (a visitor's usual view); "first view after purge" rows are single runs right after the page's cache tags were purged through the runner's purge API (\`/api/v1/purge\`, as \`purgeCache\` calls it), so the page function renders that view. "Transferred" is Lighthouse's total-byte-weight (first view, after load), "JavaScript" the scripts in it, "TTFB" Lighthouse's server-response-time of the page itself.`,
    ];
    for (const page of PAGES) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: CHROMIUM_FLAGS,
        logLevel: 'silent',
      });
      const runs: RunResult[] = [];
      let cold: Awaited<ReturnType<typeof afterPurge>> | null = null;
      const twinRuns: RunResult[] = [];
      try {
        // The student's page is signed per enrolment: the bench enrols a student and opens their link.
        const path = page === STUDENT_PAGE ? await studentPagePath(base) : page.path;
        const cached = await warm(base + path);
        if (page !== STUDENT_PAGE && cached !== 'hit')
          notes.push(`Lighthouse ${page.path}: the CDN answered "${cached}" to the request after warming.`);
        // The deploy-file twin's runs alternate with the on-demand ones, so a change in the machine's load falls on
        // both alike.
        const twin =
          STATIC_TWIN && page !== STUDENT_PAGE
            ? await staticTwin(base, await context.siteRoot(), path)
            : null;
        for (let run = 0; run < RUNS; run += 1) {
          context.log(`lighthouse ${page.path} run ${run + 1}/${RUNS}`);
          runs.push(await withRetries(() => audit(base + path, chrome.port, page.noindex), context.log));
          if (twin) {
            context.log(`lighthouse ${page.path} as the deploy file ${twin}, run ${run + 1}/${RUNS}`);
            twinRuns.push(
              await withRetries(() => audit(base + twin, chrome.port, page.noindex), context.log),
            );
          }
        }
        if (COLD_PAGES.includes(page.path)) cold = await afterPurge(runner, page, chrome.port, context.log);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        rows.push({
          bench: 'Lighthouse',
          subject: page.path,
          metric: `failed: ${message.slice(0, 120)}`,
          value: '—',
          ok: false,
        });
        continue;
      } finally {
        chrome.kill();
      }
      rows.push(...rowsOf(page.path, page, runs, METRICS));
      if (cold) {
        const subject = `${page.path} (first view after purge)`;
        rows.push(
          ...rowsOf(
            subject,
            page,
            cold.runs,
            METRICS.filter((m) => COLD_METRICS.has(m.metric)),
          ),
        );
        notes.push(
          `Lighthouse ${subject}: each purge removed ${cold.purged.join(', ')} kept answers (the page's tags ${pageTags(routeOf(page.path)).join(', ')}).`,
        );
      }
      if (twinRuns.length > 0) {
        const subject = `${page.path} (the same HTML as a deploy file)`;
        rows.push(
          ...rowsOf(
            subject,
            page,
            twinRuns,
            METRICS.filter((m) => TWIN_METRICS.has(m.metric)),
          ),
        );
      }
      const misses = [...new Set([...runs, ...(cold?.runs ?? [])].flatMap((run) => run.misses))];
      if (misses.length > 0)
        notes.push(`Lighthouse ${page.path} audits below 1 in some run: ${misses.join('; ')}.`);
      if (page.noindex)
        notes.push(
          `Lighthouse ${page.path} is noindex by design: its SEO score leaves out ${NOINDEX_AUDIT}, which such a page fails by design.`,
        );
      if (runs.some((run) => run.leftOut.includes(ROBOTS_AUDIT)))
        notes.push(
          `Lighthouse ${page.path}: its CSP (\`default-src 'none'\`) refuses the in-page fetch Lighthouse checks robots.txt with ("CSP violation", Lighthouse issue #4386), so its SEO score leaves out ${ROBOTS_AUDIT}; the site's robots.txt is checked on every other page.`,
        );
    }
    return { rows, notes };
  },
};
