import type { APIRoute } from 'astro';
import { publishedArticles } from '../article-data.ts';
import { publishedCaseStudies } from '../case-study-data.ts';
import { publishedCatalogue } from '../catalogue-data.ts';
import { orderedContent } from '../content-order.ts';
import { ARTICLES_PATH, ARTICLES_PER_PAGE, articlePath, tagPath, tagsOf } from '../lib/articles.ts';
import { caseStudyPath } from '../lib/case-studies.ts';
import { coursePath } from '../lib/catalogue.ts';
import { contentFamilies } from '../lib/collections.ts';
import type { PublicContentFamilyKey } from '../families/index.ts';
import { newestOf, sitemapXml, type SitemapEntry } from '../lib/sitemap.ts';
import { PUBLIC_PAGES, siteConfig } from '../lib/site-config.ts';

/** Rendered when asked for, from the store; the CDN keeps it until a write purges its tags (src/lib/page-cache.ts). */
export const prerender = false;

/** The later list pages of `count` items under `base` (/articles/2, …), as paginate() names them. */
const laterPages = (base: string, count: number) =>
  Array.from(
    { length: Math.max(0, Math.ceil(count / ARTICLES_PER_PAGE) - 1) },
    (_, index) => `${base}/${index + 2}`,
  );

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL(siteConfig.siteUrl);
  // Every published item's last change, by family and id: a page's lastmod is its items' newest.
  const publicKeys = Object.values(contentFamilies)
    .filter((family) => !family.staffOnly)
    .map((family) => family.key as PublicContentFamilyKey);
  const stored = new Map(
    await Promise.all(publicKeys.map(async (key) => [key, await orderedContent(key)] as const)),
  );
  const updatedOf = (key: PublicContentFamilyKey, id: string) =>
    (stored.get(key) as { _id: string; updatedAt?: string }[] | undefined)?.find((item) => item._id === id)
      ?.updatedAt;
  const newestIn = (key: PublicContentFamilyKey) =>
    newestOf(
      ((stored.get(key) ?? []) as { updatedAt?: string }[]).map((item) => item.updatedAt),
      '',
    );
  // A fixed page shows content and the settings' words: its last change is the newest of the content it was built from.
  const build = new Date().toISOString();
  const anyChange = newestOf(publicKeys.map(newestIn), build);

  const courses = await publishedCatalogue();
  const studies = await publishedCaseStudies();
  const articles = await publishedArticles();
  const listOf = (path: string, lastmod: string): SitemapEntry => ({ path, lastmod });
  const coursesChanged = newestOf([newestIn('course'), newestIn('batch')], anyChange);
  const articlesChanged = newestOf(
    articles.map((article) => article.updated),
    anyChange,
  );
  const entries: SitemapEntry[] = [
    ...PUBLIC_PAGES.map((path) =>
      listOf(
        path,
        path === '/courses'
          ? coursesChanged
          : path === '/case-studies'
            ? newestOf([newestIn('caseStudy')], anyChange)
            : path === ARTICLES_PATH
              ? articlesChanged
              : anyChange,
      ),
    ),
    ...courses.map((course) =>
      listOf(
        coursePath(course.slug),
        newestOf([updatedOf('course', course._id), newestIn('batch')], anyChange),
      ),
    ),
    ...studies.map((study) =>
      listOf(caseStudyPath(study.slug), newestOf([updatedOf('caseStudy', study._id)], anyChange)),
    ),
    ...laterPages(ARTICLES_PATH, articles.length).map((path) => listOf(path, articlesChanged)),
    ...articles.map((article) => listOf(articlePath(article.slug), article.updated)),
    ...tagsOf(articles).flatMap(({ tag, articles: tagged }) => {
      const changed = newestOf(
        tagged.map((article) => article.updated),
        articlesChanged,
      );
      return [tagPath(tag), ...laterPages(tagPath(tag), tagged.length)].map((path) => listOf(path, changed));
    }),
  ];
  return new Response(sitemapXml(entries, origin), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
