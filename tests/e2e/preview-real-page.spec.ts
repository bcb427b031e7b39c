/**
 * A preview is the real page (issue 24.4, docs/decisions.md §45): through the local runner, which
 * builds the site and, with it, the compiled page components the API renders previews with. The shared preview of
 * a published demo article (no code block, so Shiki's colours play no part) and of a demo case study has exactly
 * the `<main>` of the built page, byte for byte, inside the page's own shell with the PREVIEW banner; one with code
 * and a related course has it too but for the code's colours (its next batch included). So has a demo course's,
 * with its batches (seats, fees, WhatsApp links), trainers and verified learners joined as the build joins them.
 */
import type { APIRequestContext } from '@playwright/test';
import { articlePath } from '../../src/lib/articles.ts';
import { caseStudyPath } from '../../src/lib/case-studies.ts';
import { coursePath } from '../../src/lib/catalogue.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { PREVIEW_PAGE } from '../../src/lib/messages.ts';
import { PREVIEW_PATH, type SharedPreview } from '../../src/lib/preview.ts';
import { expect, test } from './fixtures.ts';

const SLUG = 'what-a-vapt-report-contains';
const mainOf = (html: string) => /<main\b[^>]*>[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** A code block as its text: Shiki colours it on the page only (a preview's code is uncoloured). */
const codeAsText = (html: string) =>
  html.replace(/<pre\b([^>]*)>([\s\S]*?)<\/pre>/g, (_all, attributes: string, inner: string) => {
    const text = inner
      .replace(/<[^>]+>/g, '')
      .replace(/&(#\d+|[a-z]+);/g, (entity, name: string) =>
        name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : (ENTITIES[name] ?? entity),
      );
    return `<pre${attributes}>${text}</pre>`;
  });

async function idOf(adminApi: APIRequestContext, path: string, slug: string): Promise<string> {
  const response = await adminApi.get(`${path}?drafts=1`);
  expect(response.status()).toBe(200);
  const items = ((await response.json()) as { data: { _id: string; slug?: string }[] }).data;
  const found = items.find((item) => item.slug === slug);
  if (!found) throw new Error(`the demo item ${slug} is not seeded`);
  return found._id;
}

async function shareUrl(adminApi: APIRequestContext, family: string, id: string): Promise<string> {
  const shared = await adminApi.post(PREVIEW_PATH, { data: { family, id } });
  expect(shared.status()).toBe(201);
  return ((await shared.json()) as { data: SharedPreview }).data.url;
}

test('a shared preview of an article has the built page’s own <main>', async ({
  adminApi,
  browser,
  request,
}) => {
  const articles = contentFamilies.article;
  const url = await shareUrl(adminApi, articles.key, await idOf(adminApi, articles.path, SLUG));

  const built = await request.get(articlePath(SLUG));
  expect(built.status()).toBe(200);
  const preview = await request.get(url);
  expect(preview.status()).toBe(200);
  const builtMain = mainOf(await built.text());
  expect(builtMain).toContain('article-cta');
  expect(mainOf(await preview.text())).toBe(builtMain);

  // Seen by someone signed out: the banner over the page, its call to action laid out by the site's stylesheet.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(url);
  await expect(visitor.locator('[data-preview-banner]')).toContainText(PREVIEW_PAGE.banner);
  await expect(visitor.locator('main .article-cta')).toBeVisible();
  await expect(visitor.locator('script')).toHaveCount(0);
  await stranger.close();
});

test('a shared preview of a case study has the built page’s own <main>', async ({ adminApi, request }) => {
  const studies = contentFamilies.caseStudy;
  const slug = 'vapt-for-a-co-operative-bank-before-its-rbi-audit';
  const url = await shareUrl(adminApi, studies.key, await idOf(adminApi, studies.path, slug));
  const built = await request.get(caseStudyPath(slug));
  expect(built.status()).toBe(200);
  const builtMain = mainOf(await built.text());
  expect(builtMain).toContain('case-study-findings');
  expect(mainOf(await (await request.get(url)).text())).toBe(builtMain);
});

test('a shared preview of an article with code and a course differs from the built page only in code colours', async ({
  adminApi,
  request,
}) => {
  const articles = contentFamilies.article;
  const slug = 'ctf-write-up-the-login-form-that-trusted-its-own-cookie';
  const url = await shareUrl(adminApi, articles.key, await idOf(adminApi, articles.path, slug));
  const built = mainOf(await (await request.get(articlePath(slug))).text());
  expect(built).toContain('class="shiki"');
  expect(built).toContain('/enroll?batch=');
  const preview = mainOf(await (await request.get(url)).text());
  expect(preview).not.toContain('class="shiki"');
  expect(codeAsText(preview)).toBe(codeAsText(built));
});

test('a shared preview of a course has the built page’s own <main>', async ({ adminApi, request }) => {
  const courses = contentFamilies.course;
  const slug = 'ethical-hacking';
  const url = await shareUrl(adminApi, courses.key, await idOf(adminApi, courses.path, slug));
  const builtMain = async () => mainOf(await (await request.get(coursePath(slug))).text());
  const first = await builtMain();
  for (const part of ['data-batch=', 'trainer-card', 'batch-whatsapp', 'verified-learner', 'course-fee'])
    expect(first).toContain(part);
  // The preview counts seats now, the page at its last build: other specs on this runner enrol into this course,
  // and the rebuild that follows brings the page level again, so the two are compared until then.
  await expect
    .poll(async () => (await builtMain()) === mainOf(await (await request.get(url)).text()), {
      timeout: 30_000,
    })
    .toBe(true);
});
