/**
 * Pages render on demand (docs/decisions.md §69): an edit is on its page within seconds, with no deploy. On the
 * Redis runner, whose deploy budget is 0 and whose rebuild window is an hour (playwright.config.ts): a page that
 * still needed a build would show the old text for the whole test. Each edit is put back afterwards.
 */
import type { APIRequestContext } from '@playwright/test';
import { feeText } from '../../src/lib/catalogue.ts';
import { contentFamilies, settingsFamily, type ContentFamily } from '../../src/lib/collections.ts';
import { valueFields } from '../../src/lib/fields.ts';
import { PUBLISHING_PATH, type PublishingStatus } from '../../src/lib/publishing.ts';
import { unique } from './admin-support.ts';
import { expect, test } from './fixtures.ts';

/** The brief's promise: an edit is live within 10 s. */
const LIVE = { timeout: 10_000, intervals: [250, 500, 1_000] };

type Stored = { _id: string; slug?: string } & Record<string, unknown>;

/** The family's published items as the admin reads them (every stored field, so a save keeps them all). */
const listed = async (api: APIRequestContext, path: string) =>
  ((await (await api.get(`${path}?drafts=1`)).json()) as { data: Stored[] }).data.filter(
    (item) => item.published !== false && item.publishAt === undefined,
  );

const deploys = async (api: APIRequestContext) =>
  ((await (await api.get(PUBLISHING_PATH)).json()) as { data: PublishingStatus }).data;

/** The item as a save sends it (the API refuses fields it does not take), with `changes` over it. */
const inputOf = (family: ContentFamily, item: Stored, changes: Record<string, unknown>) => ({
  ...Object.fromEntries(
    [...valueFields(family.fields).map((field) => field.name), 'published', ...(family.image ? ['alt'] : [])]
      .filter((name) => item[name] !== undefined)
      .map((name) => [name, item[name]]),
  ),
  ...changes,
});

async function put(api: APIRequestContext, path: string, data: Record<string, unknown>) {
  const response = await api.put(path, { data });
  expect(response.status(), await response.text()).toBe(200);
}

/** Polls `path` until its HTML includes `text`, within the 10 s an edit may take. */
const shows = (api: APIRequestContext, path: string, text: string) =>
  expect
    .poll(async () => (await (await api.get(path)).text()).includes(text), {
      ...LIVE,
      message: `${path} shows ${text}`,
    })
    .toBe(true);

test.describe.configure({ mode: 'serial' });

let deploysBefore: PublishingStatus;
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
  // No content edit asked for a deploy, and nothing waits for one.
  expect(after.budget).toBe(0);
  expect(after.used).toBe(deploysBefore.used);
  expect(after.queued).toEqual([]);
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
