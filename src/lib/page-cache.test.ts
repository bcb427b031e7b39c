import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOUND_MAX_AGE_SECONDS,
  PAGE_MAX_AGE_SECONDS,
  PAGE_ROUTES,
  pageCacheHeaders,
  pageCacheOptions,
  pageTags,
  pathsToWarm,
  type SlugSource,
} from './page-cache.ts';

const SLUGS: Record<SlugSource, string[]> = {
  course: ['ceh', 'oscp'],
  article: Array.from({ length: 13 }, (_, i) => `post-${i + 1}`),
  caseStudy: ['bank'],
  articleTag: ['web', 'cloud'],
};
const slugsOf = async (source: SlugSource) => SLUGS[source];

/** The route pattern of every page file that opts out of pre-rendering, as Astro names it. */
function onDemandRoutes(): string[] {
  const root = join(import.meta.dirname, '..', 'pages');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return (
    walk(root)
      .filter((file) => /export const prerender = false/.test(readFileSync(file, 'utf8')))
      // The 404 page is rendered on demand only so that other pages can answer with it; it shows nothing stored.
      .filter((file) => !file.endsWith('404.astro'))
      .map((file) => {
        const route = `/${relative(root, file).split('\\').join('/')}`
          .replace(/\.(astro|ts)$/, '')
          .replace(/\/index$/, '');
        return route === '' ? '/' : route;
      })
      .sort()
  );
}

describe('the page table', () => {
  it('names every page rendered on demand, and only those', () => {
    expect(Object.keys(PAGE_ROUTES).sort()).toEqual(onDemandRoutes());
  });

  it('tags every page with the site settings its layout shows, and each with what it reads', () => {
    for (const pattern of Object.keys(PAGE_ROUTES)) expect(pageTags(pattern)).toContain('siteSettings');
    expect(pageTags('/courses/[slug]')).toEqual(
      expect.arrayContaining(['course', 'trainer', 'batch', 'learnerTestimonial']),
    );
    expect(pageTags('/')).toEqual(expect.arrayContaining(['homeContent', 'stats', 'course']));
    expect(pageTags('/articles/[slug]')).toEqual(expect.arrayContaining(['article', 'serviceContent']));
    expect(pageTags('/deltaadmin')).toEqual([]);
  });
});

describe('pathsToWarm', () => {
  it('lists the pages of every route that shows a purged family, slug pages included', async () => {
    const paths = await pathsToWarm(['course'], slugsOf);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/courses',
        '/courses/ceh',
        '/courses/oscp',
        '/courses/ceh/brochure.pdf',
        '/courses/level/beginner',
        '/courses/mode/online',
        '/enroll',
        '/articles/post-1',
        '/sitemap.xml',
      ]),
    );
    expect(paths).not.toContain('/about');
    expect(paths).not.toContain('/case-studies/bank');
    expect(paths).not.toContain('/courses/[slug]');
  });

  it('lists the article list pages and each tag page for an article change', async () => {
    const paths = await pathsToWarm(['article'], slugsOf);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/articles',
        '/articles/2',
        '/articles/tag/web',
        '/articles/tag/cloud',
        '/rss.xml',
      ]),
    );
    expect(paths).not.toContain('/courses');
  });

  it('lists every page for a site settings change, asking for each source once', async () => {
    const asked: SlugSource[] = [];
    const paths = await pathsToWarm(['siteSettings'], async (source) => {
      asked.push(source);
      return SLUGS[source];
    });
    expect(paths).toEqual(expect.arrayContaining(['/', '/about', '/contact', '/case-studies/bank']));
    expect(asked.sort()).toEqual(['article', 'articleTag', 'caseStudy', 'course']);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists nothing for a tag no page shows', async () => {
    expect(await pathsToWarm(['certificate', 'contact'], slugsOf)).toEqual([]);
  });
});

describe('pageCacheOptions and its headers', () => {
  const now = Date.parse('2026-12-02T10:00:00Z');

  it('keeps a page until a purge, durable, with stale copies while revalidating or on an error', () => {
    const options = pageCacheOptions('/courses', 200, null, now);
    expect(options).toMatchObject({ maxAge: PAGE_MAX_AGE_SECONDS, tags: expect.arrayContaining(['course']) });
    const headers = pageCacheHeaders(options!);
    expect(headers.get('Netlify-CDN-Cache-Control')).toBe(
      `public, durable, s-maxage=${PAGE_MAX_AGE_SECONDS}, stale-while-revalidate=86400, stale-if-error=604800`,
    );
    expect(headers.get('Netlify-Cache-Tag')?.split(',')).toEqual(
      expect.arrayContaining(['siteSettings', 'course']),
    );
    expect(headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
  });

  it('caps the age at the next scheduled change, with no stale copy past it', () => {
    const options = pageCacheOptions('/', 200, now + 90_500, now);
    expect(options).toEqual({ maxAge: 91, tags: pageTags('/') });
    expect(pageCacheHeaders(options!).get('Netlify-CDN-Cache-Control')).toBe('public, durable, s-maxage=91');
  });

  it('keeps a 404 briefly under the family tag, and never a server error or an unknown route', () => {
    expect(pageCacheOptions('/courses/[slug]', 404, null, now)).toEqual({
      maxAge: NOT_FOUND_MAX_AGE_SECONDS,
      tags: pageTags('/courses/[slug]'),
    });
    expect(pageCacheOptions('/courses/[slug]', 500, null, now)).toBeNull();
    expect(pageCacheOptions('/courses/[slug]', 503, null, now)).toBeNull();
    expect(pageCacheOptions('/404', 404, null, now)).toBeNull();
  });
});
