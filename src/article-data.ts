/**
 * The published articles as the pages read them at build time: newest first, each with its author line,
 * tags, dates, reading time and earlier slugs (for the redirects of a renamed article). Joined by
 * src/lib/articles.ts; bodies are rendered per page by src/article-body.ts.
 */
import { orderedContent, publicItems } from './content-order.ts';
import { shownArticles, type ShownArticle } from './lib/articles.ts';

export async function publishedArticles(): Promise<ShownArticle[]> {
  const [articles, stored, trainers] = await Promise.all([
    publicItems('article'),
    orderedContent('article'),
    publicItems('trainer'),
  ]);
  return shownArticles(articles, stored, trainers);
}
