/**
 * The repository over Netlify Blobs: the embedded default when no Redis is configured.
 *
 * One key per item, named by its time-ordered id, so concurrent creates and updates of different items never
 * touch the same key and a listing in key order is insertion order. Everything that must be decided by exactly
 * one writer (unique names, leases, flags) is a fresh key written with `onlyIfNew`, which Blobs applies
 * atomically; nothing is read-modify-written under an ETag, so no update can be lost to a stale read.
 */
import { getStore, type Store } from '@netlify/blobs';
import type { CollectionKey } from '../../lib/collections.ts';
import { idTime, isId, newId } from './ids.ts';
import { BLOB_STORES, UNIQUE_FIELDS, blobKeys, normaliseUnique } from './keys.ts';
import {
  StoreUnavailableError,
  UniqueConflictError,
  type DocumentKey,
  type Page,
  type Repository,
  type StoredItem,
} from './port.ts';

export interface BlobsConnection {
  siteID: string;
  token: string;
  edgeURL?: string;
  uncachedEdgeURL?: string;
  apiURL?: string;
}

export interface BlobsRepositoryOptions {
  /** A ready store (tests). */
  store?: Store;
  /** Explicit connection; without it the store comes from the environment (NETLIFY_BLOBS_CONTEXT). */
  connection?: BlobsConnection;
  /** Store name; defaults to BLOB_STORES.content. */
  name?: string;
  /**
   * Longest wait for one operation. The Blobs client retries a dead backend for half a minute; a function
   * should answer 503 long before its own timeout turns that into a bare 502.
   */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8_000;
/** A unique-name claim whose item never appeared (a crash between the two writes) is reclaimable after this. */
const STALE_UNIQUE_CLAIM_MS = 60_000;
/** Taken-flag markers only guard against a concurrent taker; an hour is far beyond any function's life. */
const TAKEN_MARKER_TTL_MS = 3_600_000;

interface UniqueClaim {
  id: string;
  claimedAt: number;
}

const unavailable = (cause: unknown) =>
  new StoreUnavailableError('The content store is unavailable.', { cause });

export function createBlobsRepository(options: BlobsRepositoryOptions = {}): Repository {
  const name = options.name ?? BLOB_STORES.content;
  let store = options.store;
  const getContentStore = (): Store =>
    (store ??= options.connection
      ? getStore({ name, ...options.connection, consistency: 'strong' })
      : getStore({ name, consistency: 'strong' }));

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  /** Every backend call goes through here: any failure (network, auth, 5xx, missing context) is "unavailable". */
  async function call<T>(operation: (blobs: Store) => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([operation(getContentStore()), deadline]);
    } catch (error) {
      throw unavailable(error);
    } finally {
      clearTimeout(timer);
    }
  }

  const readJSON = <T>(key: string) => call((blobs) => blobs.get(key, { type: 'json' }) as Promise<T | null>);
  const writeJSON = (key: string, value: unknown, onlyIfNew = false) =>
    call((blobs) => blobs.setJSON(key, value, onlyIfNew ? { onlyIfNew: true } : {}));
  const remove = (key: string) => call((blobs) => blobs.delete(key));
  const listKeys = (prefix: string) =>
    call(async (blobs) =>
      (await blobs.list({ prefix })).blobs.map((blob) => blob.key.slice(prefix.length)).sort(),
    );

  const itemIds = async (collection: CollectionKey) =>
    (await listKeys(blobKeys.itemPrefix(collection))).filter(isId);

  async function readItems(collection: CollectionKey, ids: string[]): Promise<StoredItem[]> {
    const items = await Promise.all(ids.map((id) => readJSON<StoredItem>(blobKeys.item(collection, id))));
    // An item deleted between the listing and the read is simply gone.
    return items.filter((item): item is StoredItem => item !== null);
  }

  async function get(collection: CollectionKey, id: string): Promise<StoredItem | null> {
    return isId(id) ? readJSON<StoredItem>(blobKeys.item(collection, id)) : null;
  }

  /** Claims a unique value for `id`; throws UniqueConflictError when someone else holds it. */
  async function claimUnique(collection: CollectionKey, field: string, value: unknown, id: string) {
    if (normaliseUnique(value) === '') return;
    const key = blobKeys.unique(collection, String(value));
    const claim: UniqueClaim = { id, claimedAt: Date.now() };
    if ((await writeJSON(key, claim, true)).modified) return;
    const holder = await readJSON<UniqueClaim>(key);
    const orphaned =
      holder !== null &&
      Date.now() - holder.claimedAt > STALE_UNIQUE_CLAIM_MS &&
      (await get(collection, holder.id)) === null;
    if (orphaned) {
      await remove(key);
      if ((await writeJSON(key, claim, true)).modified) return;
    }
    throw new UniqueConflictError(field);
  }

  async function releaseUnique(collection: CollectionKey, value: unknown, id: string) {
    if (normaliseUnique(value) === '') return;
    const key = blobKeys.unique(collection, String(value));
    const holder = await readJSON<UniqueClaim>(key);
    if (holder?.id === id) await remove(key);
  }

  const withoutUndefined = (item: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));

  async function acquireLease(leaseName: string, ttlMs: number): Promise<boolean> {
    const generations = (await listKeys(blobKeys.leasePrefix(leaseName)))
      .map(Number)
      .filter(Number.isInteger);
    const latest = generations.at(-1);
    if (latest !== undefined) {
      const held = await readJSON<{ expiresAt: number }>(blobKeys.leaseGeneration(leaseName, latest));
      if (held && held.expiresAt > Date.now()) return false;
    }
    const next = latest === undefined ? 0 : latest + 1;
    const won = await writeJSON(
      blobKeys.leaseGeneration(leaseName, next),
      { expiresAt: Date.now() + ttlMs },
      true,
    );
    if (!won.modified) return false;
    // Keep the previous generation, so a late contender that saw it as the latest still collides on `next`.
    await Promise.all(
      generations.filter((g) => g < next - 1).map((g) => remove(blobKeys.leaseGeneration(leaseName, g))),
    );
    return true;
  }

  async function takeFlag(flagName: string): Promise<boolean> {
    const raised = (await listKeys(blobKeys.flagRaisedPrefix(flagName))).filter(isId);
    const newest = raised.at(-1);
    if (newest === undefined) return false;
    if (!(await writeJSON(blobKeys.flagTaken(flagName, newest), {}, true)).modified) return false;
    // The newest raise goes last: a concurrent taker listing meanwhile still sees it and loses the claim above.
    await Promise.all(raised.slice(0, -1).map((id) => remove(blobKeys.flagRaised(flagName, id))));
    await remove(blobKeys.flagRaised(flagName, newest));
    const takenPrefix = blobKeys.flagTakenPrefix(flagName);
    const cutoff = Date.now() - TAKEN_MARKER_TTL_MS;
    const oldMarkers = (await listKeys(takenPrefix)).filter((id) => isId(id) && idTime(id) < cutoff);
    await Promise.all(oldMarkers.map((id) => remove(blobKeys.flagTaken(flagName, id))));
    return true;
  }

  /**
   * A fixed window with one slot key per allowed hit: a hit claims the first free slot with `onlyIfNew`, so
   * exactly `limit` hits win per window however many arrive at once, and refused hits store nothing.
   */
  async function hit(bucket: string, identifier: string, limit: number, windowSeconds: number) {
    const windowMs = windowSeconds * 1000;
    const now = Date.now();
    const window = Math.floor(now / windowMs);
    const prefix = blobKeys.rateHitPrefix(bucket, identifier);
    const keys = await listKeys(prefix);
    const old = keys.filter((key) => Number(key.split('/')[0]) < window);
    await Promise.all(old.map((key) => remove(prefix + key)));
    const slotKey = (slot: number) => blobKeys.rateHit(bucket, identifier, window) + slot;
    const taken = keys.filter((key) => key.startsWith(`${window}/`)).length;
    for (let slot = taken; slot < limit; slot++) {
      if ((await writeJSON(slotKey(slot), now, true)).modified)
        return { allowed: true, retryAfterSeconds: 0 };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)),
    };
  }

  return {
    backend: 'blobs',

    async list(collection) {
      return readItems(collection, await itemIds(collection));
    },

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
      const id = newId();
      const now = new Date().toISOString();
      const item = { ...withoutUndefined(fields), _id: id, createdAt: now, updatedAt: now } as StoredItem;
      const uniqueField = UNIQUE_FIELDS[collection];
      if (uniqueField) await claimUnique(collection, uniqueField, item[uniqueField], id);
      try {
        await writeJSON(blobKeys.item(collection, id), item);
      } catch (error) {
        if (uniqueField) await releaseUnique(collection, item[uniqueField], id).catch(() => undefined);
        throw error;
      }
      return item;
    },

    async update(collection, id, fields) {
      const previous = await get(collection, id);
      if (!previous) return null;
      const merged = { ...previous, ...fields, _id: previous._id, createdAt: previous.createdAt };
      const item = { ...withoutUndefined(merged), updatedAt: new Date().toISOString() } as StoredItem;
      const uniqueField = UNIQUE_FIELDS[collection];
      const uniqueChanged =
        uniqueField !== undefined &&
        normaliseUnique(item[uniqueField]) !== normaliseUnique(previous[uniqueField]);
      if (uniqueChanged) await claimUnique(collection, uniqueField, item[uniqueField], id);
      try {
        await writeJSON(blobKeys.item(collection, id), item);
      } catch (error) {
        if (uniqueChanged) await releaseUnique(collection, item[uniqueField], id).catch(() => undefined);
        throw error;
      }
      if (uniqueChanged) await releaseUnique(collection, previous[uniqueField], id);
      return { item, previous };
    },

    async delete(collection, id) {
      const previous = await get(collection, id);
      if (!previous) return null;
      await remove(blobKeys.item(collection, id));
      const uniqueField = UNIQUE_FIELDS[collection];
      if (uniqueField) await releaseUnique(collection, previous[uniqueField], id);
      return previous;
    },

    getDocument<T>(key: DocumentKey) {
      return readJSON<T>(blobKeys.document(key));
    },

    async setDocument<T>(key: DocumentKey, value: T) {
      await writeJSON(blobKeys.document(key), value);
    },

    acquireLease,

    async raiseFlag(flagName) {
      await writeJSON(blobKeys.flagRaised(flagName, newId()), {});
    },

    takeFlag,
    hit,

    async ping() {
      await call((blobs) => blobs.list({ prefix: 'ping/' }));
    },
  };
}
