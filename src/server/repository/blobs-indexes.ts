/**
 * The Blobs adapter's indexes (indexes.ts): an entry is an empty marker key per item under its value's folder
 * (`index/{collection}/{field}/{value}/{id}`), so writers of different items never touch one key and no write
 * is read-modify-written. Blobs has no multi-key write: a marker is written before the item joins the index
 * and removed after it left, so the markers are always at least the index; a page reads only the items it
 * shows and checks each one, so a marker left behind by a writer that died is never shown.
 */
import type { BlobsAccess } from './blobs-connection.ts';
import { isId } from './ids.ts';
import {
  holdsEntry,
  indexChanges,
  indexesBuiltOnce,
  INDEX_RULE_VERSION,
  REBUILD_BATCH,
  type IndexEntry,
  type IndexRule,
} from './indexes.ts';
import { blobKeys } from './keys.ts';
import type { CollectionName, Page, Repository, StoredItem } from './port.ts';

export function blobsIndexes(
  {
    readJSON,
    writeJSON,
    remove,
    listKeys,
  }: Pick<BlobsAccess, 'readJSON' | 'writeJSON' | 'remove' | 'listKeys'>,
  rule: IndexRule,
  get: (collection: CollectionName, id: string) => Promise<StoredItem | null>,
) {
  const marker = (collection: CollectionName, entry: IndexEntry, id: string) =>
    blobKeys.indexEntry(collection, entry.field, entry.value, id);

  const mark = (collection: CollectionName, id: string, entries: readonly IndexEntry[]) =>
    Promise.all(entries.map((entry) => writeJSON(marker(collection, entry, id), {})));
  const unmark = (collection: CollectionName, id: string, entries: readonly IndexEntry[]) =>
    Promise.all(entries.map((entry) => remove(marker(collection, entry, id))));

  /** Index ids newest first (the marker keys, listed without reading any item). */
  const entryIds = async (collection: CollectionName, by: IndexEntry) =>
    (await listKeys(blobKeys.indexEntryPrefix(collection, by.field, by.value))).filter(isId).reverse();

  async function build(collection: CollectionName) {
    const ids = (await listKeys(blobKeys.itemPrefix(collection))).filter(isId);
    for (let start = 0; start < ids.length; start += REBUILD_BATCH) {
      const batch = ids.slice(start, start + REBUILD_BATCH);
      const items = await Promise.all(batch.map((id) => get(collection, id)));
      await Promise.all(
        items.map((item) => (item ? mark(collection, item._id, rule.entries(collection, item)) : undefined)),
      );
    }
    await writeJSON(blobKeys.indexed(collection), { version: INDEX_RULE_VERSION });
  }

  const built = indexesBuiltOnce(
    async (collection) =>
      (await readJSON<{ version?: number }>(blobKeys.indexed(collection)))?.version ?? null,
    build,
  );

  const indexed = (collection: CollectionName, field: string) => rule.fields(collection).includes(field);

  /**
   * Before a process first writes a collection: a collection with no indexes recorded and no item is recorded as
   * built, since every item it will hold is written with its markers (Blobs cannot check emptiness in the write
   * itself, as Redis does; only a deploy from before the indexes could write between, and then its items are
   * what a rebuild, which a restore runs, picks up).
   */
  const started = new Map<CollectionName, Promise<void>>();
  function startIfEmpty(collection: CollectionName): Promise<void> {
    if (rule.fields(collection).length === 0) return Promise.resolve();
    let work = started.get(collection);
    if (!work) {
      work = (async () => {
        if ((await readJSON(blobKeys.indexed(collection))) !== null) return;
        const empty = (await listKeys(blobKeys.itemPrefix(collection))).length === 0;
        if (empty) await writeJSON(blobKeys.indexed(collection), { version: INDEX_RULE_VERSION });
      })();
      started.set(collection, work);
      work.catch(() => started.delete(collection));
    }
    return work;
  }

  const reads: Pick<Repository, 'listPageBy' | 'countBy' | 'rebuildIndexes'> = {
    async listPageBy(collection, by, { limit, cursor }): Promise<Page> {
      if (!indexed(collection, by.field)) return { items: [], nextCursor: null };
      await built.ensure(collection);
      const newestFirst = await entryIds(collection, by);
      const after = cursor && isId(cursor) ? newestFirst.filter((id) => id < cursor) : newestFirst;
      const items: StoredItem[] = [];
      let read = 0;
      // Reads a page's worth at a time until the page is full: a stale marker only costs one more read.
      while (items.length < limit && read < after.length) {
        const ids = after.slice(read, read + (limit - items.length));
        read += ids.length;
        const found = await Promise.all(ids.map((id) => get(collection, id)));
        for (const item of found) if (item && holdsEntry(rule, collection, item, by)) items.push(item);
      }
      const last = after[read - 1];
      return { items, nextCursor: read < after.length && last ? last : null };
    },

    async countBy(collection, by) {
      if (!indexed(collection, by.field)) return 0;
      await built.ensure(collection);
      return (await entryIds(collection, by)).length;
    },

    async rebuildIndexes(collection) {
      if (rule.fields(collection).length > 0) await built.rebuild(collection);
    },
  };

  return {
    ...reads,
    /** Before an item's write: the indexes it joins. */
    join: async (collection: CollectionName, previous: StoredItem | null, item: StoredItem) => {
      await startIfEmpty(collection);
      await mark(collection, item._id, indexChanges(rule, collection, previous, item).added);
    },
    /** After an item's write (or removal, `item` null): the indexes it left. */
    leave: (collection: CollectionName, previous: StoredItem, item: StoredItem | null) =>
      unmark(collection, previous._id, indexChanges(rule, collection, previous, item).removed),
  };
}
