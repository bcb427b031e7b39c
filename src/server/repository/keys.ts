/**
 * Every store key and store name has its home here; adapters build keys only through these functions.
 */
import type { CollectionName, DocumentKey } from './port.ts';

/** Netlify Blobs store names. */
export const BLOB_STORES = {
  content: 'content',
  images: 'images',
  /** Daily backup archives (src/server/migration/scheduled-backup.ts). */
  backups: 'backups',
} as const;

/**
 * The id of a collection's only item (the site settings): one fixed, well-formed id (ids.ts), so every writer
 * addresses the same item and its history, whatever the store. Time 0 sorts it before any real item.
 */
export const SINGLETON_ID = '0000000000singleton0';

/** Fields that must be unique within their collection (compared trimmed and lower-cased). */
export const UNIQUE_FIELDS: Partial<Record<CollectionName, string>> = {
  enrollCourse: 'courseName',
  /** Staff accounts: one account per user ID. */
  accounts: 'userId',
  /** Certificates: one certificate per number, generated or typed for an old one. */
  certificate: 'number',
};

export const normaliseUnique = (value: unknown): string =>
  String(value ?? '')
    .trim()
    .toLocaleLowerCase('en');

/** Redis key prefix so one database can hold several deployments (REDIS_KEY_PREFIX, default 'delta'). */
export const redisKeys = (prefix: string) => ({
  items: (collection: CollectionName) => `${prefix}:items:${collection}`,
  order: (collection: CollectionName) => `${prefix}:order:${collection}`,
  /** The order set by an admin (id → rank); ids missing from it follow in insertion order. */
  position: (collection: CollectionName) => `${prefix}:position:${collection}`,
  /** Trash: `{collection}/{id}` → the item's stored JSON, and → its deletion time. */
  trashItems: `${prefix}:trash:items`,
  trashDeletedAt: `${prefix}:trash:deletedAt`,
  /** An item's history: a list of revision JSON, newest first. */
  revisions: (collection: CollectionName, id: string) => `${prefix}:revisions:${collection}:${id}`,
  unique: (collection: CollectionName) => `${prefix}:unique:${collection}`,
  /**
   * A claimed field's values → the id holding each (unique.ts): UNIQUE_FIELDS' field keeps the key it always
   * had, so a deploy keeps the stored claims; a slug field has its own.
   */
  claims: (collection: CollectionName, field: string) =>
    field === UNIQUE_FIELDS[collection]
      ? `${prefix}:unique:${collection}`
      : `${prefix}:unique:${collection}:${field}`,
  document: (key: DocumentKey) => `${prefix}:doc:${key}`,
  lease: (name: string) => `${prefix}:lease:${name}`,
  flag: (name: string) => `${prefix}:flag:${name}`,
  set: (name: string) => `${prefix}:set:${name}`,
  counter: (name: string) => `${prefix}:counter:${name}`,
  rateLimit: (bucket: string) => `${prefix}:ratelimit:${bucket}`,
  /** A seat account: holder → when it took its seat; the account is open while `seatsOpen` exists. */
  seats: (account: string) => `${prefix}:seats:${account}`,
  seatsOpen: (account: string) => `${prefix}:seats-open:${account}`,
  remembered: (name: string) => `${prefix}:remembered:${name}`,
  /** A sorted index (indexes.ts): the ids of the items whose `field` has `value`, all score 0, so in id order. */
  index: (collection: CollectionName, field: string, value: string) =>
    `${prefix}:index:${collection}:${field}:${encodeURIComponent(value)}`,
  /** The index rule's version a collection's indexes were built under (absent: never built). */
  indexed: (collection: CollectionName) => `${prefix}:indexed:${collection}`,
  /** A due-time index: a sorted set of members scored by the time (epoch ms) each is due. */
  dueIndex: (queue: string) => `${prefix}:due:${queue}`,
  /** A rollup of counts (insights/rollups.ts): field → count, kept by HINCRBY. */
  tally: (name: string) => `${prefix}:tally:${name}`,
  tallyPattern: `${prefix}:tally:*`,
  /** The `once` markers of the rollups: marker → 1, set by the one call that counted it. */
  tallyOnce: `${prefix}:tally-once`,
});

const uniqueBlobKey = (collection: CollectionName, value: string) =>
  `unique/${collection}/${encodeURIComponent(normaliseUnique(value))}`;

const indexEntryPrefix = (collection: CollectionName, field: string, value: string) =>
  `index/${collection}/${encodeURIComponent(field)}/${encodeURIComponent(value)}/`;

/** Blob keys inside the content store. */
export const blobKeys = {
  item: (collection: CollectionName, id: string) => `items/${collection}/${id}`,
  itemPrefix: (collection: CollectionName) => `items/${collection}/`,
  unique: (collection: CollectionName, value: string) => uniqueBlobKey(collection, value),
  /** Who holds a claimed value (unique.ts); UNIQUE_FIELDS' field keeps its key, a slug field has its own folder. */
  claim: (collection: CollectionName, field: string, value: string) =>
    field === UNIQUE_FIELDS[collection]
      ? uniqueBlobKey(collection, value)
      : `unique/${collection}/${encodeURIComponent(field)}/${encodeURIComponent(normaliseUnique(value))}`,
  /** Where a field's claims are kept: UNIQUE_FIELDS' field directly under its collection, another in its folder. */
  claimPrefix: (collection: CollectionName, field: string) =>
    field === UNIQUE_FIELDS[collection]
      ? `unique/${collection}/`
      : `unique/${collection}/${encodeURIComponent(field)}/`,
  document: (key: DocumentKey) => `docs/${key}`,
  /** Order documents, one fresh key per generation (written with `onlyIfNew`, like leases). */
  orderGeneration: (collection: CollectionName, generation: number) =>
    `order/${collection}/${String(generation).padStart(12, '0')}`,
  orderPrefix: (collection: CollectionName) => `order/${collection}/`,
  trash: (collection: CollectionName, id: string) => `trash/${collection}/${id}`,
  trashPrefix: 'trash/',
  revision: (collection: CollectionName, id: string, rev: string) => `revisions/${collection}/${id}/${rev}`,
  revisionPrefix: (collection: CollectionName, id: string) => `revisions/${collection}/${id}/`,
  /**
   * Who writes an item's version n: the one writer that created this key (`onlyIfNew`). Kept until the item is
   * purged, so a writer that read an old version can never claim it again (docs/decisions.md §6).
   */
  versionClaim: (collection: CollectionName, id: string, version: number) =>
    `versions/${collection}/${id}/${String(version).padStart(12, '0')}`,
  versionClaimPrefix: (collection: CollectionName, id: string) => `versions/${collection}/${id}/`,
  lease: (name: string) => `leases/${name}`,
  flag: (name: string) => `flags/${name}`,
  /** A counter is its claimed slots: slot n is written (`onlyIfNew`) by the one caller that counted n + 1. */
  counterSlot: (name: string, slot: number) => `counters/${name}/${String(slot).padStart(12, '0')}`,
  counterPrefix: (name: string) => `counters/${name}/`,
  rateHit: (bucket: string, identifier: string, window: number) =>
    `ratelimit/${bucket}/${encodeURIComponent(identifier)}/${window}/`,
  /** All windows of one identifier (old windows are cleaned from here). */
  rateHitPrefix: (bucket: string, identifier: string) =>
    `ratelimit/${bucket}/${encodeURIComponent(identifier)}/`,
  /**
   * Blobs rewrites nothing in place for leases and flags: every claim is a new key written with `onlyIfNew`,
   * the one conditional write that needs no ETag (the local Blobs server derives ETags from a coarse mtime).
   */
  leaseGeneration: (name: string, generation: number) =>
    `leases/${name}/${String(generation).padStart(12, '0')}`,
  leasePrefix: (name: string) => `leases/${name}/`,
  flagRaised: (name: string, id: string) => `flags/${name}/raised/${id}`,
  flagRaisedPrefix: (name: string) => `flags/${name}/raised/`,
  flagTaken: (name: string, id: string) => `flags/${name}/taken/${id}`,
  flagTakenPrefix: (name: string) => `flags/${name}/taken/`,
  /** A set is its additions, one fresh key each; a taker claims an addition (`onlyIfNew`) before reading it. */
  setAdded: (name: string, id: string) => `sets/${name}/added/${id}`,
  setAddedPrefix: (name: string) => `sets/${name}/added/`,
  setTaken: (name: string, id: string) => `sets/${name}/taken/${id}`,
  /**
   * A seat account: seat n is held by the one holder that created its key (`onlyIfNew`); each holder's key names
   * its seat, so a release finds it without reading every seat. The account is open while `seatsOpen` exists.
   */
  seat: (account: string, seat: number) => `seats/${account}/seat/${String(seat).padStart(6, '0')}`,
  seatPrefix: (account: string) => `seats/${account}/seat/`,
  seatHolder: (account: string, holder: string) => `seats/${account}/holder/${encodeURIComponent(holder)}`,
  seatHolderPrefix: (account: string) => `seats/${account}/holder/`,
  seatsOpen: (account: string) => `seats/${account}/open`,
  remembered: (name: string) => `remembered/${encodeURIComponent(name)}`,
  /** An index entry (indexes.ts): one empty marker per item, under its value's folder, named by the item's id. */
  indexEntry: (collection: CollectionName, field: string, value: string, id: string) =>
    `${indexEntryPrefix(collection, field, value)}${id}`,
  indexEntryPrefix: (collection: CollectionName, field: string, value: string) =>
    indexEntryPrefix(collection, field, value),
  /** The index rule's version a collection's indexes were built under (absent: never built). */
  indexed: (collection: CollectionName) => `indexed/${collection}`,
  /**
   * A due-time index: each member is one key in the folder of the hour it is due in (`{hour}/{dueAtMs}~{member}`),
   * so a tick lists the hour folders and reads only those already due; `dueMember` names the member's key.
   */
  dueEntriesPrefix: (queue: string) => `due/${encodeURIComponent(queue)}/at/`,
  dueMember: (queue: string, member: string) =>
    `due/${encodeURIComponent(queue)}/member/${encodeURIComponent(member)}`,
  /** A rollup of counts: one JSON map per generation, each written once (`onlyIfNew`); the latest is current. */
  tally: (name: string, generation: number) =>
    `tallies/counts/${encodeURIComponent(name)}/${String(generation).padStart(12, '0')}`,
  tallyPrefixOf: (name: string) => `tallies/counts/${encodeURIComponent(name)}/`,
  tallyPrefix: 'tallies/',
  /** A rollup's `once` marker: written (`onlyIfNew`) by the one call that counted it. */
  tallyOnce: (marker: string) => `tallies/once/${encodeURIComponent(marker)}`,
};

/** The trash's field for an item (Redis hash field, Blobs key tail). */
export const trashField = (collection: CollectionName, id: string) => `${collection}/${id}`;
/** The collection a trash field names (ids hold no '/'). */
export const collectionOfTrashField = (field: string) => field.slice(0, field.lastIndexOf('/'));

/** Image blob keys inside the images store: `{folder}/{fileName}`. */
export const imageKey = (folder: string, fileName: string) => `${folder}/${fileName}`;
