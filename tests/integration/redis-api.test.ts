/**
 * The API end to end on the production store: a real redis-server behind the Upstash REST gateway, reached by
 * the real @upstash/redis client, with the repository chosen from the environment as on Netlify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  contentFamilies,
  enrollCourseFamily,
  requestFamilies,
  statsFamily,
} from '../../src/lib/collections.ts';
import { SUBMISSION_RATE_LIMIT } from '../../src/lib/constants.ts';
import { resolveImageUrl } from '../../src/lib/image-url.ts';
import { VALIDATION } from '../../src/lib/api-messages.ts';
import { ADMIN } from '../../src/lib/staff-messages.ts';
import { createDeps } from '../../src/server/deps.ts';
import { jpegWithExifAndGps } from '../../src/server/images/image-fixtures.ts';
import { createRepositoryFromEnv } from '../../src/server/repository/index.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../support/redis-server.ts';
import { ADMIN_PASSWORD, body, multipart, startApi, type Api } from './api-harness.ts';
import { awayFromWindowEdge, submissionLimitTests } from './submission-limits.ts';

let redis: RedisWithGateway;
let api: Api;
let env: Record<string, string>;

beforeAll(async () => {
  redis = await startRedisWithGateway();
  env = {
    UPSTASH_REDIS_REST_URL: redis.url,
    UPSTASH_REDIS_REST_TOKEN: redis.token,
    REDIS_KEY_PREFIX: 'api-test',
  };
  api = await startApi({ env, repository: () => createRepositoryFromEnv(env) });
});
afterAll(async () => {
  await api?.stop();
  await redis?.stop();
});

describe('on Upstash Redis', () => {
  it('is the store the environment selects', async () => {
    expect(createDeps({ ...env }).repository.backend).toBe('redis');
    expect(await body(await api.call('/health'))).toMatchObject({ status: 'ok', store: 'redis' });
  });

  it('runs the full lifecycle of a family with an image', async () => {
    const family = contentFamilies.homeService;
    const created = await api.admin(family.path, {
      method: 'POST',
      form: multipart(
        { title: 'Cloud security', description: 'Hardening of AWS and Azure.' },
        { bytes: await jpegWithExifAndGps(480, 320) },
      ),
    });
    expect(created.status).toBe(201);
    const item = (await body(created)).data as { _id: string; image: string };
    expect((await api.call(resolveImageUrl(item.image, 'services'))).status).toBe(200);

    const listed = (await body(await api.call(family.path))).data as { _id: string }[];
    expect(listed.map((entry) => entry._id)).toEqual([item._id]);

    const updated = await api.admin(`${family.path}/${item._id}`, {
      method: 'PUT',
      form: multipart({ title: 'Cloud security audits', description: 'Hardening.' }),
    });
    expect((await body(updated)).data).toMatchObject({ title: 'Cloud security audits', image: item.image });

    const invalid = await api.admin(`${family.path}/${item._id}`, {
      method: 'PUT',
      form: multipart({ title: '' }),
    });
    expect((await body(invalid)).message).toBe(VALIDATION.titleRequired);

    expect((await api.admin(`${family.path}/${item._id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await body(await api.call(family.path))).data).toEqual([]);
    // Trashed, not destroyed (issue 12): the picture goes with the purge.
    await api.purgeExpiredTrash();
    expect((await api.call(resolveImageUrl(item.image, 'services'))).status).toBe(404);
  });

  it('takes submissions, rate-limits them with @upstash/ratelimit, pages them newest first', async () => {
    const path = requestFamilies.contact.path;
    const ip = '198.51.100.77';
    const limit = SUBMISSION_RATE_LIMIT.limit;
    await awayFromWindowEdge(SUBMISSION_RATE_LIMIT.windowSeconds);
    // Each submission from its own sender, so that only the per-address ceiling is in play here.
    const person = (n: number) => ({
      name: `Person ${n}`,
      email: `p${n}@example.in`,
      phone: `98765${String(n).padStart(5, '0')}`,
      message: 'Hello',
    });
    for (let n = 0; n < limit; n++) {
      const response = await api.call(path, { method: 'POST', json: person(n), ip });
      expect(response.status).toBe(201);
    }
    const limited = await api.call(path, { method: 'POST', json: { ...person(limit), name: 'Late' }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const page = await body(await api.admin(`${path}?limit=2`));
    expect((page.data as { name: string }[]).map((entry) => entry.name)).toEqual([
      `Person ${limit - 1}`,
      `Person ${limit - 2}`,
    ]);
    const rest = await body(await api.admin(`${path}?limit=${limit}&cursor=${String(page.nextCursor)}`));
    expect((rest.data as unknown[]).length).toBe(limit - 2);
    expect(rest.nextCursor).toBeNull();
  });

  describe('limits that fit real people', () => {
    submissionLimitTests(() => api);
  });

  it('keeps course names unique, validates enrolments against them, stores stats', async () => {
    const added = await api.admin(enrollCourseFamily.path, {
      method: 'POST',
      json: { courseName: 'AI/ML Basics' },
    });
    expect((await body(added)).message).toBe(ADMIN.enrollCourse.added);
    const duplicate = await api.admin(enrollCourseFamily.path, {
      method: 'POST',
      json: { courseName: 'ai/ml basics' },
    });
    expect((await body(duplicate)).message).toBe(VALIDATION.courseDuplicate);

    const enrol = (course: string) =>
      api.call(requestFamilies.enroll.path, {
        method: 'POST',
        json: { name: 'R', email: 'r@example.in', phone: '9876543210', course },
        ip: '198.51.100.78',
      });
    expect((await enrol('AI/ML BASICS')).status).toBe(201);
    expect((await body(await enrol('Quantum'))).errors).toEqual({ course: VALIDATION.courseUnknown });

    await api.admin(statsFamily.path, { method: 'PUT', json: { totalCourses: 12 } });
    expect((await body(await api.call(statsFamily.path))).data).toEqual({ totalCourses: 12 });
  });

  it('signs in over Redis', async () => {
    const login = await api.call(AUTH_PATHS.login, {
      method: 'POST',
      json: { password: ADMIN_PASSWORD },
      ip: '198.51.100.79',
    });
    expect(login.status).toBe(200);
  });
});
