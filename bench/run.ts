/**
 * `npm run bench`: every benchmark of issue 5 against the production build served by the local runner, one
 * table on stdout and in bench/RESULTS.md.
 *
 *   node bench/run.ts [--only name[,name…]] [--out path]
 *
 * Names: lighthouse, bytes, api, images, build, edit, cost, credits, upstash, scale. With --only, RESULTS.md is left alone unless --out is given.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiLoadBenchmark } from './api-load.ts';
import { buildTimeBenchmark } from './build-time.ts';
import { costModelBenchmark } from './cost-model.ts';
import { creditsBenchmark } from './credits.ts';
import { upstashMonthBenchmark } from './upstash-month.ts';
import { editLatencyBenchmark } from './edit-latency.ts';
import { imagePipelineBenchmark } from './image-pipeline.ts';
import { lighthouseBenchmark } from './lighthouse.ts';
import { pageBytesBenchmark } from './page-bytes.ts';
import { scaleBenchmark } from './scale.ts';
import { createContext, type Benchmark } from './support/context.ts';
import { loadNow, machineFacts } from './support/machine.ts';
import { renderTable, type Row } from './support/table.ts';

/** Order matters: edits rebuild the site, so the edit and cost benchmarks run after everything that reads dist/. */
const BENCHMARKS: Benchmark[] = [
  lighthouseBenchmark,
  pageBytesBenchmark,
  apiLoadBenchmark,
  imagePipelineBenchmark,
  buildTimeBenchmark,
  editLatencyBenchmark,
  costModelBenchmark,
  creditsBenchmark,
  upstashMonthBenchmark,
  // Last: it fills the shared Redis with up to 100k requests (under its own key prefix).
  scaleBenchmark,
];

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    out: { type: 'string' },
  },
});
const only = (args.only ?? [])
  .flatMap((value) => value.split(','))
  .map((value) => value.trim())
  .filter(Boolean);
const unknown = only.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
const selected =
  only.length > 0 ? BENCHMARKS.filter((benchmark) => only.includes(benchmark.name)) : BENCHMARKS;
const outFile = args.out
  ? resolve(args.out)
  : only.length === 0
    ? resolve(projectRoot, 'bench/RESULTS.md')
    : null;

const started = performance.now();
const log = (line: string) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`[bench ${seconds}s] ${line}\n`);
};

async function main() {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const facts = await machineFacts(projectRoot);
  const { context, stopAll } = createContext(projectRoot, log);
  const rows: Row[] = [];
  const notes: string[] = [];
  const timings: string[] = [];
  let failed = false;
  try {
    for (const benchmark of selected) {
      log(`— ${benchmark.title}`);
      const benchmarkStarted = performance.now();
      try {
        const section = await benchmark.run(context);
        rows.push(...section.rows);
        notes.push(...section.notes);
      } catch (error) {
        failed = true;
        const message = error instanceof Error ? error.message : String(error);
        log(`${benchmark.name} failed: ${message}`);
        rows.push({
          bench: benchmark.title,
          subject: '(failed)',
          metric: message.split('\n')[0]!.slice(0, 160),
          value: '—',
          ok: false,
        });
      }
      timings.push(
        `${benchmark.name} ${((performance.now() - benchmarkStarted) / 1000).toFixed(0)} s (load ${loadNow().toFixed(2)} after)`,
      );
    }
  } finally {
    await stopAll();
  }
  const misses = rows.filter((row) => row.ok === false);
  const report = [
    '# Benchmark results',
    '',
    `Produced by \`npm run bench\`${only.length ? ` --only ${only.join(',')}` : ''} (bench/run.ts). Targets: docs/design.md (Quality) "Performance".`,
    '',
    ...facts.map((fact) => `- ${fact}`),
    `- Shared machine: other work (builds, tests of other sessions) may run at the same time on these cores; timed figures show min / median / max and the load average is recorded above and below.`,
    `- Wall time: ${((performance.now() - started) / 1000).toFixed(0)} s (${timings.join('; ')})`,
    '',
    renderTable(rows),
    '',
    `Targets missed: ${misses.length === 0 ? 'none' : misses.map((row) => `${row.subject} ${row.metric}`).join('; ')}.`,
    '',
    ...notes.flatMap((note) => [`- ${note}`]),
    '',
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (outFile) {
    writeFileSync(outFile, report);
    log(`written to ${outFile}`);
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
