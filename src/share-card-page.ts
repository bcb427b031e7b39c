/**
 * An article's 1200 × 630 share picture (src/server/images/share-card.ts), made when it is asked for from the
 * stored article and its cover. Loaded by its page with `import()`: sharp comes into the page function with the
 * first share picture asked for, never with the other pages.
 */
import { orderedContent } from './content-order.ts';
import { contentFamilies } from './lib/collections.ts';
import { brandName } from './lib/site-config.ts';
import { createImageService } from './server/images/image-service.ts';
import { keptShareCard } from './server/images/share-card.ts';

/** The PNG of the published article with `slug`, or null when there is none. */
export async function articleSharePicture(slug: string): Promise<Buffer | null> {
  const article = (await orderedContent('article')).find((candidate) => candidate.slug === slug);
  if (!article) return null;
  const { folder } = contentFamilies.article.image!;
  const cover =
    typeof article.image === 'string' && article.image !== ''
      ? ((await createImageService().read(folder, article.image))?.body ?? null)
      : null;
  return (await keptShareCard({ title: article.title, brand: brandName, cover })).png;
}
