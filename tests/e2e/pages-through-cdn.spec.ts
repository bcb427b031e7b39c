/**
 * The pages rendered on demand as a visitor meets them through the runner's CDN (scripts/local/cdn-cache.ts), on
 * the Redis runner (no deploy budget at all; its store is a process a spec can pause): a deleted item leaves its
 * page and its list within seconds and comes back on restore, a scheduled item appears once its time comes (the
 * page's CDN age is capped at it: no purge, no scheduler tick, no deploy), and kept pages are served while the
 * store does not answer, a fresh copy as it is and an expired one stale rather than an error.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { articlePath, ARTICLES_PATH } from '../../src/lib/articles.ts';
import { coursePath } from '../../src/lib/catalogue.ts';
import {
  contentFamilies,
  trashEntryPath,
  trashRestorePath,
  type ContentFamily,
} from '../../src/lib/collections.ts';
import { LOCAL_BUILD_HOOK_PATH } from '../../scripts/local/build-hook-path.ts';
import { unique } from './admin-support.ts';
import { E2E_ADMIN_DATA_DIR, storePidFileOf } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { create, inputOf, LIVE, listed, shows, type Stored } from './live-support.ts';

type Answer = { status(): number; headers(): Record<string, string>; text(): Promise<string> };
const cacheStatus = (response: Answer) => response.headers()['cache-status'];
const HIT = '"Netlify Edge"; hit';
/** For a step that only sets the scene (the 10 s promise is asserted on the steps after it). */
const SETUP = { timeout: 30_000, intervals: [500, 1_000] };

/** Build hook calls the runner took (each one a production deploy on Netlify). */
const deploysUsed = async (api: APIRequestContext) =>
  ((await (await api.get(LOCAL_BUILD_HOOK_PATH)).json()) as { calls: number }).calls;

/** Asks for `path` until the CDN answers it from its copy (the second ask, or the first after warming). */
const kept = (request: APIRequestContext, path: string) =>
  expect
    .poll(async () => cacheStatus(await request.get(path)), { ...SETUP, message: `${path} kept` })
    .toBe(HIT);

/** Polls until `path` answers `status` with (or without) `text`, within the 10 s an edit may take. */
const answers = (request: APIRequestContext, path: string, status: number, text: string, present: boolean) =>
  expect
    .poll(
      async () => {
        const response = await request.get(path);
        return { status: response.status(), shows: (await response.text()).includes(text) };
      },
      { ...LIVE, message: `${path} answers ${status}${present ? ' with' : ' without'} ${text}` },
    )
    .toEqual({ status, shows: present });

/** A short article as the admin API takes it. */
const articleInput = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  summary: 'An article of the CDN specs.',
  body: 'A short body.',
  authorName: 'QA team',
  tags: ['Testing'],
  ...extra,
});

/** Deletes the item for good (the trash too), whatever state a failed test left it in. */
async function removeForGood(api: APIRequestContext, family: ContentFamily, id: string) {
  await api.delete(`${family.path}/${id}`);
  await api.delete(trashEntryPath(family.key, id));
}

test.describe.configure({ mode: 'serial' });

test('a deleted course and article leave their pages and lists within seconds, and come back on restore', async ({
  adminApi,
  request,
}) => {
  test.setTimeout(90_000);
  const courses = contentFamilies.course;
  const articles = contentFamilies.article;
  const model = (await listed(adminApi, courses.path)).find((item) => typeof item.fee === 'number')!;
  const courseTitle = unique('Purged course');
  const course = await create(
    adminApi,
    courses,
    inputOf(courses, model, { title: courseTitle, slug: `purged-course-${Date.now()}` }),
  );
  const articleTitle = unique('Purged article');
  const article = await create(adminApi, articles, articleInput(articleTitle));
  const items: [ContentFamily, Stored, string, string, string][] = [
    [courses, course, courseTitle, coursePath(course.slug!), '/courses'],
    [articles, article, articleTitle, articlePath(article.slug!), ARTICLES_PATH],
  ];
  try {
    for (const [, , title, page, list] of items) {
      for (const path of [page, list]) {
        // Setting the scene, not the promise under test: a new page's first render on a loaded machine may be slow.
        await shows(request, path, title, true, SETUP);
        await kept(request, path);
        expect(await (await request.get(path)).text()).toContain(title);
      }
    }
    for (const [family, item, title, page, list] of items) {
      const deleted = await adminApi.delete(`${family.path}/${item._id}`);
      expect(deleted.ok(), await deleted.text()).toBe(true);
      await answers(request, page, 404, 'Page not found', true);
      await shows(request, list, title, false);
    }
    for (const [family, item, title, page, list] of items) {
      const restored = await adminApi.post(trashRestorePath(family.key, item._id));
      expect(restored.status(), await restored.text()).toBe(200);
      await answers(request, page, 200, title, true);
      await shows(request, list, title);
    }
  } finally {
    for (const [family, item] of items) await removeForGood(adminApi, family, item._id);
  }
});

test('an article scheduled a few seconds ahead is on its page and in the list once its time comes, with no deploy', async ({
  adminApi,
  request,
}) => {
  test.setTimeout(60_000);
  const articles = contentFamilies.article;
  const usedBefore = await deploysUsed(adminApi);
  const title = unique('Scheduled article');
  const publishAt = Date.now() + 5_000;
  const article = await create(
    adminApi,
    articles,
    articleInput(title, { publishAt: new Date(publishAt).toISOString() }),
  );
  try {
    expect(article.published).toBe(false);
    const page = articlePath(article.slug!);
    // Before its time: not on its page nor in the list, and both answers are kept by the CDN (capped at the time).
    const before = await request.get(page);
    expect(before.status()).toBe(404);
    expect(await (await request.get(ARTICLES_PATH)).text()).not.toContain(title);
    // No request of ours changes anything at that time, and the scheduler ticks every 5 minutes on this runner:
    // the kept copies expire at the scheduled time and the next render shows the item.
    const within = { timeout: publishAt - Date.now() + LIVE.timeout, intervals: LIVE.intervals };
    await expect
      .poll(async () => (await request.get(page)).status(), { ...within, message: `${page} published` })
      .toBe(200);
    await shows(request, page, title);
    await shows(request, ARTICLES_PATH, title, true, {
      timeout: publishAt - Date.now() + LIVE.timeout,
    });
    expect(Date.now() - publishAt).toBeLessThan(LIVE.timeout);
    expect(await deploysUsed(adminApi)).toBe(usedBefore);
  } finally {
    await removeForGood(adminApi, articles, article._id);
  }
});

test('kept pages are served while the store does not answer: a fresh copy as it is, an expired one stale', async ({
  adminApi,
  request,
}) => {
  test.setTimeout(90_000);
  const course = (await listed(adminApi, contentFamilies.course.path))[0]!;
  const page = coursePath(course.slug!);
  await shows(request, page, String(course.title), true, SETUP);
  await kept(request, page);

  // A case study due in a few seconds caps the case-study list's CDN age at its time: that copy expires then.
  const studies = contentFamilies.caseStudy;
  const title = unique('Stale study');
  const publishAt = Date.now() + 12_000;
  const study = await create(adminApi, studies, {
    title,
    sector: 'Logistics',
    engagement: 'secure-development',
    scope: 'Threat modelling of the shipment-tracking API.',
    high: 1,
    outcome: 'Security checks now run in every pull request.',
    clientName: 'Hidden Freight Co',
    anonymous: true,
    publishAt: new Date(publishAt).toISOString(),
  });
  const storePid = Number(readFileSync(storePidFileOf(resolve(E2E_ADMIN_DATA_DIR)), 'utf8'));
  expect(storePid).toBeGreaterThan(0);
  try {
    const list = '/case-studies';
    await kept(request, list);
    const keptList = await (await request.get(list)).text();
    expect(keptList).not.toContain(title);

    process.kill(storePid, 'SIGSTOP');
    try {
      const fresh = await request.get(page, { timeout: 5_000 });
      expect(fresh.status()).toBe(200);
      expect(cacheStatus(fresh)).toBe(HIT);
      expect(await fresh.text()).toContain(String(course.title));

      // Past the study's time (the copy's age counts from when the CDN kept it) the kept list expires: the render
      // fails without its store, and the CDN answers with the last good page (durable, stale-if-error) instead.
      const deadline = publishAt + 15_000;
      let stale = await request.get(list, { timeout: 30_000 });
      while (cacheStatus(stale) === HIT && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 250));
        stale = await request.get(list, { timeout: 30_000 });
      }
      expect(stale.status()).toBe(200);
      expect(cacheStatus(stale)).toBe('"Netlify Edge"; fwd=stale');
      const staleList = await stale.text();
      expect(staleList).not.toContain(title);
      expect(staleList).toContain(/<h1[^>]*>.*?<\/h1>/s.exec(keptList)?.[0] ?? '<h1');
    } finally {
      process.kill(storePid, 'SIGCONT');
    }
    // The store back, the list shows the study that came due meanwhile.
    await shows(request, list, title, true, { timeout: 20_000, intervals: LIVE.intervals });
  } finally {
    await removeForGood(adminApi, studies, study._id);
  }
});
