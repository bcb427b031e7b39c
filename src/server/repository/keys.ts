/**
 * Every store key and store name has its home here; adapters build keys only through these functions.
 */
import type { CollectionKey } from '../../lib/collections.ts';
import type { DocumentKey } from './port.ts';

/** Netlify Blobs store names. */
export const BLOB_STORES = {
  content: 'content',
  images: 'images',
} as const;

/** Fields that must be unique within their collection (compared trimmed and lower-cased). */
export const UNIQUE_FIELDS: Partial<Record<CollectionKey, string>> = {
  enrollCourse: 'courseName',
};

export const normaliseUnique = (value: unknown): string =>
  String(value ?? '')
    .trim()
    .toLocaleLowerCase('en');

/** Redis key prefix so one database can hold several deployments (REDIS_KEY_PREFIX, default 'delta'). */
export const redisKeys = (prefix: string) => ({
  items: (collection: CollectionKey) => `${prefix}:items:${collection}`,
  order: (collection: CollectionKey) => `${prefix}:order:${collection}`,
  unique: (collection: CollectionKey) => `${prefix}:unique:${collection}`,
  document: (key: DocumentKey) => `${prefix}:doc:${key}`,
  lease: (name: string) => `${prefix}:lease:${name}`,
  flag: (name: string) => `${prefix}:flag:${name}`,
  rateLimit: (bucket: string) => `${prefix}:ratelimit:${bucket}`,
});

/** Blob keys inside the content store. */
export const blobKeys = {
  item: (collection: CollectionKey, id: string) => `items/${collection}/${id}`,
  itemPrefix: (collection: CollectionKey) => `items/${collection}/`,
  unique: (collection: CollectionKey, value: string) =>
    `unique/${collection}/${encodeURIComponent(normaliseUnique(value))}`,
  document: (key: DocumentKey) => `docs/${key}`,
  lease: (name: string) => `leases/${name}`,
  flag: (name: string) => `flags/${name}`,
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
};

/** Image blob keys inside the images store: `{folder}/{fileName}`. */
export const imageKey = (folder: string, fileName: string) => `${folder}/${fileName}`;
