/**
 * Submission latency with enquiry notifications on, with the SMTP server down, and off (issue 11): the contact
 * POST through the API function's handler in-process, on a real redis-server behind the Upstash gateway, with
 * a real SMTP server and webhook receiver on loopback (in child processes). Delivery runs after the response
 * (Netlify's context.waitUntil: started, never awaited by the request), so the first three rows should be
 * within noise; the fourth shows the harsher case of one process delivering while it serves the next request.
 *
 *   node bench/enquiry-notify.ts            (BENCH_NOTIFY_ROUNDS, BENCH_NOTIFY_PER_ROUND to resize)
 *
 * Scenarios are interleaved round by round so that a noisy neighbour on the machine hits all of them alike; the
 * table shows p50 and p95 of every sample, and min / median / max of the per-round p95.
 */
import { fork } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { requestFamilies } from '../src/lib/collections.ts';
import { createDeps } from '../src/server/deps.ts';
import { apiHandler } from '../src/server/handlers/api-router.ts';
import { netlifyFunction } from '../src/server/http/netlify-function.ts';
import { createRepositoryFromEnv } from '../src/server/repository/index.ts';
import type { NotifyHostMessage } from './support/notify-host-main.ts';
import { startStoreHost } from './support/store-host.ts';
import { spread } from './support/stats.ts';
import { writeStandaloneReport } from './support/standalone-report.ts';
import { renderTable, type Row } from './support/table.ts';

const ROUNDS = Number(process.env.BENCH_NOTIFY_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_NOTIFY_PER_ROUND ?? 60);
const ORIGIN = 'https://delta.example';

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main() {
  const startedAt = performance.now();
  const store = await startStoreHost();
  // The receivers live in a child process, as they would on other machines.
  const host = fork(fileURLToPath(new URL('./support/notify-host-main.ts', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends NotifyHostMessage['type']>(type: T) =>
    new Promise<Extract<NotifyHostMessage, { type: T }>>((resolve) => {
      const listener = (message: NotifyHostMessage) => {
        if (message.type !== type) return;
        host.off('message', listener);
        resolve(message as Extract<NotifyHostMessage, { type: T }>);
      };
      host.on('message', listener);
    });
  const receivers = await next('ready');

  const base = {
    ...store.env,
    URL: ORIGIN,
    SUBMISSION_RATE_LIMIT_MAX: '100000',
    SUBMISSION_SENDER_LIMIT_MAX: '100000',
  };
  // "Down" as it usually is: nothing listens on the port any more (connection refused).
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));

  const on = {
    SMTP_URL: receivers.smtpUrl,
    NOTIFY_EMAIL_TO: 'staff@delta.example',
    NOTIFY_WEBHOOK_URL: receivers.webhookUrl,
    NOTIFY_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
  };
  /**
   * A Netlify function instance serves one invocation at a time and finishes its waitUntil work before it takes
   * the next, so by default the next submission starts once the previous delivery is over (its time is not
   * counted). `overlap` sends the next one at once instead: one process doing both, a harsher case than Netlify.
   */
  const scenarios: { name: string; env: Record<string, string>; overlap: boolean }[] = [
    { name: 'notifications on (e-mail + webhook)', env: on, overlap: false },
    {
      name: 'SMTP server down (connection refused)',
      env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}`, NOTIFY_EMAIL_TO: 'staff@delta.example' },
      overlap: false,
    },
    { name: 'notifications off', env: {}, overlap: false },
    { name: 'on, delivery overlapping the next submission', env: on, overlap: true },
  ];

  const background = new Set<Promise<unknown>>();
  const handlers = scenarios.map(({ name, env: extra, overlap }, index) => {
    const env = { ...base, ...extra, REDIS_KEY_PREFIX: `bench-notify-${index}` };
    const deps = createDeps(env, { repository: createRepositoryFromEnv(env) });
    const fn = netlifyFunction(apiHandler(), () => deps);
    const waitUntil = (promise: Promise<unknown>) => {
      const tracked = promise.finally(() => background.delete(tracked));
      background.add(tracked);
    };
    return { name, fn, waitUntil, overlap, samples: [] as number[], roundP95: [] as number[] };
  });

  let sequence = 0;
  const submit = async (scenario: (typeof handlers)[number]) => {
    sequence += 1;
    const request = new Request(`${ORIGIN}${requestFamilies.contact.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({
        name: `Bench Visitor ${sequence}`,
        email: `visitor${sequence}@example.in`,
        phone: '9876543210',
        message: 'A contact submission sent by the notification benchmark.',
      }),
    });
    const started = performance.now();
    const response = await scenario.fn(request, {
      ip: `10.0.${sequence % 250}.1`,
      waitUntil: scenario.waitUntil,
    });
    const elapsed = performance.now() - started;
    if (response.status !== 201) throw new Error(`${scenario.name}: HTTP ${response.status}`);
    if (!scenario.overlap) await Promise.allSettled([...background]);
    return elapsed;
  };

  for (const scenario of handlers) for (let i = 0; i < 10; i++) await submit(scenario); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of handlers) {
      const samples: number[] = [];
      for (let i = 0; i < PER_ROUND; i++) samples.push(await submit(scenario));
      scenario.samples.push(...samples);
      scenario.roundP95.push(percentile(samples, 95));
    }
  }
  await Promise.allSettled([...background]);

  const rows: Row[] = handlers.flatMap((scenario) => [
    {
      bench: 'notify',
      subject: scenario.name,
      metric: 'submission p50',
      value: percentile(scenario.samples, 50),
      unit: 'ms',
    },
    {
      bench: 'notify',
      subject: scenario.name,
      metric: 'submission p95',
      value: percentile(scenario.samples, 95),
      unit: 'ms',
    },
    {
      bench: 'notify',
      subject: scenario.name,
      metric: 'p95 per round',
      value: spread(scenario.roundP95),
      unit: 'ms',
    },
  ]);
  host.send({ type: 'counts' });
  const counts = await next('counts');
  const body = [
    renderTable(rows),
    '',
    `${ROUNDS} rounds × ${PER_ROUND} sequential submissions per scenario (after 10 warm-up each); ` +
      `${counts.mails} e-mails and ${counts.hooks} webhooks delivered in the two "on" scenarios.`,
  ].join('\n');
  console.log(body);
  await writeStandaloneReport({
    file: 'RESULTS-notify.md',
    title: 'Submission latency with notifications (issue 11)',
    command: 'node bench/enquiry-notify.ts',
    body,
    startedAt,
  });
  host.send({ type: 'stop' });
  await store.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
