/** The articles' RSS feed (issue 24), newest first, with @astrojs/rss; each item's description is its summary. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { publishedArticles } from '../article-data.ts';
import { articlePath } from '../lib/articles.ts';
import { ARTICLES_PAGE } from '../lib/page-words.ts';
import { siteConfig } from '../lib/site-config.ts';

export const GET: APIRoute = async ({ site }) => {
  const articles = await publishedArticles();
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
    customData: '<language>en-in</language>',
  });
};
