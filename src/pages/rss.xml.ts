/** The articles' RSS feed, newest first, with @astrojs/rss; each item's description is its summary. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { publishedArticles } from '../article-data.ts';
import { articlePath, RSS_PATH } from '../lib/articles.ts';
import { ARTICLES_PAGE } from '../lib/page-words.ts';
import { siteConfig } from '../lib/site-config.ts';

/** Rendered when asked for, from the store; the CDN keeps it until a write purges its tags (src/lib/page-cache.ts). */
export const prerender = false;

export const GET: APIRoute = async ({ site }) => {
  const articles = await publishedArticles();
  const self = new URL(RSS_PATH, site ?? siteConfig.siteUrl).href;
  return rss({
    title: ARTICLES_PAGE.feedTitle,
    description: ARTICLES_PAGE.feedDescription,
    site: site ?? new URL(siteConfig.siteUrl),
    // The site's addresses have no trailing slash (astro.config.mjs trailingSlash 'never').
    trailingSlash: false,
    items: articles.map((article) => ({
      title: article.title,
      link: articlePath(article.slug),
      pubDate: new Date(article.published),
      description: article.summary,
      categories: article.tagList.map((tag) => tag.name),
    })),
    // The feed names its own address (atom:link rel="self"), as feed validators ask of RSS 2.0.
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>en-in</language><atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
  });
};
