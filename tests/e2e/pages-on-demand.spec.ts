/**
 * Pages render on demand (docs/decisions.md §69): an edit is on its page within seconds, with no deploy. On the
 * Redis runner, which builds nothing while it runs: a page that still needed a build would show the old text for
 * the whole test, and its build hook (LOCAL_BUILD_HOOK_PATH) would count the deploy. Each edit is put back afterwards.
 */
import type { APIRequestContext } from '@playwright/test';
import { feeText } from '../../src/lib/catalogue.ts';
import { contentFamilies, settingsFamily } from '../../src/lib/collections.ts';
import { LOCAL_BUILD_HOOK_PATH } from '../../scripts/local/build-hook-path.ts';
import { unique } from './admin-support.ts';
import { expect, test } from './fixtures.ts';
import { inputOf, listed, put, shows } from './live-support.ts';

/** Build hook calls the runner took (each one a production deploy on Netlify). */
const deploys = async (api: APIRequestContext) =>
  ((await (await api.get(LOCAL_BUILD_HOOK_PATH)).json()) as { calls: number }).calls;

test.describe.configure({ mode: 'serial' });

let deploysBefore: number;
test.beforeAll(async ({ playwright, adminCookies }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: adminCookies, origins: [] },
  });
  deploysBefore = await deploys(api);
  await api.dispose();
});

test.afterAll(async ({ playwright, adminCookies }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: adminCookies, origins: [] },
  });
  const after = await deploys(api);
  await api.dispose();
  // No content edit asked for a deploy.
  expect(after).toBe(deploysBefore);
});

test('a course fee edit is on the course page within seconds', async ({ adminApi, request }) => {
  const family = contentFamilies.course;
  const course = (await listed(adminApi, family.path)).find((item) => typeof item.fee === 'number')!;
  const fee = 1_234_500 + Math.floor(Math.random() * 1000) * 100;
  await request.get(`/courses/${course.slug}`);
  try {
    await put(adminApi, `${family.path}/${course._id}`, inputOf(family, course, { fee }));
    await shows(request, `/courses/${course.slug}`, feeText(fee));
  } finally {
    await put(adminApi, `${family.path}/${course._id}`, inputOf(family, course, {}));
  }
});

test('an article body edit is on the article within seconds', async ({ adminApi, request }) => {
  const family = contentFamilies.article;
  const article = (await listed(adminApi, family.path))[0]!;
  const sentence = unique('Freshly corrected sentence');
  try {
    await put(
      adminApi,
      `${family.path}/${article._id}`,
      inputOf(family, article, { body: `${String(article.body)}\n\n${sentence}` }),
    );
    await shows(request, `/articles/${article.slug}`, sentence);
  } finally {
    await put(adminApi, `${family.path}/${article._id}`, inputOf(family, article, {}));
  }
});

test('a home slide edit is on the home page within seconds', async ({ adminApi, request }) => {
  const family = contentFamilies.homeContent;
  const slide = (await listed(adminApi, family.path))[0]!;
  const title = unique('New slide');
  try {
    await put(adminApi, `${family.path}/${slide._id}`, inputOf(family, slide, { title }));
    await shows(request, '/', title);
  } finally {
    await put(adminApi, `${family.path}/${slide._id}`, inputOf(family, slide, {}));
  }
});

test('a site settings footer change is on every page within seconds', async ({ adminApi, request }) => {
  const before = (
    (await (await adminApi.get(settingsFamily.path)).json()) as { data: Record<string, unknown> }
  ).data;
  const footerTagline = unique('Footer line');
  try {
    await put(adminApi, settingsFamily.path, { ...before, footerTagline });
    await shows(request, '/about', footerTagline);
    await shows(request, '/courses', footerTagline);
  } finally {
    await put(adminApi, settingsFamily.path, before);
  }
});

test('an unknown slug answers the 404 page, kept by the CDN (briefly, under its family tag: page-cache.test.ts)', async ({
  request,
}) => {
  const run = Date.now();
  for (const path of [
    `/courses/no-such-course-${run}`,
    `/articles/no-such-article-${run}`,
    `/case-studies/no-such-study-${run}`,
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain('Page not found');
    expect(response.headers()['cache-status'], path).toBe('"Netlify Edge"; fwd=miss');
    // The runner plays Netlify's CDN: what only the CDN reads never reaches the browser.
    expect(response.headers()['netlify-cdn-cache-control']).toBeUndefined();
    const again = await request.get(path);
    expect(again.status(), path).toBe(404);
    expect(again.headers()['cache-status'], path).toBe('"Netlify Edge"; hit');
  }
});
