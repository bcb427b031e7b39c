/**
 * Budget (docs/design.md (Quality) "Performance"): a public GET costs exactly one store round trip, however many items a
 * family holds. Counted at the Upstash gateway (one HTTP request = one round trip to Redis), with the real
 * @upstash/redis client, through the function files' handlers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentFamilies,
  enrollCourseFamily,
  statsFamily,
  type ContentFamilyKey,
} from '../../src/lib/collections.ts';
import { createRepositoryFromEnv } from '../../src/server/repository/index.ts';
import { demoContent, demoEnrollCourses, demoStats } from '../../scripts/seed/demo-content.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../support/redis-server.ts';
import { body, startApi, type Api } from './api-harness.ts';

/** The docs/design.md (Quality) benchmark size: 50 items per family. */
const ITEMS_PER_FAMILY = 50;

let redis: RedisWithGateway;
let api: Api;

beforeAll(async () => {
  redis = await startRedisWithGateway();
  const env = {
    UPSTASH_REDIS_REST_URL: redis.url,
    UPSTASH_REDIS_REST_TOKEN: redis.token,
    REDIS_KEY_PREFIX: 'round-trips',
  };
  api = await startApi({ env, repository: () => createRepositoryFromEnv(env) });
  for (const key of Object.keys(contentFamilies) as ContentFamilyKey[]) {
    const family = contentFamilies[key];
    // A staff-only family (certificates, issue 23) has no public read to measure.
    if (family.staffOnly) continue;
    const samples = demoContent[key];
    for (let index = 0; index < ITEMS_PER_FAMILY; index += 1) {
      const { fields: sample, refs = {} } = samples[index % samples.length]!;
      // Titles stay unique: some families claim their title as a unique name.
      const title = family.titleField;
      // References need only be ids here: the store does not check them, and the reads do not follow them.
      const ids = Object.fromEntries(
        Object.entries(refs).map(([name, to]) => [
          name,
          typeof to === 'string' ? 'demo-ref' : to.map(() => 'demo-ref'),
        ]),
      );
      const fields = family.inputSchema.parse({
        ...sample,
        ...ids,
        [title]: `${String(sample[title])} ${index}`,
      });
      await api.repository.create(key, fields as Record<string, unknown>);
    }
  }
  for (const courseName of demoEnrollCourses) await api.repository.create('enrollCourse', { courseName });
  await api.repository.setDocument('stats', demoStats);
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await redis?.stop();
});

const publicReads = [
  ...Object.values(contentFamilies)
    .filter((family) => !family.staffOnly)
    .map((family) => ({
      path: family.path,
      items: ITEMS_PER_FAMILY as number | null,
    })),
  { path: enrollCourseFamily.path, items: demoEnrollCourses.length },
  { path: statsFamily.path, items: null },
];

describe('public GET endpoints on Redis', () => {
  it.each(publicReads)('$path answers in one store round trip', async ({ path, items }) => {
    redis.requests.length = 0;
    const response = await api.call(path);
    expect(response.status).toBe(200);
    const { data } = await body(response);
    if (items === null) expect(data).toEqual({ totalCourses: demoStats.totalCourses });
    else expect(data).toHaveLength(items);
    expect(redis.requests).toHaveLength(1);
  });
});
