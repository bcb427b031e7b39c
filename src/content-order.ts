/**
 * A content family as pages show it: published items in the admin's order. The loaders in content.config.ts
 * return items in that order, but Astro's data store sorts every collection's entries by id when it writes them
 * (deterministic output, astro/dist/content/data-store-writer.js), so `getCollection` answers in creation order
 * whatever the loader returned. Each item carries the `position` the loader gave it; pages read content families
 * only through here, so the order survives the store.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { ContentFamilyKey } from './lib/collections.ts';

const positionOf = (data: unknown) => (data as { position?: number }).position ?? Number.MAX_SAFE_INTEGER;

export async function orderedContent<K extends ContentFamilyKey>(
  key: K,
): Promise<CollectionEntry<K>['data'][]> {
  const entries: CollectionEntry<K>[] = await getCollection(key);
  return entries.map((entry) => entry.data).sort((a, b) => positionOf(a) - positionOf(b));
}
