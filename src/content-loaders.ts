/**
 * What the build reads of a content family (src/content.config.ts), apart from Astro so it can be tested on a real
 * store: drafts left out, each item with its position in the admin's order (the repository lists it so). Astro's
 * data store does not keep the loader's order (it sorts entries by id), so pages sort by that position
 * (src/content-order.ts).
 */
import type { Repository, StoredItem } from './server/repository/port.ts';

export async function publishedItems(
  repository: Repository,
  key: string,
): Promise<(StoredItem & { position: number; id: string })[]> {
  const items = await repository.list(key);
  return items
    .map((item, position) => ({ item, position }))
    .filter(({ item }) => item.published !== false)
    .map(({ item, position }) => ({ ...item, position, id: item._id }));
}
