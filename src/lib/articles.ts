/**
 * Articles as the pages show them: their addresses, order, author line, reading time, tag pages and
 * structured data. Pure, so it is tested without a build; the pages join the build's collections through
 * src/article-data.ts.
 */
import type { ShownCourse } from './catalogue.ts';
import { slugify } from './fields/slug.ts';
import { renderMarkdown, type Highlight } from './markdown.ts';
import type { PublicItem } from './public-items.ts';

export const ARTICLES_PATH = '/articles';
export const articlePath = (slug: string) => `${ARTICLES_PATH}/${slug}`;
/**
 * The share picture of an article, made after the build by the `delta:share-cards` step of astro.config.mjs. Not under
 * /articles/{slug}/: a folder named like a page beside `{slug}.html` would make the page's address ambiguous.
 */
export const shareImagePath = (slug: string) => `/share/articles/${slug}.png`;
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
export const RSS_PATH = '/rss.xml';
/** Articles per list page (/articles, /articles/2, …, and each tag's pages). */
export const ARTICLES_PER_PAGE = 10;
/** Silent reading speed used for the "min read" line. */
export const WORDS_PER_MINUTE = 200;

export type Article = PublicItem<'article'>;

/** An article as the pages show it: its slug always set, its dates and its derived lines. */
export interface ShownArticle extends Article {
  slug: string;
  slugHistory: string[];
  /** UTC ISO: the stored first-published time, else when it was created. */
  published: string;
  /** UTC ISO: its last change. */
  updated: string;
  readingMinutes: number;
  /** The trainer's name, or the staff name typed instead. */
  authorLabel: string;
  /** The trainer's role, when the author is a trainer. */
  authorRole: string | null;
  tagList: readonly Tag[];
}

/** What an article's page shows in its `<main>` (src/components/ArticleBody.astro): the page and its preview. */
export interface ArticleBodyProps {
  article: ShownArticle;
  /** The body as safe HTML: coloured by Shiki on the page, uncoloured in a preview. */
  body: string;
  /** The related course, when published (its next batch ends the page). */
  course?: ShownCourse | undefined;
  /** The related service, when published. */
  service?: { title: string } | undefined;
}

export interface Tag {
  name: string;
  slug: string;
}

export const tagPath = (tag: Pick<Tag, 'slug'>) => `${ARTICLES_PATH}/tag/${tag.slug}`;

/** A tag as its address names it; a tag with nothing Latin in it keeps a readable, URL-safe form of itself. */
export const tagOf = (name: string): Tag => ({
  name,
  slug: slugify(name, 60) || encodeURIComponent(name.trim().toLowerCase().replace(/\s+/g, '-')),
});

/**
 * Whole minutes to read the markdown source at WORDS_PER_MINUTE, at least 1. Code blocks count as words too
 * (readers skim them, but they take the page's length), markup characters do not.
 */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .split(/[\s#*_`>|[\]()-]+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/**
 * An article's body as its page shows it: the one sanitising markdown renderer (raw HTML shown as text, only web,
 * mail and site links), code coloured by `highlight` when given (Shiki, in the build), and tables in their own
 * focusable scroll region, so a wide one scrolls sideways inside it on a narrow screen, not the whole page.
 */
export const articleBodyHtml = (source: string, highlight?: Highlight) =>
  renderMarkdown(source, highlight ? { highlight } : {})
    .replaceAll('<table>', '<div class="table-scroll" tabindex="0"><table>')
    .replaceAll('</table>', '</table></div>');

/** Newest first by first-published time, then by title, so the order is stable. */
export const newestFirst = <T extends Pick<ShownArticle, 'published' | 'title'>>(
  articles: readonly T[],
): T[] =>
  [...articles].sort((a, b) => b.published.localeCompare(a.published) || a.title.localeCompare(b.title));

/** Every tag in use, by address, with its articles (newest first), tags in name order. */
export function tagsOf(articles: readonly ShownArticle[]): { tag: Tag; articles: ShownArticle[] }[] {
  const bySlug = new Map<string, { tag: Tag; articles: ShownArticle[] }>();
  for (const article of newestFirst(articles)) {
    for (const tag of article.tagList) {
      const entry = bySlug.get(tag.slug) ?? { tag, articles: [] };
      if (!entry.articles.includes(article)) entry.articles.push(article);
      bySlug.set(tag.slug, entry);
    }
  }
  return [...bySlug.values()].sort((a, b) => a.tag.name.localeCompare(b.tag.name));
}

interface Trainer {
  _id: string;
  name: string;
  role?: string | undefined;
}

interface Stored {
  _id: string;
  createdAt?: string | undefined;
  updatedAt?: string | undefined;
  slugHistory?: readonly string[] | undefined;
}

/** The published articles with their derived lines, newest first. */
export function shownArticles(
  articles: readonly Article[],
  stored: readonly Stored[],
  trainers: readonly Trainer[],
): ShownArticle[] {
  return newestFirst(
    articles.map((article) => {
      const meta = stored.find((item) => item._id === article._id);
      const trainer = article.author
        ? trainers.find((candidate) => candidate._id === article.author)
        : undefined;
      const published = article.publishedOn || meta?.createdAt || '';
      const tags = (article.tags ?? []).map(tagOf);
      return {
        ...article,
        // Always stored (the API derives one from the title); the item type leaves it optional, as its input is.
        slug: article.slug ?? '',
        slugHistory: [...(meta?.slugHistory ?? [])],
        published,
        updated: [meta?.updatedAt ?? '', published].sort().at(-1) ?? published,
        readingMinutes: readingMinutes(article.body),
        authorLabel: trainer?.name ?? article.authorName ?? '',
        authorRole: trainer?.role || null,
        // One entry per address: "Web security" and "web security" are the same tag.
        tagList: tags.filter((tag, index) => tags.findIndex((other) => other.slug === tag.slug) === index),
      };
    }),
  );
}

interface Site {
  name: string;
  url: string;
  logo: string;
}

/** An article page's `Article` (schema.org; Google's Article rich result: headline, image, dates, author). */
export function articleJsonLd(
  article: ShownArticle,
  pageUrl: string,
  image: string,
  publisher: Site,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    url: pageUrl,
    mainEntityOfPage: pageUrl,
    image: [image],
    datePublished: article.published,
    dateModified: article.updated,
    author: article.authorRole
      ? { '@type': 'Person', name: article.authorLabel, jobTitle: article.authorRole }
      : { '@type': 'Person', name: article.authorLabel },
    publisher: {
      '@type': 'Organization',
      name: publisher.name,
      url: publisher.url,
      logo: { '@type': 'ImageObject', url: publisher.logo },
    },
    ...(article.tagList.length > 0 ? { keywords: article.tagList.map((tag) => tag.name).join(', ') } : {}),
    timeRequired: `PT${article.readingMinutes}M`,
  };
}

/** The trail Home › Articles › this page, as `BreadcrumbList`. */
export function breadcrumbJsonLd(trail: readonly { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}
