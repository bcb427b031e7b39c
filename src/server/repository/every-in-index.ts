/**
 * Every item of one index (a batch's enrolments, its waitlist, its certificates), a page at a time through the
 * repository's sorted index: what it reads follows the index's size, never the collection's.
 */
import type { IndexEntry } from './indexes.ts';
import type { CollectionName, Repository, StoredItem } from './port.ts';

const PAGE = 500;

export async function everyInIndex(
  repository: Pick<Repository, 'listPageBy'>,
  collection: CollectionName,
  by: IndexEntry,
): Promise<StoredItem[]> {
  const found: StoredItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await repository.listPageBy(collection, by, { limit: PAGE, cursor });
    found.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}
