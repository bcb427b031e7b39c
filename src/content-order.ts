/**
 * A content family as pages show it: published items in the admin's order. The loaders in content.config.ts
 * return items in that order, but Astro's data store sorts every collection's entries by id when it writes them
 * (deterministic output, astro/dist/content/data-store-writer.js), so `getCollection` answers in creation order
 * whatever the loader returned. Each item carries the `position` the loader gave it; pages read content families
 * only through here, so the order survives the store.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { contentFamilies, type ContentFamily, type ContentFamilyKey } from './lib/collections.ts';
import type { PublicContentFamilyKey } from './lib/registry.ts';
import { byPosition, valueFields } from './lib/fields.ts';
import type { ImageFolder } from './lib/families.ts';
import type { PublicItem } from './lib/public-items.ts';

export async function orderedContent<K extends PublicContentFamilyKey>(
  key: K,
): Promise<CollectionEntry<K>['data'][]> {
  const entries: CollectionEntry<K>[] = await getCollection(key);
  return entries.map((entry) => entry.data).sort(byPosition);
}

const familyOf = (key: ContentFamilyKey): ContentFamily => contentFamilies[key];

/**
 * The published items as a page hands them to its sections and islands: the family's own fields (and its
 * picture's), nothing of the server's bookkeeping, typed from the registry (src/lib/public-items.ts).
 */
export async function publicItems<K extends PublicContentFamilyKey>(key: K): Promise<PublicItem<K>[]> {
  const family = familyOf(key);
  const names = [
    '_id',
    ...valueFields(family.fields).map((field) => field.name),
    ...(family.image ? ['image', 'imageWidth', 'imageHeight', 'alt'] : []),
  ];
  return (await orderedContent(key)).map(
    (data) =>
      Object.fromEntries(
        names.flatMap((name) => (name in data ? [[name, (data as Record<string, unknown>)[name]]] : [])),
      ) as PublicItem<K>,
  );
}

/** Where a family's pictures are kept (its image field's folder), for the sections that show them. */
export function imageFolderOf(key: ContentFamilyKey): ImageFolder {
  const { image } = familyOf(key);
  if (!image) throw new Error(`The ${key} family has no picture`);
  return image.folder;
}
