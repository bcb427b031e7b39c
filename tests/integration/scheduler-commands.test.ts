/**
 * What the schedulers cost on the real Redis (redis-server behind the Upstash gateway, the real @upstash/redis
 * client), counted by redis-server's own command counter: an idle tick costs at most two commands however many
 * certificates and requests are stored, and a tick with something due reads that and nothing else.
 */
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps, type Deps } from '../../src/server/deps.ts';
import { runScheduledEnquiries } from '../../src/server/enquiries/scheduled.ts';
import { mapPool } from '../../src/server/migration/pool.ts';
import { runScheduledPurge } from '../../src/server/rebuild/scheduled.ts';
import { createCoordinationFromEnv, createRepositoryFromEnv } from '../../src/server/repository/index.ts';
import { runScheduledPublishing } from '../../src/server/schedule/scheduled-publishing.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../support/redis-server.ts';

const STORED = 1_000;
const SENT = { state: 'sent', attempts: 1, nextAttemptAt: '2026-12-01T04:00:00.000Z' };
const NOW = new Date('2026-12-02T04:30:00.000Z');

let redis: RedisWithGateway;
let probe: ReturnType<typeof createClient>;
let deps: Deps;
let env: Record<string, string>;
let clock = NOW;

/** Commands redis-server processed while `action` ran, without this probe's own INFO calls. */
async function commandsOf(action: () => Promise<unknown>): Promise<number> {
  const read = async () =>
    Number(/total_commands_processed:(\d+)/.exec(await probe.info('stats'))?.[1] ?? Number.NaN);
  const first = await read();
  const second = await read();
  await action();
  const third = await read();
  return third - second - (second - first);
}

beforeAll(async () => {
  redis = await startRedisWithGateway();
  probe = createClient({ url: redis.redis.url });
  await probe.connect();
  env = {
    UPSTASH_REDIS_REST_URL: redis.url,
    UPSTASH_REDIS_REST_TOKEN: redis.token,
    REDIS_KEY_PREFIX: 'scheduler-commands',
    // With a build hook the every-minute tick also asks whether a follow-up build is pending: the costlier case.
    BUILD_HOOK_URL: 'http://127.0.0.1:9/build_hooks/never-called',
    SMTP_URL: 'smtp://127.0.0.1:9',
  };
  deps = createDeps(env, {
    repository: createRepositoryFromEnv(env),
    coordination: createCoordinationFromEnv(env),
    now: () => clock,
  });
  const indexes = Array.from({ length: STORED }, (_, index) => index);
  await mapPool(indexes, 20, async (index) => {
    await deps.repository.create('certificate', {
      number: `DS-CMD-${String(index).padStart(5, '0')}`,
      holderName: `Holder ${index}`,
      holderEmail: `holder-${index}@example.in`,
      course: 'Network Defence',
      status: 'published',
      mail: { ...SENT, origin: 'https://delta.example', queuedAt: SENT.nextAttemptAt },
    });
    await deps.repository.create('contact', {
      name: `Sender ${index}`,
      email: `sender-${index}@example.in`,
      phone: '9876543210',
      message: 'Hello',
      status: 'new',
      outbox: { email: SENT },
    });
  });
}, 240_000);

afterAll(async () => {
  await probe?.quit().catch(() => undefined);
  await redis?.stop();
});

describe(`scheduler ticks over ${STORED} certificates and ${STORED} requests on Redis`, () => {
  it('costs at most two commands for an idle every-minute tick and one for an idle publishing tick', async () => {
    expect(await deps.repository.count('certificate')).toBe(STORED);
    expect(await deps.repository.count('contact')).toBe(STORED);
    // The every-minute function's work (netlify/functions/rebuild-scheduler.mts); it sends no build any more.
    const minute = await commandsOf(() => runScheduledEnquiries(deps));
    const publishing = await commandsOf(() => runScheduledPublishing(deps));
    expect(minute).toBeLessThanOrEqual(2);
    expect(minute).toBeGreaterThan(0);
    expect(publishing).toBeLessThanOrEqual(2);
    expect(publishing).toBeGreaterThan(0);
  });

  it('reads only what is due: a scheduled publish is made on its tick, and the next tick is idle again', async () => {
    const course = await deps.repository.create('course', {
      name: 'Scheduled course',
      title: 'Scheduled course',
      published: false,
      publishAt: new Date(clock.getTime() + 60_000).toISOString(),
    });
    expect((await runScheduledPublishing(deps)).changes).toEqual([]);
    clock = new Date(clock.getTime() + 5 * 60_000);
    const run = await runScheduledPublishing(deps);
    expect(run.changes).toEqual([{ family: 'course', id: course._id, change: 'publish' }]);
    expect((await deps.repository.get('course', course._id))?.published).toBe(true);
    expect(await commandsOf(() => runScheduledPublishing(deps))).toBeLessThanOrEqual(2);
  });

  it('enters, on the first daily run, what a store written before the index has due', async () => {
    // Written with the store's own repository, as a deploy before the index left it: nothing entered.
    const earlier = await createRepositoryFromEnv(env).create('course', {
      name: 'Written before the index',
      title: 'Written before the index',
      published: false,
      publishAt: new Date(clock.getTime() - 60_000).toISOString(),
    });
    expect((await runScheduledPublishing(deps)).changes).toEqual([]);
    await runScheduledPurge(deps);
    expect((await runScheduledPublishing(deps)).changes).toEqual([
      { family: 'course', id: earlier._id, change: 'publish' },
    ]);
  });
});
