/**
 * A purge is never silently lost, and what it purged is warmed: the API's real dependencies (built from the
 * environment, as on Netlify) purge through @netlify/functions' purgeCache against a local HTTP server that plays
 * Netlify's purge API and fails on purpose, keep what failed in the real store, and the scheduled tick retries it;
 * after a good purge the public paths that read the tags are requested from a local HTTP server playing the site.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contentFamilies,
  enrollCourseFamily,
  settingsFamily,
  statsFamily,
} from '../../src/lib/collections.ts';
import { createCachePurger, PENDING_PURGES } from '../../src/server/cdn/cache-purge.ts';
import { PURGE_RETRY_MINUTES, runScheduledPurgeRetry } from '../../src/server/cdn/scheduled-purges.ts';
import { apiPathsToWarm, MAX_WARM_PATHS } from '../../src/server/cdn/warm.ts';
import { pathsToWarm } from '../../src/lib/page-cache.ts';
import { sitePathsToWarm } from '../../src/server/cdn/site-paths-to-warm.ts';
import { createDeps } from '../../src/server/deps.ts';
import { startApi, type Api } from './api-harness.ts';

interface Receiver {
  url: string;
  requests: { method: string; path: string; body: string; authorization: string }[];
  /** Statuses to answer with, in turn; the last one stays. */
  statuses: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', requests: [], statuses: [200], close: async () => {} };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      receiver.requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body: text,
        authorization: req.headers.authorization ?? '',
      });
      const status = receiver.statuses.length > 1 ? receiver.statuses.shift()! : receiver.statuses[0]!;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

let purgeApi: Receiver;
let site: Receiver;
let api: Api;

beforeAll(async () => {
  purgeApi = await startReceiver();
  site = await startReceiver();
  api = await startApi({
    env: {
      NETLIFY_PURGE_API_TOKEN: 'purge-token',
      SITE_ID: 'site-1',
      NETLIFY_PURGE_API_URL: purgeApi.url,
      URL: site.url,
    },
  });
});
afterAll(async () => {
  await api.stop();
  await purgeApi.close();
  await site.close();
});
afterEach(async () => {
  await api.settle();
  purgeApi.statuses = [200];
  purgeApi.requests.length = 0;
  site.requests.length = 0;
  vi.restoreAllMocks();
});

const purgedTags = () =>
  purgeApi.requests.map((request) => (JSON.parse(request.body) as { cache_tags?: string[] }).cache_tags);
const addCourse = (title: string) =>
  api.admin(contentFamilies.homeCourse.path, { method: 'POST', json: { title, description: 'D' } });

describe('a purge that fails', () => {
  it('is tried again within the request, with the token, and nothing waits once it goes through', async () => {
    purgeApi.statuses = [503, 429, 200];
    expect((await addCourse('Retried')).status).toBe(201);
    expect(purgedTags()).toEqual([['homeCourse'], ['homeCourse'], ['homeCourse']]);
    expect(purgeApi.requests[0]).toMatchObject({
      path: '/api/v1/purge',
      authorization: 'Bearer purge-token',
    });
    expect(JSON.parse(purgeApi.requests[0]!.body)).toMatchObject({ site_id: 'site-1' });
    expect(await api.coordination.takeSet(PENDING_PURGES)).toEqual([]);
  });

  it('waits in the store when the retries fail too, is logged once with its tags, and the tick purges it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    purgeApi.statuses = [502];
    expect((await api.admin(statsFamily.path, { method: 'PUT', json: { totalCourses: 4 } })).status).toBe(
      200,
    );
    expect(purgedTags()).toEqual([['stats'], ['stats'], ['stats']]);
    const failures = warn.mock.calls.filter(([line]) => String(line).includes('[cdn] purging'));
    expect(failures).toHaveLength(1);
    expect(String(failures[0]![0])).toContain('purging tag stats failed');

    // Ticks look at the waiting purges every PURGE_RETRY_MINUTES minutes only.
    api.clock.now = new Date('2026-12-02T10:01:00Z');
    purgeApi.requests.length = 0;
    expect(await runScheduledPurgeRetry(api.deps)).toBe(0);
    expect(purgeApi.requests).toHaveLength(0);
    // Still failing at the next retry minute: put back, not lost.
    api.clock.now = new Date(`2026-12-02T10:${String(PURGE_RETRY_MINUTES).padStart(2, '0')}:00Z`);
    expect(await runScheduledPurgeRetry(api.deps)).toBe(1);
    purgeApi.statuses = [200];
    purgeApi.requests.length = 0;
    expect(await runScheduledPurgeRetry(api.deps)).toBe(1);
    expect(purgedTags()).toEqual([['stats']]);
    // Nothing waits any more: an idle tick calls nobody.
    expect(await runScheduledPurgeRetry(api.deps, { everyMinutes: 1 })).toBe(0);
    expect(purgeApi.requests).toHaveLength(1);
  });

  it('waits in the store when the purge API does not answer at all', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const deadApi = await startReceiver();
    await deadApi.close();
    const purge = createCachePurger({
      token: 'purge-token',
      siteID: 'site-1',
      apiURL: deadApi.url,
      coordination: api.coordination,
      backoffMs: 10,
    });
    await purge(['article', 'article:abc']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('purging tags article, article:abc failed'));
    expect((await api.coordination.takeSet(PENDING_PURGES)).sort()).toEqual(['article', 'article:abc']);
  });

  it('is not retried within the request when the API refuses it (4xx), but still waits for the tick', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    purgeApi.statuses = [401];
    expect(
      (await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'Refused' } })).status,
    ).toBe(201);
    expect(purgedTags()).toEqual([[enrollCourseFamily.cacheTag]]);
    expect(await api.coordination.takeSet(PENDING_PURGES)).toEqual([enrollCourseFamily.cacheTag]);
  });
});

describe('warming after a purge', () => {
  it('requests the pages that show the family and its public list once, in the background, after the purge went through', async () => {
    expect((await addCourse('Warm me')).status).toBe(201);
    await api.settle();
    expect(site.requests.map(({ path }) => path)).toContain('/');
    // Four at a time: the order they arrive in is not the order they were asked for.
    expect(site.requests.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      [
        ...(await pathsToWarm([contentFamilies.homeCourse.cacheTag], async () => [])),
        contentFamilies.homeCourse.path,
      ]
        .map((path) => `GET ${path}`)
        .sort(),
    );
  });

  it("names a slug route's pages from the store's published items, pages before the API's lists", async () => {
    await api.repository.create(contentFamilies.course.key, { title: 'Live', slug: 'live-course' });
    await api.repository.create(contentFamilies.course.key, {
      title: 'Draft',
      slug: 'draft-course',
      published: false,
    });
    await api.repository.create(contentFamilies.article.key, {
      title: 'A',
      slug: 'an-article',
      tags: ['Web security'],
    });
    const coursePaths = await sitePathsToWarm(api.repository)([contentFamilies.course.cacheTag]);
    expect(coursePaths).toEqual(
      expect.arrayContaining(['/courses/live-course', '/courses/live-course/brochure.pdf']),
    );
    expect(coursePaths.some((path) => path.includes('draft-course'))).toBe(false);
    expect(coursePaths.indexOf(contentFamilies.course.path)).toBeGreaterThan(
      coursePaths.indexOf('/courses/live-course'),
    );
    expect(await sitePathsToWarm(api.repository)([contentFamilies.article.cacheTag])).toEqual(
      expect.arrayContaining([
        '/articles/an-article',
        '/articles/tag/web-security',
        contentFamilies.article.path,
      ]),
    );
  });

  it('asks for the API lists only where CDN_WARM=lists says so, and for the pages first by default', async () => {
    const tag = contentFamilies.homeCourse.cacheTag;
    const parts = { repository: api.repository, coordination: api.coordination };
    expect(await createDeps({ CDN_WARM: 'lists' }, parts).pathsToWarm([tag])).toEqual([
      contentFamilies.homeCourse.path,
    ]);
    expect(await createDeps({}, parts).pathsToWarm([tag])).toEqual(
      await sitePathsToWarm(api.repository)([tag]),
    );
    expect(await createDeps({}, parts).pathsToWarm([tag])).toContain('/');
    expect(() => createDeps({ CDN_WARM: 'none' }, parts)).toThrow(/CDN_WARM/);
  });

  it('warms nothing when the purge failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    purgeApi.statuses = [500];
    expect((await addCourse('Not warmed')).status).toBe(201);
    await api.settle();
    expect(site.requests).toEqual([]);
    await api.coordination.takeSet(PENDING_PURGES);
  });

  it('names the families a tag reads, an item tag included, and every public family for a purge of everything', async () => {
    expect(await apiPathsToWarm(['siteSettings', 'course:abc'])).toEqual(
      expect.arrayContaining([contentFamilies.course.path, settingsFamily.path]),
    );
    expect(await apiPathsToWarm(['contact'])).toEqual([]);
    expect((await apiPathsToWarm([])).length).toBeGreaterThan(5);
  });

  it(`requests at most ${MAX_WARM_PATHS} paths, however many read the tags`, async () => {
    const many = await startApi({
      env: {
        NETLIFY_PURGE_API_TOKEN: 'purge-token',
        SITE_ID: 'site-1',
        NETLIFY_PURGE_API_URL: purgeApi.url,
        URL: site.url,
      },
      deps: {
        pathsToWarm: async (tags) => Array.from({ length: 50 }, (_, n) => `/courses/${tags[0]}-${n}/`),
      },
    });
    try {
      expect((await many.admin(statsFamily.path, { method: 'PUT', json: { totalCourses: 5 } })).status).toBe(
        200,
      );
      await many.settle();
      expect(site.requests).toHaveLength(MAX_WARM_PATHS);
      expect(site.requests[0]?.path).toBe('/courses/stats-0/');
    } finally {
      await many.stop();
    }
  });
});
