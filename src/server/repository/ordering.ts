/** The order rules both adapters share, so a list reads the same on Redis and on Blobs. */
import { newId } from './ids.ts';
import { REVISIONS_KEPT, type Revision, type StoredItem } from './port.ts';

/**
 * Items in their order: the ids of the last reorder that still exist, then every other item (new since, or
 * never ordered) oldest first. A deleted id left in the order is skipped, so a restore finds its place again.
 */
export function arrange(items: StoredItem[], orderedIds: readonly string[]): StoredItem[] {
  const byId = new Map(items.map((item) => [item._id, item]));
  const placed: StoredItem[] = [];
  for (const id of orderedIds) {
    const item = byId.get(id);
    if (item) {
      placed.push(item);
      byId.delete(id);
    }
  }
  const rest = [...byId.values()].sort((a, b) => (a._id < b._id ? -1 : 1));
  return [...placed, ...rest];
}

/** True when `ids` lists every one of `current` exactly once and nothing else. */
export function isPermutation(ids: readonly string[], current: readonly string[]): boolean {
  if (ids.length !== current.length) return false;
  const wanted = new Set(ids);
  return wanted.size === ids.length && current.every((id) => wanted.has(id));
}

/**
 * The revisions one update writes, oldest first: the version it replaced when the item has no history yet
 * (an item created before history existed, or never updated), then the new version.
 */
export function revisionsOfUpdate(previous: StoredItem, item: StoredItem, hasHistory: boolean): Revision[] {
  const first: Revision[] = hasHistory ? [] : [{ rev: newId(), savedAt: previous.updatedAt, data: previous }];
  return [...first, { rev: newId(), savedAt: item.updatedAt, data: item }];
}

export const newestRevisions = (revisions: Revision[]) =>
  [...revisions].sort((a, b) => (a.rev < b.rev ? 1 : -1)).slice(0, REVISIONS_KEPT);
