/**
 * 3. API under a bounded load (autocannon, ~5 s per scenario, loopback only): a public GET and contact
 * submissions, through the local runner (a function worker per request, as @netlify/dev runs them) and through
 * the plain node:http adapter in a process of its own, both on Redis behind the Upstash gateway. Each
 * submission comes from its own client address, so the per-address rate limit (5 a minute) stays out of the way
 * while its Redis work is still done. Round trips are the gateway's HTTP requests; commands are Redis's own count.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { contentFamilies, requestFamilies } from '../src/lib/collections.ts';
import { createRedisRepository } from '../src/server/repository/index.ts';
import { demoContent } from '../scripts/seed/demo-content.ts';
import { BENCH_TICK_MS, type Benchmark, type BenchContext } from './support/context.ts';
import type { StoreHost } from './support/store-host.ts';
import type { Row } from './support/table.ts';

const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = 10;
/** docs/design.md (Quality) measures the read with 50 items in the family. */
export const ITEMS_FOR_READ = 50;

const READ_PATH = contentFamilies.homeService.path;
const SUBMIT_PATH = requestFamilies.contact.path;
let sender = 0;
/** A distinct sender per request, as distinct addresses below: this measures the API, not the rate limits. */
const nextSubmission = () => {
  sender += 1;
  return JSON.stringify({
    name: 'Load Test',
    email: `load.test.${sender}@example.in`,
    phone: `9${String(sender).padStart(9, '0')}`,
    message: 'A contact submission sent by the benchmark.',
  });
};

let address = 0;
/** A distinct client address per request: 10.0.0.1, 10.0.0.2, … */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function startAdapterHost(env: Record<string, string>) {
  const child = fork(fileURLToPath(new URL('./support/adapter-host-main.ts', import.meta.url)), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`adapter host exited (${code})`)));
    child.on('message', (message: { type: string; url: string }) => {
      if (message.type === 'ready') resolve(message.url);
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Tops the read family up to ITEMS_FOR_READ items, reusing a seeded item's picture (no image processing). */
export async function ensureReadItems(store: StoreHost): Promise<void> {
  const repository = createRedisRepository({ url: store.gatewayUrl, token: store.token });
  const existing = await repository.list('homeService');
  const picture = existing.find((item) => typeof item.image === 'string');
  const samples = demoContent.homeService;
  for (let index = existing.length; index < ITEMS_FOR_READ; index += 1) {
    const sample = samples[index % samples.length]!.fields;
    const fields = contentFamilies.homeService.inputSchema.parse({
      ...sample,
      title: `${String(sample.title)} (bench ${index})`,
    }) as Record<string, unknown>;
    if (picture)
      Object.assign(fields, {
        image: picture.image,
        imageWidth: picture.imageWidth,
        imageHeight: picture.imageHeight,
      });
    await repository.create('homeService', fields);
  }
}

interface Scenario {
  target: string;
  what: string;
  url: string;
  connections: number;
  submit: boolean;
  /** Targets apply to the in-process read only. */
  readTargets: boolean;
}

async function runScenario(context: BenchContext, store: StoreHost, scenario: Scenario): Promise<Row[]> {
  const path = scenario.submit ? SUBMIT_PATH : READ_PATH;
  const headers: Record<string, string> = scenario.submit ? { 'content-type': 'application/json' } : {};
  // Warm up: the runner bundles a function on its first call, and the first call builds the dependencies.
  for (let index = 0; index < 3; index += 1) {
    const ip = nextAddress();
    const response = await fetch(scenario.url + path, {
      method: scenario.submit ? 'POST' : 'GET',
      headers: { ...headers, 'x-nf-client-connection-ip': ip },
      body: scenario.submit ? nextSubmission() : undefined,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${scenario.target} ${path}: warm-up answered ${response.status}`);
  }
  context.log(
    `autocannon ${scenario.target} ${scenario.what}, ${scenario.connections} connection(s), ${DURATION_S} s`,
  );
  const tripsBefore = await store.roundTrips();
  const commandsBefore = await store.commands();
  const result = await autocannon({
    url: scenario.url + path,
    connections: scenario.connections,
    duration: DURATION_S,
    method: scenario.submit ? 'POST' : 'GET',
    headers,
    body: scenario.submit ? nextSubmission() : undefined,
    requests: [
      {
        setupRequest: (request) => {
          const ip = nextAddress();
          request.headers = { ...request.headers, 'x-nf-client-connection-ip': ip };
          if (scenario.submit) request.body = nextSubmission();
          return request;
        },
      },
    ],
  });
  const trips = (await store.roundTrips()) - tripsBefore;
  const commands = (await store.commands()) - commandsBefore;
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const subject = `${scenario.target}: ${scenario.what}${scenario.connections === 1 ? ', 1 connection' : ''}`;
  const bench = 'API';
  // Requests still in flight when the run stops are not answered to autocannon but do reach the store: divide by
  // what was sent.
  const sent = result.requests.sent;
  const perRequest = sent > 0 ? trips / sent : NaN;
  const rows: Row[] = [
    {
      bench,
      subject,
      metric: 'requests/s (mean, min–max per second)',
      value: { min: result.requests.min, median: result.requests.average, max: result.requests.max },
      unit: 'req/s',
    },
    {
      bench,
      subject,
      metric: 'latency p50',
      value: result.latency.p50,
      unit: 'ms',
    },
    {
      bench,
      subject,
      metric: 'latency p99',
      value: result.latency.p99,
      unit: 'ms',
      ...(scenario.readTargets && scenario.connections === 1
        ? { target: '≤ 10', ok: result.latency.p99 <= 10 }
        : {}),
    },
    // Through the runner the same handlers run, but the count also catches its scheduler ticks and requests cut
    // off when the run stops (a worker per request): the in-process figures are the ones to read.
    ...(scenario.target === 'runner'
      ? []
      : [
          {
            bench,
            subject,
            metric: 'store round trips per request',
            value: perRequest,
            ...(scenario.readTargets ? { target: '1', ok: Math.abs(perRequest - 1) < 0.02 } : {}),
          },
          { bench, subject, metric: 'Redis commands per request', value: sent > 0 ? commands / sent : NaN },
        ]),
    {
      bench,
      subject,
      metric: 'responses (non-2xx, errors)',
      value: `${answered} (${result.non2xx}, ${result.errors})`,
      ...(result.non2xx + result.errors > 0 ? { ok: false, target: 'all 2xx' } : {}),
    },
  ];
  return rows;
}

export const apiLoadBenchmark: Benchmark = {
  name: 'api',
  title: 'API load',
  async run(context) {
    const store = await context.store();
    const runner = await context.runner();
    await ensureReadItems(store);
    const adapter = await startAdapterHost(store.env);
    const rows: Row[] = [];
    try {
      const runnerUrl = `http://127.0.0.1:${runner.port}`;
      const scenarios: Scenario[] = [
        {
          target: 'node adapter',
          what: `GET ${READ_PATH} (${ITEMS_FOR_READ} items)`,
          url: adapter.url,
          connections: 1,
          submit: false,
          readTargets: true,
        },
        {
          target: 'node adapter',
          what: `GET ${READ_PATH} (${ITEMS_FOR_READ} items)`,
          url: adapter.url,
          connections: CONNECTIONS,
          submit: false,
          readTargets: true,
        },
        {
          target: 'node adapter',
          what: `POST ${SUBMIT_PATH}`,
          url: adapter.url,
          connections: CONNECTIONS,
          submit: true,
          readTargets: false,
        },
        {
          target: 'runner',
          what: `GET ${READ_PATH} (${ITEMS_FOR_READ} items)`,
          url: runnerUrl,
          connections: CONNECTIONS,
          submit: false,
          readTargets: false,
        },
        {
          target: 'runner',
          what: `POST ${SUBMIT_PATH}`,
          url: runnerUrl,
          connections: CONNECTIONS,
          submit: true,
          readTargets: false,
        },
      ];
      for (const scenario of scenarios) rows.push(...(await runScenario(context, store, scenario)));
    } finally {
      await adapter.stop();
    }
    return {
      rows,
      notes: [
        `API: ${DURATION_S} s per scenario with autocannon from the bench process; the adapter and the Upstash gateway run in processes of their own, Redis on loopback. The runner keeps one warm worker per function (docs/decisions.md 27), so its figures show the local runtime, not Netlify's. Latency targets apply to the single-connection in-process read; with ${CONNECTIONS} connections latency is mostly queueing on the shared cores. Round trips and commands are counted in-process only (divided by requests sent); through the runner the counts also catch its scheduler tick every ${BENCH_TICK_MS / 1000} s and requests cut off at the end of a run.`,
      ],
    };
  },
};
