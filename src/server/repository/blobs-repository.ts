/**
 * Stored items over Netlify Blobs: the embedded default when no Redis is configured.
 *
 * One key per item, named by its time-ordered id, so concurrent creates and updates of different items never
 * touch the same key and a listing in key order is insertion order. Everything that must be decided by exactly
 * one writer (unique names, order generations) is a fresh key written with `onlyIfNew`, which Blobs applies
 * atomically; nothing is read-modify-written under an ETag. An edit first claims its version number with
 * `onlyIfNew` (`versions/…`), so of two edits made from the same version exactly one lands and the other
 * re-reads (or, with `expectedVersion`, is refused).
 */
import { isId } from './ids.ts';
import { blobKeys } from './keys.ts';
import {
  arrange,
  checkExpectedVersion,
  countsAs,
  isPermutation,
  itemToPut,
  keptChanging,
  keptRevisions,
  newItem,
  newestDeletedFirst,
  newestRevisions,
  nextVersion,
  revisionsOfUpdate,
  trashEntry,
  claimChanges,
  freedOnRemoval,
  updatedItem,
  type UniqueClaim,
  type UniqueRule,
} from './policy.ts';
import {
  OrderConflictError,
  StoreUnavailableError,
  versionOf,
  type DocumentKey,
  type Page,
  type Repository,
  type Revision,
  type StoredItem,
  type TrashEntry,
  type CollectionName,
} from './port.ts';
import { blobsClaims } from './blobs-claims.ts';
import { openBlobs, type BlobsOptions } from './blobs-connection.ts';
import { REGISTRY_UNIQUE_RULE } from './unique.ts';
import { blobsIndexes } from './blobs-indexes.ts';
import { REGISTRY_INDEX_RULE, type IndexRule } from './indexes.ts';

/** Tries at claiming the next order generation while other admins reorder the same collection. */
const ORDER_ATTEMPTS = 8;
/**
 * Tries at writing an edit while another writer holds the claim on the next version (its write is under way).
 * Spaced by VERSION_RETRY_MS × attempt, so about 1.4 s in all: far longer than one item write takes.
 */
const VERSION_ATTEMPTS = 10;
const VERSION_RETRY_MS = 25;
/**
 * A version claim whose item never reached that version is skipped after this: its writer died between the two
 * writes. Far beyond a function's life, so a claim this old has no writer left that could still land.
 */
const STALE_VERSION_CLAIM_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createBlobsRepository(
  options: BlobsOptions & { unique?: UniqueRule; indexes?: IndexRule } = {},
): Repository {
  const { call, readJSON, writeJSON, remove, listKeys } = openBlobs(options);
  const rule = options.unique ?? REGISTRY_UNIQUE_RULE;

  const itemIds = async (collection: CollectionName) =>
    (await listKeys(blobKeys.itemPrefix(collection))).filter(isId);

  async function readItems(collection: CollectionName, ids: string[]): Promise<StoredItem[]> {
    const items = await Promise.all(ids.map((id) => readJSON<StoredItem>(blobKeys.item(collection, id))));
    // An item deleted between the listing and the read is simply gone.
    return items.filter((item): item is StoredItem => item !== null);
  }

  async function get(collection: CollectionName, id: string): Promise<StoredItem | null> {
    return isId(id) ? readJSON<StoredItem>(blobKeys.item(collection, id)) : null;
  }

  const claims = blobsClaims({ readJSON, writeJSON, remove, listKeys }, rule, get);
  const { claimAll, releaseAll } = claims;
  const indexRule = options.indexes ?? REGISTRY_INDEX_RULE;
  const { join, leave, ...indexReads } = blobsIndexes(
    { readJSON, writeJSON, remove, listKeys },
    indexRule,
    get,
  );

  /**
   * The version an edit of `previous` may write: the first from its next version on that this writer claims
   * with `onlyIfNew`. Null while another writer holds the next claim and is still writing (the caller re-reads);
   * a claim left by a writer that died is skipped, never taken over, so two writers never share a version.
   */
  async function claimVersion(collection: CollectionName, previous: StoredItem) {
    for (let version = nextVersion(previous); ; version++) {
      const key = blobKeys.versionClaim(collection, previous._id, version);
      if ((await writeJSON(key, { claimedAt: Date.now() }, true)).modified) return version;
      const holder = await readJSON<{ claimedAt?: number }>(key);
      const stale = holder !== null && Date.now() - (holder.claimedAt ?? 0) > STALE_VERSION_CLAIM_MS;
      if (!stale) return null;
    }
  }

  const orderGenerations = async (collection: CollectionName) =>
    (await listKeys(blobKeys.orderPrefix(collection))).map(Number).filter(Number.isInteger);

  /** The ids of the newest order document (empty when the collection was never reordered). */
  async function orderedIds(collection: CollectionName): Promise<string[]> {
    const latest = (await orderGenerations(collection)).at(-1);
    if (latest === undefined) return [];
    return (await readJSON<{ ids: string[] }>(blobKeys.orderGeneration(collection, latest)))?.ids ?? [];
  }

  /**
   * A new order is a new generation key written with `onlyIfNew`: of two admins reordering at once both
   * land, one after the other, and the newest generation is always one complete order (never a mix).
   */
  async function reorder(collection: CollectionName, ids: readonly string[]): Promise<StoredItem[]> {
    for (let attempt = 0; attempt < ORDER_ATTEMPTS; attempt++) {
      const [generations, current] = await Promise.all([orderGenerations(collection), itemIds(collection)]);
      if (!isPermutation(ids, current)) throw new OrderConflictError();
      const latest = generations.at(-1);
      const next = latest === undefined ? 0 : latest + 1;
      const won = await writeJSON(blobKeys.orderGeneration(collection, next), { ids }, true);
      if (!won.modified) continue;
      // Keep the previous generation, so a late contender that saw it as the latest still collides on `next`.
      await Promise.all(
        generations.filter((g) => g < next - 1).map((g) => remove(blobKeys.orderGeneration(collection, g))),
      );
      return arrange(await readItems(collection, [...ids]), ids);
    }
    throw new StoreUnavailableError('The order kept changing; try again.');
  }

  async function revisions(collection: CollectionName, id: string): Promise<Revision[]> {
    if (!isId(id)) return [];
    const prefix = blobKeys.revisionPrefix(collection, id);
    const { kept } = keptRevisions((await listKeys(prefix)).filter(isId));
    const read = await Promise.all(kept.map((rev) => readJSON<Revision>(prefix + rev)));
    return newestRevisions(read.filter((revision): revision is Revision => revision !== null));
  }

  /** Each version is its own key, so concurrent updates of one item both stay in its history. */
  async function keepRevisions(collection: CollectionName, previous: StoredItem, item: StoredItem) {
    const prefix = blobKeys.revisionPrefix(collection, item._id);
    const existing = (await listKeys(prefix)).filter(isId);
    const added = revisionsOfUpdate(previous, item, existing.length > 0);
    for (const revision of added)
      await writeJSON(blobKeys.revision(collection, item._id, revision.rev), revision);
    const { dropped } = keptRevisions([...existing, ...added.map((revision) => revision.rev)]);
    await Promise.all(dropped.map((rev) => remove(prefix + rev)));
  }

  /** Writes one edit (or bookkeeping) of an item: its unique name moves with it, and an edit joins its history. */
  async function writeUpdate(
    collection: CollectionName,
    previous: StoredItem,
    fields: Record<string, unknown>,
    /** The claimed version of an edit; null for bookkeeping. */
    version: number | null,
    /** Undoes what was done for this write when the item was not written. */
    unwritten: () => Promise<void>,
  ) {
    const item = updatedItem(previous, fields, version);
    const { taken, released } = claimChanges(rule, collection, previous, item);
    let written: UniqueClaim[];
    try {
      written = await claimAll(collection, item._id, taken);
    } catch (error) {
      await unwritten();
      throw error;
    }
    try {
      await join(collection, previous, item);
      await writeJSON(blobKeys.item(collection, item._id), item);
    } catch (error) {
      await releaseAll(collection, item._id, written).catch(() => undefined);
      await unwritten();
      throw error;
    }
    await releaseAll(collection, item._id, released);
    await leave(collection, previous, item);
    if (version !== null) await keepRevisions(collection, previous, item);
    return { item, previous };
  }

  /** The item is written to the trash before it leaves its collection: a crash between leaves a copy, never none. */
  async function trash(collection: CollectionName, id: string, deletedAt: string) {
    const item = await get(collection, id);
    if (!item) return null;
    const entry = trashEntry(collection, item, deletedAt);
    await writeJSON(blobKeys.trash(collection, id), entry);
    await remove(blobKeys.item(collection, id));
    await releaseAll(collection, id, freedOnRemoval(rule(collection, item)));
    await leave(collection, item, null);
    return entry;
  }

  async function listTrash(): Promise<TrashEntry[]> {
    const tails = await listKeys(blobKeys.trashPrefix);
    const entries = await Promise.all(tails.map((tail) => readJSON<TrashEntry>(blobKeys.trashPrefix + tail)));
    return newestDeletedFirst(entries.filter((entry): entry is TrashEntry => entry !== null));
  }

  async function restoreFromTrash(collection: CollectionName, id: string): Promise<StoredItem | null> {
    if (!isId(id)) return null;
    const entry = await readJSON<TrashEntry>(blobKeys.trash(collection, id));
    if (!entry) return null;
    await claimAll(collection, id, rule(collection, entry.item));
    await join(collection, null, entry.item);
    // `onlyIfNew`: of two concurrent restores exactly one writes the item back.
    const written = await writeJSON(blobKeys.item(collection, id), entry.item, true);
    if (!written.modified) return null;
    await remove(blobKeys.trash(collection, id));
    return entry.item;
  }

  async function purgeFromTrash(collection: CollectionName, id: string): Promise<TrashEntry | null> {
    if (!isId(id)) return null;
    const entry = await readJSON<TrashEntry>(blobKeys.trash(collection, id));
    if (!entry) return null;
    await remove(blobKeys.trash(collection, id));
    const prefix = blobKeys.revisionPrefix(collection, id);
    await Promise.all((await listKeys(prefix)).map((rev) => remove(prefix + rev)));
    await dropVersionClaims(collection, id, 0);
    return entry;
  }

  /** Forgets the claims on versions above `above`: the item is gone, or was put back at that version. */
  async function dropVersionClaims(collection: CollectionName, id: string, above: number) {
    const prefix = blobKeys.versionClaimPrefix(collection, id);
    const claimed = (await listKeys(prefix)).filter((tail) => Number(tail) > above);
    await Promise.all(claimed.map((tail) => remove(prefix + tail)));
  }

  return {
    backend: 'blobs',
    ...indexReads,

    async list(collection) {
      const [ids, ordered] = await Promise.all([itemIds(collection), orderedIds(collection)]);
      return arrange(await readItems(collection, ids), ordered);
    },

    reorder,
    revisions,
    trash,
    listTrash,
    restoreFromTrash,
    purgeFromTrash,

    async listPage(collection, { limit, cursor }): Promise<Page> {
      const newestFirst = (await itemIds(collection)).reverse();
      const after = cursor && isId(cursor) ? newestFirst.filter((id) => id < cursor) : newestFirst;
      const pageIds = after.slice(0, Math.max(0, limit));
      const nextCursor =
        after.length > pageIds.length && pageIds.length > 0 ? (pageIds.at(-1) ?? null) : null;
      return { items: await readItems(collection, pageIds), nextCursor };
    },

    get,

    async count(collection) {
      return (await itemIds(collection)).length;
    },

    async create(collection, fields) {
      const item = newItem(fields);
      const written = await claimAll(collection, item._id, rule(collection, item));
      try {
        await join(collection, null, item);
        await writeJSON(blobKeys.item(collection, item._id), item);
      } catch (error) {
        await releaseAll(collection, item._id, written).catch(() => undefined);
        throw error;
      }
      return item;
    },

    async update(collection, id, fields, options = {}) {
      const quiet = options.touch === false;
      for (let attempt = 0; attempt < VERSION_ATTEMPTS; attempt++) {
        if (attempt > 0) await sleep(VERSION_RETRY_MS * attempt);
        const previous = await get(collection, id);
        if (!previous) return null;
        checkExpectedVersion(previous, options.expectedVersion);
        // Bookkeeping keeps its version and claims none: it is last-write-wins, as before versions (§6).
        const version = quiet ? null : await claimVersion(collection, previous);
        if (!quiet && version === null) continue;
        // The item never reached this version (a taken name, an outage): the next edit may claim it.
        const unclaim = async () => {
          if (version !== null)
            await remove(blobKeys.versionClaim(collection, id, version)).catch(() => undefined);
        };
        return writeUpdate(collection, previous, fields, version, unclaim);
      }
      throw keptChanging();
    },

    async put(collection, given, options = {}) {
      const item = itemToPut(given);
      const previous = await get(collection, item._id);
      if (options.onlyIfNew && previous) return;
      const { taken, released } = claimChanges(rule, collection, previous, item);
      const claimed = await claimAll(collection, item._id, taken);
      const release = async () => {
        await releaseAll(collection, item._id, claimed).catch(() => undefined);
      };
      let written: { modified: boolean };
      try {
        await join(collection, previous, item);
        written = await writeJSON(blobKeys.item(collection, item._id), item, options.onlyIfNew);
      } catch (error) {
        await release();
        throw error;
      }
      // Only an `onlyIfNew` put is ever not written: another writer stored the item first.
      if (!written.modified) return release();
      await releaseAll(collection, item._id, released);
      if (previous) await leave(collection, previous, item);
      // An item put back at an older version (a backup restore) is edited from that version on.
      await dropVersionClaims(collection, item._id, versionOf(item));
    },

    async delete(collection, id) {
      const previous = await get(collection, id);
      if (!previous) return null;
      await remove(blobKeys.item(collection, id));
      await releaseAll(collection, id, freedOnRemoval(rule(collection, previous)));
      await leave(collection, previous, null);
      await dropVersionClaims(collection, id, 0);
      return previous;
    },

    async tally(collections, field, value) {
      const counts = await Promise.all(
        collections.map(async (collection) => {
          // An indexed field is counted from the index (its markers), any other by reading the items.
          if (indexRule.fields(collection).includes(field)) {
            const [total, matching] = await Promise.all([
              itemIds(collection).then((ids) => ids.length),
              indexReads.countBy(collection, { field, value }),
            ]);
            return [collection, { total, matching }] as const;
          }
          const items = await readItems(collection, await itemIds(collection));
          const matching = items.filter((item) => countsAs(item, field, value));
          return [collection, { total: items.length, matching: matching.length }] as const;
        }),
      );
      return Object.fromEntries(counts);
    },

    claimHolder: claims.holder,
    listClaims: claims.list,
    takeClaim: claims.take,

    getDocument<T>(key: DocumentKey) {
      return readJSON<T>(blobKeys.document(key));
    },

    async setDocument<T>(key: DocumentKey, value: T) {
      await writeJSON(blobKeys.document(key), value);
    },

    async ping() {
      await call((blobs) => blobs.list({ prefix: 'ping/' }));
    },
  };
}
