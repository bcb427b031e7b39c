/**
 * How the CDN keeps the public pages, which render on demand from the store: each page route names the store
 * families it shows (every public page shows the site settings through its layout), the CDN keeps the page under
 * those tags until a write purges one of them, and the warmer asks again for the pages a purge emptied
 * (`pathsToWarm`). One table, read by the page middleware (src/middleware.ts) and by the purge's warmer.
 */
import { ARTICLES_PATH, ARTICLES_PER_PAGE, articlePath, shareImagePath, tagPath } from './articles.ts';
import { caseStudyPath } from './case-studies.ts';
import { COURSE_LEVELS, COURSE_MODES, coursePath } from './catalogue.ts';
import { contentFamilies, enrollCourseFamily, settingsFamily, statsFamily } from './collections.ts';
import type { PublicContentFamilyKey } from '../families/index.ts';

/** The CDN keeps a page until a purge (a year at most); browsers always revalidate. */
export const PAGE_MAX_AGE_SECONDS = 31_536_000;
/** How long the CDN may answer with the old page while it renders the new one in the background. */
export const PAGE_STALE_WHILE_REVALIDATE_SECONDS = 86_400;
/** How long the CDN may answer with the last good page while rendering fails (the store down, a bad deploy). */
export const PAGE_STALE_IF_ERROR_SECONDS = 604_800;
/** An unknown address is kept briefly: a slug that gets published is shown within this without any purge. */
export const NOT_FOUND_MAX_AGE_SECONDS = 60;
/** What browsers get: they may keep nothing without asking, since a browser's copy cannot be purged. */
export const BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const tagOf = (key: PublicContentFamilyKey) => contentFamilies[key].cacheTag;
const catalogue = [tagOf('course'), tagOf('trainer'), tagOf('batch')];
const articles = [tagOf('article'), tagOf('trainer')];
const publicFamilyTags = Object.values(contentFamilies)
  .filter((family) => !family.staffOnly)
  .map((family) => family.cacheTag);

/** Which item lists a route's addresses are made from (the warmer's `slugsOf` answers for each). */
export type SlugSource = 'course' | 'article' | 'caseStudy' | 'articleTag';

interface PageRoute {
  /** The families the page shows, the layout's site settings apart (every page has them). */
  readonly reads: readonly string[];
  /** The route's public addresses, given the slugs of its source; a fixed route's address is its pattern. */
  readonly paths?: (slugsOf: SlugsOf) => Promise<readonly string[]>;
}

/** The slugs (or, for `articleTag`, the tag slugs) of the published items of a source, in any order. */
export type SlugsOf = (source: SlugSource) => Promise<readonly string[]>;

const listPages = (base: string, count: number) =>
  Array.from({ length: Math.max(1, Math.ceil(count / ARTICLES_PER_PAGE)) }, (_, index) =>
    index === 0 ? base : `${base}/${index + 1}`,
  );

/** Every public page rendered on demand, by its Astro route pattern. */
export const PAGE_ROUTES = {
  '/': {
    reads: [
      tagOf('homeContent'),
      tagOf('homeService'),
      tagOf('homeCourse'),
      tagOf('learnerTestimonial'),
      statsFamily.cacheTag,
      ...catalogue,
    ],
  },
  '/about': { reads: [tagOf('trainer')] },
  '/services': { reads: [tagOf('homeContent'), tagOf('serviceContent'), tagOf('caseStudy')] },
  '/career': { reads: [tagOf('career')] },
  '/contact': { reads: [] },
  '/enroll': { reads: [enrollCourseFamily.cacheTag, ...catalogue] },
  '/privacy-policy': { reads: [] },
  '/security': { reads: [tagOf('hallOfFame')] },
  '/services/assessment-received': { reads: [] },
  '/verify': { reads: [] },
  '/courses': { reads: catalogue },
  '/courses/[slug]': {
    reads: [...catalogue, tagOf('learnerTestimonial')],
    paths: async (slugsOf) => (await slugsOf('course')).map(coursePath),
  },
  '/courses/[slug]/brochure.pdf': {
    reads: catalogue,
    paths: async (slugsOf) => (await slugsOf('course')).map((slug) => `${coursePath(slug)}/brochure.pdf`),
  },
  '/courses/level/[level]': {
    reads: catalogue,
    paths: async () => COURSE_LEVELS.map((level) => `/courses/level/${level}`),
  },
  '/courses/mode/[mode]': {
    reads: catalogue,
    paths: async () => COURSE_MODES.map((mode) => `/courses/mode/${mode}`),
  },
  '/case-studies': { reads: [tagOf('caseStudy')] },
  '/case-studies/[slug]': {
    reads: [tagOf('caseStudy')],
    paths: async (slugsOf) => (await slugsOf('caseStudy')).map(caseStudyPath),
  },
  '/articles/[...page]': {
    reads: articles,
    paths: async (slugsOf) => listPages(ARTICLES_PATH, (await slugsOf('article')).length),
  },
  '/articles/[slug]': {
    reads: [...articles, ...catalogue, tagOf('serviceContent')],
    paths: async (slugsOf) => (await slugsOf('article')).map(articlePath),
  },
  '/articles/tag/[tag]/[...page]': {
    reads: articles,
    // The first page of each tag: later pages are rare and render on their first visit.
    paths: async (slugsOf) => (await slugsOf('articleTag')).map((slug) => tagPath({ slug })),
  },
  '/share/articles/[slug].png': {
    reads: [tagOf('article')],
    paths: async (slugsOf) => (await slugsOf('article')).map(shareImagePath),
  },
  '/rss.xml': { reads: articles },
  '/.well-known/security.txt': { reads: [] },
  '/sitemap.xml': { reads: publicFamilyTags },
} as const satisfies Record<string, PageRoute>;

export type PageRoutePattern = keyof typeof PAGE_ROUTES;

const routeOf = (pattern: string): PageRoute | undefined =>
  Object.hasOwn(PAGE_ROUTES, pattern) ? PAGE_ROUTES[pattern as PageRoutePattern] : undefined;

/** The cache tags of a route's pages: the families it shows and the site settings; none for an unknown route. */
export function pageTags(pattern: string): string[] {
  const route = routeOf(pattern);
  return route ? [...new Set([settingsFamily.cacheTag, ...route.reads])] : [];
}

export interface PageCacheOptions {
  maxAge: number;
  swr?: number;
  tags: string[];
}

/**
 * How long the CDN keeps one answer of a route: until a purge, or briefly for a 404; never past `nextChange`
 * (epoch ms, the next scheduled change of what the page shows), since nothing purges at that moment, and then
 * with no stale copy served past it. Null when the answer must not be kept (an unknown route, a server error).
 */
export function pageCacheOptions(
  pattern: string,
  status: number,
  nextChange: number | null,
  now: number,
): PageCacheOptions | null {
  const tags = pageTags(pattern);
  if (tags.length === 0 || status >= 500) return null;
  const base = status === 404 ? NOT_FOUND_MAX_AGE_SECONDS : PAGE_MAX_AGE_SECONDS;
  const untilChange = nextChange === null ? null : Math.max(1, Math.ceil((nextChange - now) / 1000));
  if (untilChange !== null && untilChange < base) return { maxAge: untilChange, tags };
  return status === 404
    ? { maxAge: base, tags }
    : { maxAge: base, swr: PAGE_STALE_WHILE_REVALIDATE_SECONDS, tags };
}

/** The CDN's and browsers' headers for a page kept with `options`. */
export function pageCacheHeaders(options: {
  maxAge?: number;
  swr?: number;
  tags?: readonly string[];
}): Headers {
  const headers = new Headers({ 'Cache-Control': BROWSER_CACHE_CONTROL });
  const directives = ['public', 'durable', `s-maxage=${options.maxAge ?? 0}`];
  if (options.swr !== undefined) {
    directives.push(`stale-while-revalidate=${options.swr}`, `stale-if-error=${PAGE_STALE_IF_ERROR_SECONDS}`);
  }
  headers.set('Netlify-CDN-Cache-Control', directives.join(', '));
  if (options.tags?.length) headers.set('Netlify-Cache-Tag', options.tags.join(','));
  return headers;
}

/**
 * The public addresses to ask for again after `tags` were purged: every page of every route that shows one of
 * them, its slug pages listed through `slugsOf` (called once per source needed). Sorted, without repeats.
 */
export async function pathsToWarm(tags: readonly string[], slugsOf: SlugsOf): Promise<string[]> {
  const purged = new Set(tags);
  const asked = new Map<SlugSource, Promise<readonly string[]>>();
  const once: SlugsOf = (source) => {
    let slugs = asked.get(source);
    if (!slugs) asked.set(source, (slugs = slugsOf(source)));
    return slugs;
  };
  const paths = await Promise.all(
    Object.entries(PAGE_ROUTES).map(async ([pattern, route]: [string, PageRoute]) => {
      if (!pageTags(pattern).some((tag) => purged.has(tag))) return [];
      return route.paths ? route.paths(once) : [pattern];
    }),
  );
  return [...new Set(paths.flat())].sort();
}
