/**
 * What blocks the main thread (issue 21.22): Lighthouse (mobile, simulated throttling) on one or more URLs with a
 * chosen CPU slowdown, printing TBT, the benchmark index and each long task with what it spent its time on
 * (the trace's own categories: style, layout, paint, parse HTML, script, decode…).
 *
 *   node bench/trace-tasks.ts http://localhost:8888/career [more URLs] [--cpu 9.3 | --as-index 1200] [--runs 1]
 *
 * `--as-index` chooses each run's slowdown from Lighthouse's CPU probe taken just before it (support/cpu.ts).
 *
 * Needs a running site (`npm start`) and the bench's tools (`npm ci --prefix bench`).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs } from 'node:util';
import { probeBenchmarkIndex, slowdownImitating } from './support/cpu.ts';
import { CHROMIUM_PATH } from './support/machine.ts';
import { CHROMIUM_FLAGS } from './support/pages.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

const { values: args, positionals: urls } = parseArgs({
  allowPositionals: true,
  options: {
    cpu: { type: 'string', default: '9.3' },
    'as-index': { type: 'string' },
    runs: { type: 'string', default: '1' },
  },
});

/** Top-level main-thread tasks of the page's renderer at least `minMs` long (unthrottled, as recorded). */
function longTasks(events: TraceEvent[], minMs: number) {
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data);
  const main = events.find(
    (event) =>
      event.name === 'thread_name' && (event as { args?: { name?: string } }).args?.name === 'CrRendererMain',
  );
  const pid = navigation?.pid ?? main?.pid;
  const tid = main?.pid === pid ? main?.tid : navigation?.tid;
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
  const tasks = onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= minMs * 1000);
  const start = navigation?.ts ?? tasks[0]?.ts ?? 0;
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    // Self time by event name, one level under the task (nested events are counted in their parent's name).
    const children = onMain.filter((event) => event !== task && event.ts >= task.ts && event.ts < end);
    const byName = new Map<string, number>();
    for (const child of children) {
      const parent = children.find(
        (other) =>
          other !== child &&
          other.ts <= child.ts &&
          other.ts + (other.dur ?? 0) >= child.ts + (child.dur ?? 0) &&
          (other.dur ?? 0) > (child.dur ?? 0),
      );
      if (parent) continue;
      const url = child.args?.data?.url ? ` ${child.args.data.url.replace(/^https?:\/\/[^/]+/, '')}` : '';
      const key = child.name + url;
      byName.set(key, (byName.get(key) ?? 0) + (child.dur ?? 0) / 1000);
    }
    return {
      at: ((task.ts - start) / 1000).toFixed(0),
      ms: ((task.dur ?? 0) / 1000).toFixed(1),
      work: [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', '),
    };
  });
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
  logLevel: 'silent',
});
try {
  for (const url of urls) {
    for (let run = 0; run < Number(args.runs); run += 1) {
      const cpu = args['as-index']
        ? slowdownImitating(await probeBenchmarkIndex(chrome.port), Number(args['as-index']))
        : Number(args.cpu);
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        {
          extends: 'lighthouse:default',
          settings: { throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: cpu } },
        },
      );
      if (!result) throw new Error('no result');
      const { lhr, artifacts } = result;
      const audit = (id: string) => lhr.audits[id];
      console.log(
        `\n${url} run ${run + 1}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, TBT ${audit('total-blocking-time')?.numericValue?.toFixed(0)} ms, FCP ${audit('first-contentful-paint')?.numericValue?.toFixed(0)}, LCP ${audit('largest-contentful-paint')?.numericValue?.toFixed(0)}, TTI ${audit('interactive')?.numericValue?.toFixed(0)}, CLS ${audit('cumulative-layout-shift')?.numericValue?.toFixed(3)}, benchmarkIndex ${lhr.environment.benchmarkIndex}, CPU ${cpu.toFixed(1)}×`,
      );
      const simulated =
        (audit('long-tasks')?.details as { items?: { url: string; startTime: number; duration: number }[] })
          ?.items ?? [];
      console.log(
        '  Lighthouse long tasks (simulated, ms):',
        simulated
          .map(
            (t) =>
              `${t.url.replace(/^https?:\/\/[^/]+/, '') || '(none)'} @${t.startTime.toFixed(0)} ${t.duration.toFixed(0)}`,
          )
          .join(' | '),
      );
      const breakdown =
        (
          audit('mainthread-work-breakdown')?.details as {
            items?: { groupLabel: string; duration: number }[];
          }
        )?.items ?? [];
      console.log(
        '  main-thread work (simulated, ms):',
        breakdown.map((b) => `${b.groupLabel} ${b.duration.toFixed(0)}`).join(', '),
      );
      const trace = artifacts as unknown as {
        Trace?: { traceEvents: TraceEvent[] };
        traces?: Record<string, { traceEvents: TraceEvent[] }>;
      };
      const events = trace.Trace?.traceEvents ?? trace.traces?.defaultPass?.traceEvents ?? [];
      if (process.env.TRACE_OUT) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(`${process.env.TRACE_OUT}-${run}.json`, JSON.stringify({ traceEvents: events }));
      }
      console.log(`  recorded tasks ≥ ${(50 / cpu).toFixed(1)} ms (what ${cpu.toFixed(1)}× makes ≥ 50 ms):`);
      for (const task of longTasks(events, 50 / cpu))
        console.log(`    @${task.at} ${task.ms} ms: ${task.work}`);
    }
  }
} finally {
  chrome.kill();
}
