/**
 * Backups: every collection of the registry and the stats document as JSON, the registers of issued numbers,
 * every picture blob as it is stored, and a manifest (format, version, time, counts, SHA-256 and size of every
 * entry) in one .tar.gz.
 * The format is described in docs/decisions.md ("Backups"); scripts/migration/restore.ts verifies all of it before writing.
 *
 *   manifest.json                       written first, so a reader learns the format before anything else
 *   collections/{family}.json           the family's items in list order (oldest first), exactly as stored
 *   documents/stats.json                the stats document (null when never set)
 *   registers/{family}.{field}.json     every number a serial field ever claimed, with the id that holds it
 *                                       (format 2): a deleted certificate's number stays issued after a restore
 *   images/{folder}/{fileName}          the blob's bytes; its content type is in the manifest entry
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  COLLECTION_KEYS,
  contentFamilies,
  requestFamilies,
  type CollectionKey,
} from '../../lib/collections.ts';
import { IMAGE_FOLDERS, type ImageFolder } from '../../lib/families.ts';
import type { ImageBlobStore } from '../images/image-store.ts';
import type { Repository, StoredItem } from '../repository/port.ts';
import { packArchive, packArchiveToBuffer, type ArchiveFile } from './archive.ts';
import { mapPool } from './pool.ts';

export const BACKUP_FORMAT = 'delta-site-backup';
/** 2: the registers of issued numbers (a backup of format 1 has none, and restores as before). */
export const BACKUP_VERSION = 2;
export const MANIFEST_PATH = 'manifest.json';
export const DOCUMENT_KEYS = ['stats'] as const;
const IMAGE_READ_CONCURRENCY = 8;
/** Items per store call when a collection is read a page at a time. */
const BACKUP_PAGE = 500;
/** Collections that grow with the company's traffic, and that staff never reorder. */
const TRAFFIC_COLLECTIONS: ReadonlySet<string> = new Set(Object.keys(requestFamilies));

/**
 * A collection's items in list order. On Redis a request family is read a page at a time: `list` would be one
 * reply of every item (about 30 MB at 100,000 enrolments), against the store client's 5 s timeout and the
 * REST gateway's reply size. Never reordered, its list order is oldest first: the newest-first pages reversed.
 * On Blobs `list` already reads item by item.
 */
async function itemsOf(repository: Repository, key: CollectionKey): Promise<StoredItem[]> {
  if (repository.backend !== 'redis' || !TRAFFIC_COLLECTIONS.has(key)) return repository.list(key);
  const newestFirst: StoredItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await repository.listPage(key, { limit: BACKUP_PAGE, cursor });
    newestFirst.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return newestFirst.reverse();
}

export const collectionPath = (key: string) => `collections/${key}.json`;
/** The serial fields (a certificate's number), whose claims are permanent: each is backed up as a register. */
export const REGISTERS = Object.values(contentFamilies).flatMap((family) =>
  family.serial ? [{ collection: family.key, field: family.serial.field }] : [],
);
export const registerPath = (register: { collection: string; field: string }) =>
  `registers/${register.collection}.${register.field}.json`;
export const documentPath = (key: string) => `documents/${key}.json`;
export const imagePath = (folder: string, fileName: string) => `images/${folder}/${fileName}`;

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
  /** Pictures only: the content type the blob is stored with. */
  contentType?: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The store kind the backup was taken from (a restore may go to either). */
  backend: Repository['backend'];
  counts: { collections: Record<CollectionKey, number>; documents: number; images: number };
  entries: ManifestEntry[];
}

export interface BackupContents {
  manifest: BackupManifest;
  files: ArchiveFile[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 1)}\n`);

/** Reads everything to back up. Items are listed per collection; pictures are read a few at a time. */
export async function collectBackup(
  repository: Repository,
  images: ImageBlobStore,
  now: Date = new Date(),
): Promise<BackupContents> {
  const files: ArchiveFile[] = [];
  const entries: ManifestEntry[] = [];
  const add = (path: string, bytes: Uint8Array, contentType?: string) => {
    files.push({ path, bytes });
    entries.push({
      path,
      size: bytes.byteLength,
      sha256: sha256(bytes),
      ...(contentType ? { contentType } : {}),
    });
  };
  const counts = {} as Record<CollectionKey, number>;
  for (const key of COLLECTION_KEYS) {
    const items = await itemsOf(repository, key);
    counts[key] = items.length;
    add(collectionPath(key), json(items));
  }
  for (const key of DOCUMENT_KEYS) add(documentPath(key), json(await repository.getDocument(key)));
  for (const register of REGISTERS) {
    const claims = await repository.listClaims(register.collection, register.field);
    add(registerPath(register), json(claims.sort((a, b) => (a.value < b.value ? -1 : 1))));
  }

  const names: { folder: ImageFolder; fileName: string }[] = [];
  for (const folder of IMAGE_FOLDERS)
    for (const fileName of (await images.list(folder, '')).sort()) names.push({ folder, fileName });
  const blobs = await mapPool(names, IMAGE_READ_CONCURRENCY, ({ folder, fileName }) =>
    images.get(folder, fileName),
  );
  let imageCount = 0;
  names.forEach(({ folder, fileName }, index) => {
    const blob = blobs[index];
    // Deleted between the listing and the read: simply not part of this backup.
    if (!blob) return;
    add(imagePath(folder, fileName), new Uint8Array(blob.body), blob.contentType);
    imageCount += 1;
  });

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    backend: repository.backend,
    counts: { collections: counts, documents: DOCUMENT_KEYS.length, images: imageCount },
    entries,
  };
  return { manifest, files };
}

const withManifest = ({ manifest, files }: BackupContents): ArchiveFile[] => [
  { path: MANIFEST_PATH, bytes: json(manifest) },
  ...files,
];

export const backupStream = (contents: BackupContents): Readable =>
  packArchive(withManifest(contents), new Date(contents.manifest.createdAt));

export const backupBuffer = (contents: BackupContents): Promise<Buffer> =>
  packArchiveToBuffer(withManifest(contents), new Date(contents.manifest.createdAt));

/** `delta-backup-2026-01-31T02-00-00Z.tar.gz`: sorts by time, safe as a file name and a blob key. */
export const backupFileName = (now: Date) =>
  `delta-backup-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;

/** The per-family table the CLIs print. */
export function backupCountsRows(manifest: BackupManifest): string[][] {
  return [
    ...Object.entries(manifest.counts.collections).map(([key, count]) => [key, String(count)]),
    ['stats document', String(manifest.counts.documents)],
    ['pictures (files)', String(manifest.counts.images)],
  ];
}
