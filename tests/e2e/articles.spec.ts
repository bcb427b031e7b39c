/**
 * Articles (issue 24) built by the real runner: the demo list newest first with its tags, a demo article with code
 * coloured at build time, a table, its cover, Article and BreadcrumbList JSON-LD, Open Graph and Twitter tags naming
 * a 1200 × 630 share picture that exists; the RSS feed and the sitemap (with lastmod on every URL); and an article
 * published through the API carrying a stored XSS payload in its body, title and summary, live after the rebuild
 * with its code, table and an uploaded picture, and nothing of the payload running or injected.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { demoContent } from '../../scripts/seed/demo-content.ts';
import { articlePath } from '../../src/lib/articles.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { slugify } from '../../src/lib/fields/slug.ts';
import { ARTICLES_PAGE } from '../../src/lib/page-words.ts';
import { expect, expectNoAxeViolations, projectBaseURL, test } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';
import { probeSecurity } from './security-probes.ts';

const articles = contentFamilies.article;
const CTF = demoContent.article[0]!.fields;
const CTF_PATH = articlePath(slugify(String(CTF.title)));

let api: APIRequestContext;
test.beforeAll(async ({ playwright, adminCookies }, testInfo) => {
  const baseURL = projectBaseURL(testInfo.project.use);
  api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
    storageState: { cookies: adminCookies, origins: [] },
  });
});
test.afterAll(() => api.dispose());
test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

async function waitForBuild(path: string, done: (html: string, status: number) => boolean) {
  await expect
    .poll(
      async () => {
        const response = await api.get(path, { maxRedirects: 0 });
        return done(await response.text(), response.status());
      },
      { message: `${path} rebuilt`, timeout: 180_000, intervals: [1_000] },
    )
    .toBe(true);
}

/** The page's JSON-LD blocks, parsed (a block that does not parse fails here). */
const jsonLd = (page: Page) =>
  page
    .locator('script[type="application/ld+json"]')
    .allTextContents()
    .then((blocks) => blocks.flatMap((text) => JSON.parse(text) as Record<string, unknown>[]));

/** Code coloured by Shiki's classes, a table, and the body's text: what an article page must show. */
async function expectRenderedBody(page: Page) {
  const body = page.locator('.article-body');
  await expect(body.locator('pre.code code.shiki span[class^="tk-"]').first()).toBeVisible();
  const colours = await body
    .locator('pre.code code.shiki span')
    .evaluateAll((spans) => new Set(spans.map((span) => getComputedStyle(span).color)).size);
  expect(colours, 'tokens in more than one colour').toBeGreaterThan(2);
  await expect(body.locator('table th').first()).toBeVisible();
  await expect(body.locator('table td').first()).toBeVisible();
}

test('the list shows the demo articles newest first, with tags to filter by', async ({ page }) => {
  await page.goto('/articles');
  await expect(page.getByRole('heading', { level: 1, name: ARTICLES_PAGE.title })).toBeVisible();
  const titles = demoContent.article
    .map((item) => item.fields)
    .sort((a, b) => String(b.publishedOn).localeCompare(String(a.publishedOn)))
    .map((fields) => String(fields.title));
  await expect(page.locator('li.article-card h3')).toHaveText(titles);
  const tags = page.getByRole('navigation', { name: ARTICLES_PAGE.tagsHeading });
  await tags.getByRole('link', { name: 'Web security', exact: true }).click();
  await expect(page).toHaveURL(/\/articles\/tag\/web-security$/);
  await expect(page.locator('li.article-card')).toHaveCount(2);
  await expect(page.locator('astro-island')).toHaveCount(0);
});

test('a demo article: highlighted code, a table, cover, JSON-LD, share tags and picture, no island', async ({
  page,
  request,
}) => {
  const probe = await probeSecurity(page);
  await page.goto(CTF_PATH);
  await expect(page.getByRole('heading', { level: 1, name: String(CTF.title) })).toBeVisible();
  await expectRenderedBody(page);
  await expect(page.getByRole('img', { name: String(CTF.alt) })).toBeVisible();
  await expect(page.getByText(ARTICLES_PAGE.by('Arjun Nair'), { exact: false })).toBeVisible();
  // Its related course has a batch to book: the page ends with it.
  await expect(
    page.getByRole('heading', { name: ARTICLES_PAGE.nextBatchHeading('Web Application Security') }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: ARTICLES_PAGE.enrol })).toHaveAttribute(
    'href',
    /^\/enroll\?batch=/,
  );

  const ld = await jsonLd(page);
  const article = ld.find((block) => block['@type'] === 'Article');
  expect(article).toMatchObject({ headline: CTF.title, author: { '@type': 'Person', name: 'Arjun Nair' } });
  const crumbs = ld.find((block) => block['@type'] === 'BreadcrumbList') as { itemListElement: unknown[] };
  expect(crumbs.itemListElement).toHaveLength(3);

  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const share = await page.locator('meta[property="og:image"]').getAttribute('content');
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', share ?? '');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const picture = await request.get(new URL(share ?? '').pathname);
  expect(picture.status()).toBe(200);
  const meta = await sharp(await picture.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

  await expect(page.locator('astro-island')).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await probe.violations()).toEqual([]);

  // An article without a related course ends with the call to contact us.
  await page.goto(articlePath('what-a-vapt-report-contains'));
  await expect(page.getByRole('heading', { name: ARTICLES_PAGE.contactHeading })).toBeVisible();
});

test('the RSS feed lists every article, and the sitemap has them with a lastmod on every URL', async ({
  request,
}) => {
  const feed = await request.get('/rss.xml');
  expect(feed.status()).toBe(200);
  const rss = await feed.text();
  expect(rss).toContain(`<title>${ARTICLES_PAGE.feedTitle}</title>`);
  for (const item of demoContent.article)
    expect(rss).toContain(`${articlePath(slugify(String(item.fields.title)))}</link>`);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  const urls = [...sitemap.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]!);
  expect(urls.length).toBeGreaterThan(10);
  for (const url of urls) expect(url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
  expect(sitemap).toContain(`${CTF_PATH}</loc>`);
  expect(sitemap).toContain('/articles/tag/web-security</loc>');
  expect(sitemap).toContain('/courses/ethical-hacking</loc>');
});

test('an article published through the API shows its code, table and picture, and its XSS payload is inert', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const marker = `xss${Date.now().toString(36)}`;
  const payload = `<script>window.__xss=1</script><img src=x onerror=window.__xss=1>`;
  // A picture already in the store, by the /uploads address the editor inserts.
  const demo = ((await (await api.get(articles.path)).json()) as { data: { imageUrl?: string }[] }).data;
  const picture = demo.find((item) => item.imageUrl)?.imageUrl;
  expect(picture).toMatch(/^\/uploads\/courses\/[0-9a-f]{32}\.webp$/);
  const body = [
    `Marker ${marker}. ${payload}`,
    '<a href="javascript:window.__xss=1">a raw link</a> and [a markdown one](javascript:window.__xss=1)',
    '```ts\nconst answer: number = 42; // the answer\n```',
    '| Severity | Count |\n| --- | --- |\n| High | 2 |\n| <b onmouseover=window.__xss=1>Low</b> | 7 |',
    `![The lab](${picture})`,
  ].join('\n\n');
  const created = await api.post(articles.path, {
    data: {
      title: `Payload ${marker} ${payload}`,
      summary: `Summary ${payload}`,
      body,
      authorName: 'QA team',
      tags: ['Testing'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const {
    _id: id,
    slug,
    publishedOn,
  } = (
    (await created.json()) as {
      data: { _id: string; slug: string; publishedOn?: string };
    }
  ).data;
  // First published now: the server set the date.
  expect(Date.now() - Date.parse(publishedOn ?? '')).toBeLessThan(120_000);
  try {
    await waitForBuild(articlePath(slug), (_html, status) => status === 200);
    const probe = await probeSecurity(page);
    await page.goto(articlePath(slug));
    await expectRenderedBody(page);
    const image = page.locator(`.article-body img[src="${picture}"]`);
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('alt', 'The lab');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The payload is text on the page, never markup.
    await expect(page.getByText(`Marker ${marker}.`, { exact: false })).toContainText('<script>');
    const injected = await page.evaluate(() => ({
      flag: (window as { __xss?: unknown }).__xss ?? null,
      elements: Array.from(
        document.querySelectorAll(
          'img[src="x"], [onerror], [onload], [onmouseover], a[href^="javascript"], script:not([type="application/ld+json"]):not([src]):not([type="module"])',
        ),
        (element) => element.outerHTML,
      ),
    }));
    expect(injected).toEqual({ flag: null, elements: [] });
    expect(await probe.violations()).toEqual([]);
    // In the built body the payload is escaped text (the head holds it only inside quoted attribute values).
    const built = await (await api.get(articlePath(slug))).text();
    const builtBody = built.slice(built.indexOf('<div class="article-body">'), built.indexOf('<aside'));
    expect(builtBody).toContain(marker);
    expect(builtBody).not.toMatch(/<script|<img src=x|<a href="javascript|<b on/);

    // Listed first (newest), in the feed and the sitemap.
    await page.goto('/articles');
    await expect(page.locator('li.article-card h3').first()).toContainText(marker);
    expect(await (await api.get('/rss.xml')).text()).toContain(articlePath(slug));
    expect(await (await api.get('/sitemap.xml')).text()).toContain(`${articlePath(slug)}</loc>`);
  } finally {
    expect((await api.delete(`${articles.path}/${id}`)).status()).toBe(200);
    await waitForBuild('/articles', (html) => !html.includes(marker));
  }
});
