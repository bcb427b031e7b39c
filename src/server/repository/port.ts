/**
 * The repository port: the only way handlers and build-time loaders reach stored content.
 * Two adapters implement it (redis-repository.ts for Upstash Redis, blobs-repository.ts for Netlify Blobs)
 * and both pass the one contract suite in repository.contract.ts against real backends.
 */
import type { CollectionKey } from '../../lib/collections.ts';

/** What every stored item looks like to the repository: the family's fields plus the server's metadata. */
export interface StoredItem {
  _id: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export interface Page {
  items: StoredItem[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** Single documents (not collections). */
export type DocumentKey = 'stats';

export interface Repository {
  readonly backend: 'redis' | 'blobs';

  /** Every item of a collection in insertion order (oldest first). One store round trip on Redis. */
  list(collection: CollectionKey): Promise<StoredItem[]>;

  /** Newest first, `limit` items after `cursor` (exclusive). One store round trip on Redis. */
  listPage(collection: CollectionKey, options: { limit: number; cursor?: string | null }): Promise<Page>;

  get(collection: CollectionKey, id: string): Promise<StoredItem | null>;

  count(collection: CollectionKey): Promise<number>;

  /**
   * Stores a new item with a fresh time-ordered `_id`, `createdAt` and `updatedAt`.
   * Collections with a unique field (see UNIQUE_FIELDS) reject a duplicate (case-insensitive, trimmed) with
   * UniqueConflictError, atomically with the write.
   */
  create(collection: CollectionKey, fields: Record<string, unknown>): Promise<StoredItem>;

  /**
   * Merges `fields` into the item (an `undefined` value removes that field) and bumps `updatedAt`.
   * Returns the stored item and the one it replaced, or null when the id is unknown. Last write wins.
   */
  update(
    collection: CollectionKey,
    id: string,
    fields: Record<string, unknown>,
  ): Promise<{ item: StoredItem; previous: StoredItem } | null>;

  /** Removes the item (and its unique-index entry); returns what was removed, or null when the id is unknown. */
  delete(collection: CollectionKey, id: string): Promise<StoredItem | null>;

  getDocument<T>(key: DocumentKey): Promise<T | null>;
  setDocument<T>(key: DocumentKey, value: T): Promise<void>;

  /**
   * Takes a named lease for `ttlMs` if nobody holds it; true when taken. Used to coalesce rebuilds:
   * at most one holder per window across all function instances.
   */
  acquireLease(name: string, ttlMs: number): Promise<boolean>;
  /** Raises a named flag (idempotent). */
  raiseFlag(name: string): Promise<void>;
  /** Lowers a named flag; true when it was raised (exactly one caller sees true per raise). */
  takeFlag(name: string): Promise<boolean>;

  /**
   * Counts a hit for `identifier` in the named fixed window and says whether it is within `limit`.
   * The embedded store's equivalent of @upstash/ratelimit (the Redis adapter's limiter uses that library).
   */
  hit(
    bucket: string,
    identifier: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }>;

  /** Throws StoreUnavailableError when the backend does not answer. */
  ping(): Promise<void>;
}

/** The store did not answer (network, auth, server down). Handlers answer 503 with Retry-After. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A unique field already has that value (enrollable course names). Handlers answer 400. */
export class UniqueConflictError extends Error {
  override readonly name = 'UniqueConflictError';
  readonly field: string;
  constructor(field: string) {
    super(`Duplicate value for ${field}`);
    this.field = field;
  }
}
