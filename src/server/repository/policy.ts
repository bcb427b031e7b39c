/**
 * The item rules both repository adapters share, written once: what a new, edited or put item looks like, how
 * its version counts, what its history keeps, what a trash entry holds, and the order of a list. Each adapter
 * keeps only what its backend must decide atomically (Redis: its Lua scripts; Blobs: its `onlyIfNew` claims) and
 * takes the rest from here, so the two cannot drift apart.
 */
import { isId, newId } from './ids.ts';
import { UNIQUE_FIELDS, normaliseUnique } from './keys.ts';
import {
  REVISIONS_KEPT,
  StoreUnavailableError,
  UniqueConflictError,
  VersionConflictError,
  versionOf,
  type CollectionName,
  type Revision,
  type StoredItem,
  type TrashEntry,
  type UniqueClaim,
} from './port.ts';

export type { UniqueClaim };

// Items

/** A field set to `undefined` is not stored: that is how an update removes it. */
export const withoutUndefined = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined));

/** A new item: the fields with a fresh time-ordered id, created and updated now. */
export function newItem(fields: Record<string, unknown>): StoredItem {
  const id = newId();
  const now = new Date().toISOString();
  return { ...withoutUndefined(fields), _id: id, createdAt: now, updatedAt: now } as StoredItem;
}

/** An item given to `put`, as it is stored; refused before any write unless its id is one of ours (ids.ts). */
export function itemToPut(given: StoredItem): StoredItem {
  if (!isId(given._id)) throw new Error(`Not an item id: ${given._id}`);
  return withoutUndefined(given) as StoredItem;
}

/** Refuses an update made from another version than the stored one, with the item as it is stored. */
export function checkExpectedVersion(previous: StoredItem, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && versionOf(previous) !== expectedVersion)
    throw new VersionConflictError(previous);
}

/** The version an edit writes: one more than the item's (on Blobs, the first such version it can claim). */
export const nextVersion = (previous: StoredItem) => versionOf(previous) + 1;

/**
 * What an update stores: `fields` merged into `previous`, its id and creation date kept. An edit (`version`
 * given) is dated now and takes that version; bookkeeping (`version` null) keeps the date and version it found.
 */
export function updatedItem(
  previous: StoredItem,
  fields: Record<string, unknown>,
  version: number | null,
): StoredItem {
  const merged = {
    ...previous,
    ...fields,
    _id: previous._id,
    createdAt: previous.createdAt,
    version: version ?? previous.version,
  };
  const updatedAt = version === null ? previous.updatedAt : new Date().toISOString();
  return { ...withoutUndefined(merged), updatedAt } as StoredItem;
}

/** The item's value of its family's unique field, normalised; '' when the family has none (or no item). */
export function uniqueValue(collection: CollectionName, item: Record<string, unknown> | null): string {
  const field = UNIQUE_FIELDS[collection];
  return field && item ? normaliseUnique(item[field]) : '';
}

/**
 * One value an item holds that no other item of its collection may hold at the same time: its unique field's
 * value (UNIQUE_FIELDS), or one of its slugs, current and earlier (unique.ts). Compared normalised.
 */
/** The claims a removal (a trash move, a delete) gives back: all but the permanent ones. */
export const freedOnRemoval = (claims: readonly UniqueClaim[]) => claims.filter((claim) => !claim.permanent);

/** The claims an item holds; each adapter takes them atomically with the item's write (unique.ts builds one). */
export type UniqueRule = (collection: CollectionName, item: Record<string, unknown>) => UniqueClaim[];

/** The rule of UNIQUE_FIELDS alone: one claim per item of those collections. */
export const uniqueFieldRule: UniqueRule = (collection, item) => {
  const value = uniqueValue(collection, item);
  return value === '' ? [] : [{ field: UNIQUE_FIELDS[collection] ?? '', value }];
};

const claimId = (claim: UniqueClaim) => `${claim.field}\u0000${claim.value}`;

/**
 * What a write does to the claims: the ones the new item holds that the replaced one did not (`taken`), and
 * the ones the replaced item held that the new one does not (`released`), never a permanent one. Null stands for
 * no item (a create, a delete).
 */
export function claimChanges(
  rule: UniqueRule,
  collection: CollectionName,
  previous: Record<string, unknown> | null,
  item: Record<string, unknown> | null,
): { taken: UniqueClaim[]; released: UniqueClaim[] } {
  const before = previous ? rule(collection, previous) : [];
  const after = item ? rule(collection, item) : [];
  const had = new Set(before.map(claimId));
  const has = new Set(after.map(claimId));
  const distinct = (claims: UniqueClaim[]) => [...new Map(claims.map((c) => [claimId(c), c])).values()];
  return {
    taken: distinct(after.filter((claim) => !had.has(claimId(claim)))),
    released: distinct(freedOnRemoval(before).filter((claim) => !has.has(claimId(claim)))),
  };
}

/** A claim another item holds: which field and value, and (when the store says) which item holds it. */
export const uniqueConflict = (claim: UniqueClaim, holder?: string) =>
  new UniqueConflictError(claim.field, claim.value, holder);

/** A write that lost every compare-and-set or claim it tried: the caller answers 503 and the client retries. */
export const keptChanging = () => new StoreUnavailableError('The item kept changing; try again.');

/**
 * Whether an item counts as having `value` in `field` for a tally: it has it, or lacks the field (stored before
 * the field existed, so at its default). Redis's TALLY script counts the same inside Redis.
 */
export const countsAs = (item: StoredItem, field: string, value: string) =>
  item[field] === undefined || item[field] === value;

// History

/**
 * The revisions one edit writes, oldest first: the version it replaced when the item has no history yet
 * (an item created before history existed, or never edited), then the new version.
 */
export function revisionsOfUpdate(previous: StoredItem, item: StoredItem, hasHistory: boolean): Revision[] {
  const first: Revision[] = hasHistory ? [] : [{ rev: newId(), savedAt: previous.updatedAt, data: previous }];
  return [...first, { rev: newId(), savedAt: item.updatedAt, data: item }];
}

/** What the history shows: the newest REVISIONS_KEPT revisions, newest first. */
export const newestRevisions = (revisions: Revision[]) =>
  [...revisions].sort((a, b) => (a.rev < b.rev ? 1 : -1)).slice(0, REVISIONS_KEPT);

/** Of an item's revision ids, the newest REVISIONS_KEPT (newest first), and the older ones the history drops. */
export function keptRevisions(revs: readonly string[]): { kept: string[]; dropped: string[] } {
  const newestFirst = [...revs].sort().reverse();
  return { kept: newestFirst.slice(0, REVISIONS_KEPT), dropped: newestFirst.slice(REVISIONS_KEPT) };
}

// Trash

/** What the trash keeps of a deleted item until it is restored or purged: all of it, its family and when. */
export const trashEntry = (collection: CollectionName, item: StoredItem, deletedAt: string): TrashEntry => ({
  collection,
  deletedAt,
  item,
});

/** The trash as listed: most recently deleted first. */
export const newestDeletedFirst = (entries: TrashEntry[]) =>
  entries.sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : -1));

// Order

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

/** True when `ids` lists every one of `current` exactly once and nothing else (Redis checks it in REORDER). */
export function isPermutation(ids: readonly string[], current: readonly string[]): boolean {
  if (ids.length !== current.length) return false;
  const wanted = new Set(ids);
  return wanted.size === ids.length && current.every((id) => wanted.has(id));
}
