/**
 * The store's two ports, the only ways handlers and build-time loaders reach what is stored:
 *
 * - `Repository`: the items of every family and the stats document, with their order, history and trash;
 * - `Coordination`: what function instances agree on that is not an item: leases, flags, counters, rate-limit
 *   hits and the due-time index the schedulers read.
 *
 * Each has an adapter per backend (redis-repository.ts and redis-coordination.ts over Upstash Redis,
 * blobs-repository.ts and blobs-coordination.ts over Netlify Blobs), and both adapters of a port pass its one
 * contract suite (repository.contract.ts, coordination.contract.ts) against real backends.
 */

/** One unique value an item holds in its collection (a course name, a slug, a certificate's folded number). */
export interface UniqueClaim {
  field: string;
  value: string;
  /**
   * Held for good: no edit, trash move or delete frees it, so the value is never another item's (a certificate's
   * number, which verifiers hold on paper). A trash restore or a put of the same id takes it again as its own.
   */
  permanent?: boolean;
}

/**
 * A collection's name: a registry family's key. Any string, so that a family added to the registry is stored
 * without touching the adapters.
 */
export type CollectionName = string;

/** What every stored item looks like to the repository: the family's fields plus the server's metadata. */
export interface StoredItem {
  _id: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** A deleted item kept for restore until the scheduled purge (`deletedAt` + TRASH_RETENTION_DAYS). */
export interface TrashEntry {
  collection: CollectionName;
  deletedAt: string;
  item: StoredItem;
}

/** One saved version of an item (update history), newest first; `rev` is time-ordered. */
export interface Revision {
  rev: string;
  savedAt: string;
  data: StoredItem;
}

/**
 * An item's version: how many edits it has had. Stored as `version`, set by every update that is an edit (not
 * by bookkeeping, `touch: false`); items never edited, or stored before versions existed, have none and are at 0.
 * It is what staff send back as `If-Match`, so a save made from an older read is refused.
 */
export const versionOf = (item: Record<string, unknown>): number =>
  typeof item.version === 'number' && Number.isInteger(item.version) && item.version >= 0 ? item.version : 0;

/** How many versions of an item the history keeps. */
export const REVISIONS_KEPT = 10;

export interface Page {
  items: StoredItem[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface Tally {
  total: number;
  matching: number;
}

/** Single documents (not collections). `certificateImport`: the staged certificate import (staged-import.ts). */
export type DocumentKey = 'stats' | 'certificateStatusList' | 'certificateStatusNext' | 'certificateImport';

/** Stored items: what every family holds, with its order, history and trash. */
export interface Repository {
  readonly backend: 'redis' | 'blobs';

  /**
   * Every item of a collection in its order: the ids last set by `reorder` that still exist, then every other
   * item in insertion order (oldest first), so a new item goes last. One store round trip on Redis.
   */
  list(collection: CollectionName): Promise<StoredItem[]>;

  /** Newest first, `limit` items after `cursor` (exclusive). One store round trip on Redis. */
  listPage(collection: CollectionName, options: { limit: number; cursor?: string | null }): Promise<Page>;

  /**
   * Newest first, `limit` items of one index (indexes.ts: a request's status, an enrolment's batch) after
   * `cursor` (exclusive): the items whose `by.field` has `by.value`, read without reading any other item. The
   * index is written in the same atomic write as the item on Redis; on Blobs before the item is in it and after
   * it left, and a page checks what it read, so it never shows an item that is not (or no longer) in it. A
   * collection whose indexes were never built (a store written before them) has them built on first use.
   */
  listPageBy(
    collection: CollectionName,
    by: { field: string; value: string },
    options: { limit: number; cursor?: string | null },
  ): Promise<Page>;

  /** How many items are in one index: the index's size, one store read (built on first use like listPageBy). */
  countBy(collection: CollectionName, by: { field: string; value: string }): Promise<number>;

  /**
   * Builds a collection's indexes from its items and records that they are built: a restore runs it, and the
   * first indexed read of a store written before the indexes. Safe beside concurrent writes (an item written
   * meanwhile keeps the entries its own write gave it).
   */
  rebuildIndexes(collection: CollectionName): Promise<void>;

  get(collection: CollectionName, id: string): Promise<StoredItem | null>;

  count(collection: CollectionName): Promise<number>;

  /**
   * Stores a new item with a fresh time-ordered `_id`, `createdAt` and `updatedAt`.
   * A value the item would hold that another item holds (its unique field, see UNIQUE_FIELDS, compared
   * case-insensitively and trimmed; its slugs, see unique.ts) is refused with UniqueConflictError, atomically
   * with the write. Updates, puts, deletes, the trash and its restore take and free these claims the same way.
   */
  create(collection: CollectionName, fields: Record<string, unknown>): Promise<StoredItem>;

  /**
   * Merges `fields` into the item (an `undefined` value removes that field) and bumps `updatedAt`.
   * Returns the stored item and the one it replaced, or null when the id is unknown. Last write wins.
   * The new version is kept in the item's history (`revisions`); an item's first update also keeps the version
   * it replaced, so the history always reaches back to what was there before any edit.
   * `touch: false` keeps `updatedAt` and `version` and adds no revision (bookkeeping such as a delivery state is
   * not an edit). An edit sets `version` to one more than the replaced item's (`versionOf`).
   * `expectedVersion`: the update happens only if the stored item is at that version, checked atomically with the
   * write on Redis and by a per-version claim on Blobs; otherwise VersionConflictError carries the current item.
   */
  update(
    collection: CollectionName,
    id: string,
    fields: Record<string, unknown>,
    options?: { touch?: boolean; expectedVersion?: number },
  ): Promise<{ item: StoredItem; previous: StoredItem } | null>;

  /**
   * Writes an item exactly as given, its `_id`, `createdAt` and `updatedAt` included, creating it or replacing the
   * item with that id: how an import keeps the source's dates and a restore keeps every id. The id must be one of
   * ours (ids.ts; `idAt` makes one for a past time); anything else is refused with an Error before any write.
   * A unique value held by another item is refused with UniqueConflictError, atomically with the write.
   * `onlyIfNew`: writes only when no item has that id, atomically (of two such puts exactly one writes).
   */
  put(collection: CollectionName, item: StoredItem, options?: { onlyIfNew?: boolean }): Promise<void>;

  /** Removes the item (and its unique-index entry); returns what was removed, or null when the id is unknown. */
  delete(collection: CollectionName, id: string): Promise<StoredItem | null>;

  /**
   * For each collection: how many items it holds and how many have `field` equal to `value` or lack the field
   * (so items stored before the field existed count as its default). One store round trip on Redis. A field
   * the collections are indexed by (indexes.ts) is counted from the index sizes, never by reading the items.
   */
  tally(collections: readonly CollectionName[], field: string, value: string): Promise<Record<string, Tally>>;

  /**
   * Sets the order of a collection in one atomic write. `ids` must be exactly the collection's current ids
   * (no duplicate, none missing, none unknown), else OrderConflictError and nothing changes. Returns the items
   * in their new order.
   */
  reorder(collection: CollectionName, ids: readonly string[]): Promise<StoredItem[]>;

  /** The item's last REVISIONS_KEPT versions, newest first (empty for an item never updated). */
  revisions(collection: CollectionName, id: string): Promise<Revision[]>;

  /**
   * Moves an item to the trash (atomically on Redis): it leaves the collection and its unique claim, and keeps
   * its id, fields, history and its place in the order. Returns the entry, or null when the id is unknown.
   */
  trash(collection: CollectionName, id: string, deletedAt: string): Promise<TrashEntry | null>;

  /** Every trash entry, most recently deleted first. */
  listTrash(): Promise<TrashEntry[]>;

  /**
   * Puts a trashed item back under its own id (the one write of an item with a given id). Null when it is not
   * in the trash; UniqueConflictError when its unique value was taken meanwhile (it then stays in the trash).
   */
  restoreFromTrash(collection: CollectionName, id: string): Promise<StoredItem | null>;

  /** Removes a trash entry and its history for good; returns what was removed, or null. */
  purgeFromTrash(collection: CollectionName, id: string): Promise<TrashEntry | null>;

  /**
   * Who holds a claimed value (unique.ts, as the rule makes it): the id of the item that holds it, or, for a
   * permanent claim, held it and may be gone; null when nobody does. One store read.
   */
  claimHolder(collection: CollectionName, claim: UniqueClaim): Promise<string | null>;

  /** Every value claimed in one field of a collection, with its holder (a backup keeps the permanent ones). */
  listClaims(collection: CollectionName, field: string): Promise<{ value: string; holder: string }[]>;

  /**
   * Takes a claim for `holder` (an id, whether or not an item has it) unless another holds it, atomically; answers
   * who holds it afterwards. How a restore puts back the permanent claims of items that are gone.
   */
  takeClaim(collection: CollectionName, claim: UniqueClaim, holder: string): Promise<string>;

  getDocument<T>(key: DocumentKey): Promise<T | null>;
  setDocument<T>(key: DocumentKey, value: T): Promise<void>;

  /** Throws StoreUnavailableError when the backend does not answer. */
  ping(): Promise<void>;
}

/** Leases, flags and rate limits: shared by every function instance, because they live in the store. */
export interface Coordination {
  /**
   * Takes a named lease for `ttlMs` if nobody holds it; true when taken. Used to coalesce rebuilds:
   * at most one holder per window across all function instances.
   */
  acquireLease(name: string, ttlMs: number): Promise<boolean>;
  /**
   * Gives a lease back before it expires. Only its holder calls this, and only after recording the work it did,
   * so a next holder re-reads what was done instead of redoing it.
   */
  releaseLease(name: string): Promise<void>;
  /** Raises a named flag (idempotent). */
  raiseFlag(name: string): Promise<void>;
  /** Lowers a named flag; true when it was raised (exactly one caller sees true per raise). */
  takeFlag(name: string): Promise<boolean>;
  /** Adds strings to a named set (idempotent per member): work that waits for a later try. */
  addToSet(name: string, members: readonly string[]): Promise<void>;
  /**
   * Empties the named set and answers what it held: each member added goes to exactly one taker, however many
   * take at once. An empty set costs one store call, whatever else is stored.
   */
  takeSet(name: string): Promise<string[]>;

  /**
   * Adds one to the named counter unless it already stands at `limit`; answers the new count, or null (nothing
   * counted) at the limit. However many instances ask at once, the counter never passes `limit`: the deploy
   * governor spends its monthly budget through this.
   */
  countUpTo(name: string, limit: number): Promise<number | null>;
  /** The named counter's value (0 when never counted). */
  readCount(name: string): Promise<number>;

  /**
   * Counts a hit for `identifier` in the named sliding window and says whether it is within `limit`: the hits
   * of the current fixed window plus the previous window's, weighted by how much of it still lies within the
   * last `windowSeconds` (@upstash/ratelimit's slidingWindow, which the Redis adapter uses; the Blobs adapter
   * counts the same way). A refused hit is not counted. So no clock boundary hands a client a fresh allowance.
   */
  hit(
    bucket: string,
    identifier: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }>;

  /**
   * Forgets every hit counted for `identifier` in `bucket` (all windows): a successful sign-in clears the failures
   * that led up to it, so only failures ever count against a limit.
   */
  clearHits(bucket: string, identifier: string): Promise<void>;

  /**
   * Takes one of the named account's `capacity` seats for `holder`: `taken` when the holder now holds one (a
   * holder that already held one keeps it, counted once), `full` when every seat is held by others, `closed`
   * while the account was never opened (openSeats). However many ask at once, no more than `capacity` holders
   * ever hold a seat.
   */
  takeSeat(account: string, holder: string, capacity: number): Promise<'taken' | 'full' | 'closed'>;
  /** Gives back the holder's seat (nothing when it holds none). */
  releaseSeat(account: string, holder: string): Promise<void>;
  /** How many seats of the account are held; null while it was never opened. */
  seatsHeld(account: string): Promise<number | null>;
  /** Opens the account with exactly these holders (replacing any it had): a first count, or a rebuild. */
  openSeats(account: string, holders: readonly string[]): Promise<void>;

  /** Keeps a small JSON value under the name for `ttlMs` (replacing any): a submission's first answer. */
  remember(name: string, value: unknown, ttlMs: number): Promise<void>;
  /** The value remembered under the name, or null once it expired or when none was. */
  recall<T>(name: string): Promise<T | null>;

  /**
   * Enters `member` in the named due-time index at `dueAtMs`, replacing the time it had there: how a write that
   * makes something due later (a scheduled publish, a retry, an expiry) tells the scheduler when to look.
   */
  schedule(queue: string, member: string, dueAtMs: number): Promise<void>;
  /** Takes `member` out of the index (nothing when it is not in it). */
  unschedule(queue: string, member: string): Promise<void>;
  /**
   * The members due by `nowMs`, earliest first, at most `limit`: what a scheduler tick reads instead of the
   * stored items. One command on Redis, whatever the index holds; on Blobs it reads only the buckets that are due.
   */
  due(queue: string, nowMs: number, limit: number): Promise<DueEntry[]>;

  /**
   * Adds each change's `by` to the `field` of the named rollup (a small map of counts), all in one atomic step.
   * With `once`, only the first call naming that marker counts (false for every later one): a request reaches a
   * stage once however often it is written. Counts only, never personal data (insights/rollups.ts).
   */
  tally(changes: readonly TallyChange[], once?: string): Promise<boolean>;
  /** The named rollups' counts, in order ({} for one never counted): one round trip on Redis. */
  readTallies(names: readonly string[]): Promise<Record<string, number>[]>;
  /** Forgets every rollup and every `once` marker: the first step of a rebuild. */
  clearTallies(): Promise<void>;
}

/** One change of a rollup: `by` (may be negative) added to `field` of the rollup `name`. */
export interface TallyChange {
  name: string;
  field: string;
  by: number;
}

/** One member of a due-time index and the time it is due at. */
export interface DueEntry {
  member: string;
  dueAtMs: number;
}

/** The store did not answer (network, auth, server down). Handlers answer 503 with Retry-After. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A new order that is not exactly a permutation of the collection's current ids. Handlers answer 409. */
export class OrderConflictError extends Error {
  override readonly name = 'OrderConflictError';
  constructor() {
    super('The order must list every current item exactly once');
  }
}

/**
 * A unique value is held by another item: an enrollable course's name, an account's user ID, a content item's
 * slug (current or earlier). Handlers answer 400 (409 for a trash restore).
 */
export class UniqueConflictError extends Error {
  override readonly name = 'UniqueConflictError';
  readonly field: string;
  /** The value refused, normalised ('' when not known). */
  readonly value: string;
  /** The id of the item that holds it, when the store knows it. */
  readonly holder: string | undefined;
  constructor(field: string, value = '', holder?: string) {
    super(`Duplicate value for ${field}`);
    this.field = field;
    this.value = value;
    this.holder = holder;
  }
}

/** An update made from an older version than the stored one (a stale `If-Match`). Handlers answer 412. */
export class VersionConflictError extends Error {
  override readonly name = 'VersionConflictError';
  /** The item as it is stored now: who changed it and when is read from it. */
  readonly current: StoredItem;
  constructor(current: StoredItem) {
    super(`The item is at version ${versionOf(current)}`);
    this.current = current;
  }
}
