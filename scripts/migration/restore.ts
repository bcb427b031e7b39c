/**
 * Restores a backup (backup.ts) into either store kind. Everything is checked before the first write: the archive
 * reads completely, the manifest is a known format and version, every entry it lists is present with its size
 * and SHA-256, nothing unlisted is present, every item passes its family's stored schema with a valid id, course
 * names and slugs are unique, every reference names an item the archive holds, and the counts match. Any failure throws RestoreRefusedError and the store is untouched.
 *
 * Then the store is made equal to the backup: per collection, items absent from the backup are deleted and every
 * backed-up item is written with its own id and dates (Repository.put); the stats document is set; pictures are
 * written as stored and pictures the backup does not hold are deleted. One publish (CDN purge + rebuild) follows.
 */
import { REQUEST_RETENTION_DAYS } from '../../src/lib/constants.ts';
import { rebuildDueIndex, type DueRules } from '../../src/server/schedule/due-index.ts';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  allFamilies,
  COLLECTION_KEYS,
  itemSchemaOfCollection,
  statsFamily,
  withFieldsAddedSince,
  type CollectionKey,
} from '../../src/lib/collections.ts';
import { IMAGE_FOLDERS, isImageFolder } from '../../src/lib/families.ts';
import type { ImageBlobStore } from '../../src/server/images/image-store.ts';
import { isId } from '../../src/server/repository/ids.ts';
import { claimChanges, type UniqueRule } from '../../src/server/repository/policy.ts';
import { REGISTRY_UNIQUE_RULE } from '../../src/server/repository/unique.ts';
import type { Field } from '../../src/lib/fields.ts';
import { referencesAt, referenceSites } from '../../src/lib/reference-sites.ts';
import { definitionsOfKind } from '../../src/families/index.ts';
import type { AuditRecord } from '../../src/server/audit/audit-log.ts';
import type { Coordination, Repository, StoredItem } from '../../src/server/repository/port.ts';
import { rebuildStatusList } from '../../src/server/certificates/status-list.ts';
import { rebuildSeatAccounts } from '../../src/server/seats/batch-seats.ts';
import { rebuildRollups } from '../../src/server/insights/rollups.ts';
import { ArchiveReadError, unpackArchive } from '../../src/server/migration/archive.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  collectionPath,
  DOCUMENT_KEYS,
  documentPath,
  MANIFEST_PATH,
  REGISTERS,
  registerPath,
  type BackupManifest,
} from '../../src/server/migration/backup.ts';
import { mapPool } from '../../src/server/migration/pool.ts';

const WRITE_CONCURRENCY = 8;

export class RestoreRefusedError extends Error {
  override readonly name = 'RestoreRefusedError';
}

const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  createdAt: z.string(),
  backend: z.enum(['redis', 'blobs']),
  counts: z.object({
    collections: z.record(z.string(), z.number().int().min(0)),
    documents: z.number().int().min(0),
    images: z.number().int().min(0),
  }),
  entries: z.array(
    z.object({
      path: z.string(),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[a-f0-9]{64}$/),
      contentType: z.string().max(200).optional(),
    }),
  ),
});

/** An image file name as our stores hold them: one path segment, no traversal. */
const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export interface VerifiedBackup {
  manifest: BackupManifest;
  collections: Record<CollectionKey, StoredItem[]>;
  documents: Record<(typeof DOCUMENT_KEYS)[number], unknown>;
  images: { folder: (typeof IMAGE_FOLDERS)[number]; fileName: string; bytes: Buffer; contentType: string }[];
  /** Each serial field's issued numbers with their holders (none from a backup of format 1). */
  registers: { collection: string; field: string; claims: { value: string; holder: string }[] }[];
}

const RegisterSchema = z.array(
  z.strictObject({ value: z.string().min(1).max(200), holder: z.string().refine(isId) }),
);

const refuse = (message: string): never => {
  throw new RestoreRefusedError(message);
};

function parseJson(bytes: Buffer, path: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return refuse(`${path} is not valid JSON`);
  }
}

/**
 * Refuses a collection in which two items hold one unique value: a course name, or a slug (current or earlier),
 * as the store would claim them (repository/unique.ts). An archive is one moment of one store, so this only
 * fails for an archive that was altered or made by something else.
 */
export function refuseRepeatedClaims(key: string, items: readonly StoredItem[], rule: UniqueRule): void {
  const holders = new Map<string, string>();
  for (const item of items)
    for (const claim of rule(key, item)) {
      const id = `${claim.field}\u0000${claim.value}`;
      const holder = holders.get(id);
      if (holder !== undefined && holder !== item._id)
        refuse(`${collectionPath(key as CollectionKey)} holds "${claim.value}" twice.`);
      holders.set(id, item._id);
    }
}

/** Refuses an archive in which an item refers (reference or references field) to an item the archive lacks. */
export function refuseBrokenReferences(
  collections: Readonly<Record<string, readonly StoredItem[]>>,
  families: readonly { key: string; fields: readonly Field[] }[],
): void {
  for (const family of families) {
    for (const [index, item] of (collections[family.key] ?? []).entries())
      for (const site of referenceSites(family.fields)) {
        const { field } = site;
        const held = new Set((collections[field.to] ?? []).map((target) => target._id));
        if (referencesAt(site, item).some(({ ids }) => ids.some((id) => !held.has(id))))
          refuse(
            `${collectionPath(family.key as CollectionKey)} item ${index + 1} refers in "${field.label}" to an item ${collectionPath(field.to as CollectionKey)} does not hold.`,
          );
      }
  }
}

/** Reads and checks a whole archive; throws RestoreRefusedError naming the first problem found. */
export async function verifyBackup(archive: Uint8Array): Promise<VerifiedBackup> {
  let files: Map<string, Buffer>;
  try {
    files = await unpackArchive(archive);
  } catch (error) {
    if (error instanceof ArchiveReadError)
      refuse(`The archive is damaged or truncated (${error.message}); nothing was restored.`);
    throw error;
  }
  const manifestBytes = files.get(MANIFEST_PATH) ?? refuse(`The archive has no ${MANIFEST_PATH}.`);
  const parsed = ManifestSchema.safeParse(parseJson(manifestBytes, MANIFEST_PATH));
  if (!parsed.success) refuse(`${MANIFEST_PATH} is not a ${BACKUP_FORMAT} manifest.`);
  const manifest = parsed.data as BackupManifest;
  if (manifest.version > BACKUP_VERSION)
    refuse(`The backup is format version ${manifest.version}; this version reads up to ${BACKUP_VERSION}.`);

  const listed = new Set<string>([MANIFEST_PATH]);
  for (const entry of manifest.entries) {
    if (listed.has(entry.path)) refuse(`${entry.path} is listed twice in the manifest.`);
    listed.add(entry.path);
    const bytes = files.get(entry.path) ?? refuse(`${entry.path} is listed in the manifest but missing.`);
    if (bytes.length !== entry.size || createHash('sha256').update(bytes).digest('hex') !== entry.sha256)
      refuse(`${entry.path} does not match its checksum: the archive was altered or damaged.`);
  }
  for (const path of files.keys()) if (!listed.has(path)) refuse(`${path} is not listed in the manifest.`);

  const collections = {} as VerifiedBackup['collections'];
  for (const key of COLLECTION_KEYS) {
    const path = collectionPath(key);
    // A backup taken before a family existed neither holds nor counts it: that site had none of its items (for
    // the site settings, it showed their seed), so the family is restored empty. A family the manifest counts but
    // whose file is gone was refused above as missing.
    if (!files.has(path) && !listed.has(path) && manifest.counts.collections[key] === undefined) {
      collections[key] = [];
      continue;
    }
    const bytes = files.get(path) ?? refuse(`${path} is missing.`);
    const held = parseJson(bytes, path);
    if (!Array.isArray(held)) return refuse(`${path} is not a list of items.`);
    // An archive written before a field existed is checked and restored as today's site would hold it.
    const items = held.map((item: unknown) => withFieldsAddedSince(key, item));
    const schema = itemSchemaOfCollection(key);
    const seen = new Set<string>();
    items.forEach((item: unknown, index) => {
      const checked = schema.safeParse(item);
      if (!checked.success) refuse(`${path} item ${index + 1} is not a valid ${key} item.`);
      const stored = item as StoredItem;
      if (!isId(stored._id) || seen.has(stored._id))
        refuse(`${path} item ${index + 1} has a bad or repeated id.`);
      seen.add(stored._id);
    });
    refuseRepeatedClaims(key, items as StoredItem[], REGISTRY_UNIQUE_RULE);
    if (manifest.counts.collections[key] !== items.length)
      refuse(`${path} holds ${items.length} items; the manifest says ${manifest.counts.collections[key]}.`);
    collections[key] = items as StoredItem[];
  }

  refuseBrokenReferences(collections, definitionsOfKind('content'));

  const documents = {} as VerifiedBackup['documents'];
  for (const key of DOCUMENT_KEYS) {
    const path = documentPath(key);
    const value = parseJson(files.get(path) ?? refuse(`${path} is missing.`), path);
    if (value !== null && !statsFamily.itemSchema.safeParse(value).success)
      refuse(`${path} is not a valid ${key} document.`);
    documents[key] = value;
  }

  const registers: VerifiedBackup['registers'] = [];
  for (const register of REGISTERS) {
    const path = registerPath(register);
    // A backup of format 1 kept no register: its numbers are those its items hold.
    if (!listed.has(path)) {
      registers.push({ ...register, claims: [] });
      continue;
    }
    const parsed = RegisterSchema.safeParse(
      parseJson(files.get(path) ?? refuse(`${path} is missing.`), path),
    );
    if (!parsed.success) return refuse(`${path} is not a list of numbers and their certificates.`);
    const values = new Set(parsed.data.map((claim) => claim.value));
    if (values.size !== parsed.data.length) refuse(`${path} holds a number twice.`);
    registers.push({ ...register, claims: parsed.data });
  }

  const images: VerifiedBackup['images'] = [];
  for (const entry of manifest.entries) {
    if (!entry.path.startsWith('images/')) continue;
    const [, folder, fileName, ...rest] = entry.path.split('/');
    if (!folder || !isImageFolder(folder) || !fileName || !SAFE_FILE_NAME.test(fileName) || rest.length > 0)
      refuse(`${entry.path} is not a picture path this site uses.`);
    images.push({
      folder: folder as VerifiedBackup['images'][number]['folder'],
      fileName: fileName as string,
      bytes: files.get(entry.path) as Buffer,
      contentType: entry.contentType ?? 'application/octet-stream',
    });
  }
  if (images.length !== manifest.counts.images)
    refuse(`The archive holds ${images.length} pictures; the manifest says ${manifest.counts.images}.`);
  const known = new Set([
    ...COLLECTION_KEYS.map(collectionPath),
    ...DOCUMENT_KEYS.map(documentPath),
    ...REGISTERS.map(registerPath),
    ...images.map((image) => `images/${image.folder}/${image.fileName}`),
  ]);
  for (const entry of manifest.entries)
    if (!known.has(entry.path)) refuse(`${entry.path} is not part of this format.`);
  return { manifest, collections, documents, images, registers };
}

export interface RestoreRow {
  name: string;
  inBackup: number;
  /** Items (or pictures) in the store before the restore. */
  before: number;
  /** Of those, how many the restore deletes (absent from the backup). */
  removed: number;
}

export interface RestoreReport {
  dryRun: boolean;
  manifest: BackupManifest;
  rows: RestoreRow[];
}

export interface RestoreOptions {
  repository: Repository;
  images: ImageBlobStore;
  dryRun?: boolean;
  /** Called once after a restore that wrote, with every family's cache tag. */
  publish?: (cacheTags: string[]) => Promise<void>;
  /** Which values items claim, as the repository was made with (default: the registry's rule). */
  unique?: UniqueRule;
  /** Called once after a restore that wrote: the audit log is told, as it is of every write through the API. */
  audit?: (record: Pick<AuditRecord, 'action' | 'target' | 'detail'>) => Promise<void>;
  /**
   * The store's coordination: each batch's seat account is rebuilt from the restored requests, and the schedulers'
   * due-time index gets every restored item's due times.
   */
  coordination?: Coordination;
  /** The rules the due times follow (default: REQUEST_RETENTION_DAYS' default). */
  dueRules?: DueRules;
}

/**
 * Refuses, before any write, a backup whose items would claim a number the store has issued to another item:
 * such a claim is never freed (a number is issued for good), so the restore could not complete.
 */
async function refuseNumbersHeldElsewhere(
  repository: Repository,
  backup: VerifiedBackup,
  unique: UniqueRule,
) {
  for (const { collection, field, claims } of backup.registers) {
    const items = backup.collections[collection as CollectionKey] ?? [];
    const wanted = [
      ...items.flatMap((item) =>
        unique(collection, item)
          .filter((claim) => claim.field === field && claim.permanent)
          .map((claim) => ({ claim, holder: item._id })),
      ),
      ...claims.map(({ value, holder }) => ({ claim: { field, value, permanent: true }, holder })),
    ];
    const holders = await mapPool(wanted, WRITE_CONCURRENCY, ({ claim }) =>
      repository.claimHolder(collection, claim),
    );
    wanted.forEach(({ claim, holder }, index) => {
      const held = holders[index];
      if (held && held !== holder)
        refuse(
          `${collectionPath(collection as CollectionKey)}: number "${claim.value}" was issued to another certificate in this store.`,
        );
    });
  }
}

export async function restoreBackup(archive: Uint8Array, options: RestoreOptions): Promise<RestoreReport> {
  const backup = await verifyBackup(archive);
  const { repository, images } = options;
  const unique = options.unique ?? REGISTRY_UNIQUE_RULE;
  const dryRun = options.dryRun ?? false;
  const rows: RestoreRow[] = [];
  await refuseNumbersHeldElsewhere(repository, backup, unique);

  for (const key of COLLECTION_KEYS) {
    const wanted = backup.collections[key];
    const keep = new Set(wanted.map((item) => item._id));
    const present = await repository.list(key);
    const stale = present.filter((item) => !keep.has(item._id));
    rows.push({ name: key, inBackup: wanted.length, before: present.length, removed: stale.length });
    if (dryRun) continue;
    // Deletes first: a course name or a slug may move from a stale item to a restored one. An item that gives
    // up one of its claims goes too (its id, dates and history come back with the put): two items swapping
    // slugs or names would otherwise each refuse the other's.
    const wantedById = new Map(wanted.map((item) => [item._id, item]));
    const releasing = present.filter((item) => {
      const next = wantedById.get(item._id);
      return next !== undefined && claimChanges(unique, key, item, next).released.length > 0;
    });
    for (const item of [...stale, ...releasing]) await repository.delete(key, item._id);
    await mapPool(wanted, WRITE_CONCURRENCY, (item) => repository.put(key, item));
    // A put keeps the indexes of what it changes; an item it found as it was, in a store written before the
    // indexes, is in none yet: built here once, so the restored store pages by status and batch at once.
    await repository.rebuildIndexes(key);
  }
  if (!dryRun) for (const key of DOCUMENT_KEYS) await repository.setDocument(key, backup.documents[key]);
  for (const { collection, field, claims } of backup.registers) {
    const before = (await repository.listClaims(collection, field)).length;
    rows.push({ name: `${collection} numbers ever issued`, inBackup: claims.length, before, removed: 0 });
    // A number is issued for good: the store keeps the ones it has, and takes back the backup's.
    if (!dryRun)
      await mapPool(claims, WRITE_CONCURRENCY, ({ value, holder }) =>
        repository.takeClaim(collection, { field, value, permanent: true }, holder),
      );
  }
  // The revocation status list is not in the backup: it is made whole again from the certificates restored.
  if (!dryRun) await rebuildStatusList(repository, backup.collections.certificate, new Date().toISOString());
  // The requests were written as they were, not through the seat-taking paths: the seats are counted again once.
  if (!dryRun && options.coordination)
    await rebuildSeatAccounts({ repository, coordination: options.coordination });
  // And the owner's view's rollups, counted again from the requests restored.
  if (!dryRun && options.coordination)
    await rebuildRollups({ repository, coordination: options.coordination });
  // The puts went past the index: the restore's last store step enters what each restored item has due.
  if (!dryRun && options.coordination)
    await rebuildDueIndex(
      repository,
      options.coordination,
      options.dueRules ?? { retentionDays: REQUEST_RETENTION_DAYS },
      COLLECTION_KEYS,
    );

  const keepImages = new Set(backup.images.map((image) => `${image.folder}/${image.fileName}`));
  let imagesBefore = 0;
  const staleImages: { folder: (typeof IMAGE_FOLDERS)[number]; fileName: string }[] = [];
  for (const folder of IMAGE_FOLDERS) {
    const names = await images.list(folder, '');
    imagesBefore += names.length;
    for (const fileName of names)
      if (!keepImages.has(`${folder}/${fileName}`)) staleImages.push({ folder, fileName });
  }
  rows.push({
    name: 'pictures (files)',
    inBackup: backup.images.length,
    before: imagesBefore,
    removed: staleImages.length,
  });
  if (!dryRun) {
    await mapPool(backup.images, WRITE_CONCURRENCY, (image) =>
      images.put(image.folder, image.fileName, image.bytes, image.contentType),
    );
    await mapPool(staleImages, WRITE_CONCURRENCY, (image) => images.delete(image.folder, image.fileName));
    await options.publish?.(allFamilies.map((family) => family.cacheTag));
    await options.audit?.({
      action: 'backup-restore',
      target: { family: 'backup', id: backup.manifest.createdAt, title: backup.manifest.createdAt },
      detail: {
        written: rows.reduce((sum, row) => sum + row.inBackup, 0),
        removed: rows.reduce((sum, row) => sum + row.removed, 0),
      },
    });
  }
  return { dryRun, manifest: backup.manifest, rows };
}
