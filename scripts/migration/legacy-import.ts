/**
 * Imports the current site's MongoDB exports (one `mongoexport` file per collection, see ejson.ts) into the
 * registry's families through the repository port, so either store kind receives them.
 *
 * Decisions (docs/decisions.md "Moving in"):
 * - Every record is checked with its family's input schema (the same checks as the admin form); an invalid one is
 *   skipped and listed with the schema's message. Nothing is skipped without a reason in the report.
 * - Each imported item carries `importedFrom` {source, id, hash}: the source `_id` and a hash of the source record.
 *   A second run finds its items by source id; an unchanged record is left alone (whatever was edited here since),
 *   a changed one is updated in place (same id). So a re-run is a no-op and never fetches a picture again.
 * - Ids are made for the item's own past (ids.ts idAt): enquiries land newest first by their createdAt among
 *   enquiries received here, and content keeps the old site's order (home services by `position`).
 * - `homeservices.isActive: false` lands as a draft (`published: false`) and `enrollcourses.isActive: false` as
 *   an inactive course: kept, hidden from visitors, each with a note.
 * - Requests follow this site's retention rule (privacy.ts): one received before the cutoff is skipped and counted,
 *   since the retention purge would delete it at once, and the summary says how to keep such requests. Requests
 *   this site erased or purged left a tombstone (enquiries/tombstones.ts) and are never imported again; an item
 *   deleted here and still in the Trash is not imported a second time beside it (unless --replace).
 * - Course names are compared in their canonical spelling (schemas.ts), so names differing only by case or inner
 *   whitespace are one course.
 * - A dry run makes every check a real run makes, pictures included (image-service.ts prepareImage).
 * - Legacy stats hold counts this site computes itself; only `totalCourses` (set by hand there too) is imported.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, basename } from 'node:path';
import {
  allFamilies,
  contentFamilies,
  enrollCourseFamily,
  requestFamilies,
  statsFamily,
  type CollectionKey,
  type ContentFamily,
} from '../../src/lib/collections.ts';
import {
  DAY_MS,
  HONEYPOT_FIELD,
  REQUEST_RETENTION_DAYS,
  REQUEST_RETENTION_MAX_DAYS,
} from '../../src/lib/constants.ts';
import { REQUEST_FAMILY_KEYS } from '../../src/families/index.ts';
import { valueFields, type ImageField } from '../../src/lib/fields.ts';
import { storedImageValue } from '../../src/lib/image-url.ts';
import { isRecord } from '../../src/lib/json.ts';
import { fieldErrors } from '../../src/lib/schemas.ts';
import type { Stats } from '../../src/lib/stats.ts';
import type { z } from 'zod';
import type { AuditRecord } from '../../src/server/audit/audit-log.ts';
import { prepareImage } from '../../src/server/images/image-service.ts';
import { mainFileName } from '../../src/server/images/image-names.ts';
import type { ImageService, ProcessedImage } from '../../src/server/images/port.ts';
import { retentionCutoff } from '../../src/server/enquiries/privacy.ts';
import { tombstoneKey, tombstoneKeys } from '../../src/server/enquiries/tombstones.ts';
import { idAt } from '../../src/server/repository/ids.ts';
import { normaliseUnique } from '../../src/server/repository/keys.ts';
import type { Coordination, Repository, StoredItem } from '../../src/server/repository/port.ts';
import { withDueIndex } from '../../src/server/schedule/due-index.ts';
import { parseExport, type PlainRecord } from './ejson.ts';
import { fetchPicture, PictureFetchError, type PictureFetchOptions } from './picture-fetch.ts';
import { formatTable } from './format-table.ts';
import { mapPool } from '../../src/server/migration/pool.ts';

/** Mongoose's default collection names of the current site, in the order they are imported. */
export const LEGACY_SOURCES = [
  'homecontents',
  'homeservices',
  'homecourses',
  'servicecontents',
  'careers',
  'enrollcourses',
  'contacts',
  'enrolls',
  'stats',
] as const;
export type LegacySource = (typeof LEGACY_SOURCES)[number];

type Target = CollectionKey | 'stats';
const TARGETS: Record<LegacySource, Target> = {
  homecontents: 'homeContent',
  homeservices: 'homeService',
  homecourses: 'homeCourse',
  servicecontents: 'serviceContent',
  careers: 'career',
  enrollcourses: 'enrollCourse',
  contacts: 'contact',
  enrolls: 'enroll',
  stats: 'stats',
};
/** Collections whose records carry `isActive`. */
const HAS_ACTIVE_FLAG = new Set<LegacySource>(['homeservices', 'enrollcourses']);
const REQUEST_TARGETS = new Set<Target>(REQUEST_FAMILY_KEYS);
/** Extensions a `mongoexport --out` file may have. */
const EXPORT_EXTENSIONS = new Set(['.json', '.jsonl', '.ndjson']);
const PICTURE_CONCURRENCY = 4;
const WRITE_CONCURRENCY = 8;

export const IMPORT_REASONS = {
  noId: 'no _id',
  importedAsDraft: 'inactive in the current site: imported as a draft',
  importedInactive: 'inactive in the current site: imported as an inactive course',
  pastRetention: (days: number) =>
    `received more than ${days} days ago (REQUEST_RETENTION_DAYS): the retention purge would delete it at once`,
  removedHere: 'erased or purged here before: not imported again',
  inTrash: 'deleted here and still in the Trash: restore it from there instead',
  duplicateCourse: (otherId: string) => `duplicate course name (same as ${otherId})`,
  courseExists: 'a course with this name already exists here',
  noPicture: 'no picture, and this family requires one',
  pictureFailed: (reason: string) => `picture could not be imported: ${reason}`,
  importedWithoutPicture: (reason: string) => `imported without its picture: ${reason}`,
  courseNotOffered: (course: string) => `course "${course}" is no longer offered; kept as submitted`,
  statsNotImported: (fields: string[]) =>
    `${fields.join(', ')} not imported: this site computes them from its own items`,
  removedHereTotal: (count: number) =>
    `${count} request${count === 1 ? ' was' : 's were'} erased or purged here before and ` +
    `${count === 1 ? 'is' : 'are'} not imported again.`,
  retentionHint: (count: number, days: number, oldestDays: number) =>
    `${count} request${count === 1 ? ' was' : 's were'} not imported: received more than ${days} days ago, ` +
    `past the retention period (REQUEST_RETENTION_DAYS), so the retention purge would delete ` +
    `${count === 1 ? 'it' : 'them'} at once. To keep ${count === 1 ? 'it' : 'them'}, set REQUEST_RETENTION_DAYS ` +
    `above ${oldestDays} (the oldest was received ${oldestDays} days ago) and import again; ` +
    `each request is then deleted once it is older than the new period.` +
    (oldestDays >= REQUEST_RETENTION_MAX_DAYS
      ? ` The longest period accepted is ${REQUEST_RETENTION_MAX_DAYS} days: older requests cannot be kept.`
      : ''),
} as const;

export type Action = 'create' | 'update' | 'unchanged' | 'skip';

export interface RecordOutcome {
  source: LegacySource;
  /** The source `_id` (hex), or null when the record has none. */
  sourceId: string | null;
  action: Action;
  /** The item's id here (created, updated or unchanged). */
  id?: string;
  /** Why it was skipped. */
  reason?: string;
  /** Anything else worth knowing (a picture left out, a course no longer offered, totals not imported). */
  notes: string[];
  picture?: 'fetched' | 'failed' | 'kept';
}

export interface SourceSummary {
  source: LegacySource;
  family: Target;
  /** Whether the directory held an export of this collection. */
  present: boolean;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Of the skipped: requests past the retention period, and requests erased or purged here before. */
  pastRetention: number;
  removedHere: number;
  /** Items deleted first by --replace. */
  removed: number;
  picturesFetched: number;
  picturesFailed: number;
  /** Lines of the file that could not be read at all. */
  unreadable: { line: number; reason: string }[];
}

export interface ImportReport {
  dryRun: boolean;
  replace: boolean;
  outcomes: RecordOutcome[];
  summary: SourceSummary[];
  /** Files in the directory that are not a known collection's export. */
  ignoredFiles: string[];
  /** True when anything was written (so one rebuild is due). */
  changed: boolean;
  /** The retention period the requests were checked against, and the age in whole days of the oldest skipped. */
  retention: { days: number; oldestSkippedDays: number | null };
}

export interface ImportOptions {
  repository: Repository;
  images: ImageService;
  dryRun?: boolean;
  replace?: boolean;
  pictures?: PictureFetchOptions;
  /** Called once after a run that wrote anything, with the cache tags of the families it touched. */
  publish?: (cacheTags: string[]) => Promise<void>;
  /** Called once after a run that wrote anything: the audit log is told, as it is of every write through the API. */
  audit?: (record: Pick<AuditRecord, 'action' | 'target' | 'detail'>) => Promise<void>;
  now?: () => Date;
  /** The site's REQUEST_RETENTION_DAYS (default: its default). */
  retentionDays?: number;
  /** The store's coordination: what the imported items have due (a request's retention) enters its due-time index. */
  coordination?: Coordination;
}

/** An import marker as stored on each item. */
export interface ImportedFrom {
  source: LegacySource;
  id: string;
  hash: string;
  /** The source `image` value the stored picture came from. */
  picture?: string;
}

const cacheTagOf = (target: Target) =>
  allFamilies.find((family) => family.key === target)?.cacheTag ?? target;

/** Reads the export files of `dir` (by collection name, any of EXPORT_EXTENSIONS). */
export async function readExportDirectory(
  dir: string,
): Promise<{ files: Partial<Record<LegacySource, string>>; ignored: string[] }> {
  const files: Partial<Record<LegacySource, string>> = {};
  const ignored: string[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!entry.isFile()) continue;
    const name = basename(entry.name, extname(entry.name)).toLowerCase();
    const source = LEGACY_SOURCES.find((candidate) => candidate === name);
    if (!source || !EXPORT_EXTENSIONS.has(extname(entry.name).toLowerCase()) || files[source] !== undefined) {
      ignored.push(entry.name);
      continue;
    }
    files[source] = await readFile(join(dir, entry.name), 'utf8');
  }
  return { files, ignored };
}

export async function importLegacyDirectory(dir: string, options: ImportOptions): Promise<ImportReport> {
  const { files, ignored } = await readExportDirectory(dir);
  const report = await importLegacy(files, options);
  report.ignoredFiles = ignored;
  return report;
}

/** A stable hash of a record: the same document always hashes the same, whatever its key order. */
function recordHash(record: PlainRecord): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : isRecord(value)
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical(value[key])]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(record)))
    .digest('hex')
    .slice(0, 32);
}

const validDate = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** An ObjectId's first four bytes are its creation time in seconds: the best date a record without one has. */
const objectIdDate = (id: string | null): string | null =>
  id && /^[0-9a-f]{24}$/i.test(id) ? new Date(parseInt(id.slice(0, 8), 16) * 1000).toISOString() : null;

/** The fields a family's input schema checks, and that schema. */
function inputOf(target: CollectionKey): { names: string[]; schema: z.ZodType; image: ImageField | null } {
  if (target in contentFamilies) {
    const family: ContentFamily = contentFamilies[target as keyof typeof contentFamilies];
    return {
      names: valueFields(family.fields).map((field) => field.name),
      schema: family.inputSchema,
      image: family.image,
    };
  }
  const schema =
    target === 'enrollCourse'
      ? enrollCourseFamily.inputSchema
      : requestFamilies[target as keyof typeof requestFamilies].inputSchema;
  const names = Object.keys((schema as unknown as z.ZodObject).shape).filter(
    (name) => name !== HONEYPOT_FIELD,
  );
  return { names, schema, image: null };
}

const describeErrors = (error: z.ZodError) =>
  Object.entries(fieldErrors(error))
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');

interface Planned {
  outcome: RecordOutcome;
  record: PlainRecord;
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /** Sort key within the family: the old site's order. */
  order: [number, string];
  existing: StoredItem | null;
  marker: ImportedFrom;
  /** Notes true only of a record that is written (not of one its picture then skips). */
  written: string[];
}

export async function importLegacy(
  files: Partial<Record<LegacySource, string>>,
  options: ImportOptions,
): Promise<ImportReport> {
  const { images } = options;
  // Imported items are written as they were: their due times enter the index as any write's do.
  const repository = options.coordination
    ? withDueIndex(options.repository, options.coordination, {
        retentionDays: options.retentionDays ?? REQUEST_RETENTION_DAYS,
      })
    : options.repository;
  const dryRun = options.dryRun ?? false;
  const replace = options.replace ?? false;
  const now = options.now ?? (() => new Date());
  const report: ImportReport = {
    dryRun,
    replace,
    outcomes: [],
    summary: [],
    ignoredFiles: [],
    changed: false,
    retention: { days: options.retentionDays ?? REQUEST_RETENTION_DAYS, oldestSkippedDays: null },
  };
  const touched = new Set<Target>();
  /** Pictures of items --replace deleted: removed at the end unless an imported item holds them again. */
  const wipedPictures: { folder: ImageField['folder']; value: string }[] = [];
  /** One download and one store per URL and folder, however many records name it. */
  const pictureCache = new Map<string, Promise<ProcessedImage>>();
  const offeredCourses = new Set<string>();
  /** Read once, when the first request family is imported. */
  let tombstones: Promise<Set<string>> | undefined;

  const storePicture = (folder: ImageField['folder'], value: string): Promise<ProcessedImage> => {
    const key = `${folder} ${value}`;
    let pending = pictureCache.get(key);
    if (!pending) {
      pending = fetchPicture(value, options.pictures).then(async (bytes) => {
        const file = new Blob([new Uint8Array(bytes)]);
        if (!dryRun) return images.store(folder, file);
        // A dry run makes every check of a real store (the folder's rules too), so it skips what a real run skips.
        const image = await prepareImage(folder, file);
        return { fileName: mainFileName(image.hash), width: image.width, height: image.height };
      });
      pictureCache.set(key, pending);
    }
    return pending;
  };

  for (const source of LEGACY_SOURCES) {
    const target = TARGETS[source];
    const summary: SourceSummary = {
      source,
      family: target,
      present: files[source] !== undefined,
      read: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      pastRetention: 0,
      removedHere: 0,
      removed: 0,
      picturesFetched: 0,
      picturesFailed: 0,
      unreadable: [],
    };
    report.summary.push(summary);
    const text = files[source];
    if (text === undefined) continue;
    const { records, problems } = parseExport(text);
    summary.read = records.length;
    summary.unreadable = problems;
    const outcomes: RecordOutcome[] = [];

    if (target === 'stats') {
      outcomes.push(await importStats(records, repository, dryRun));
    } else {
      outcomes.push(
        ...(await importFamily(source, target, records, {
          repository,
          dryRun,
          replace,
          now,
          summary,
          storePicture,
          wipedPictures,
          offeredCourses,
          retention: report.retention,
          tombstones: () => (tombstones ??= tombstoneKeys(repository)),
        })),
      );
    }
    for (const outcome of outcomes) {
      if (outcome.action === 'create') summary.created += 1;
      else if (outcome.action === 'update') summary.updated += 1;
      else if (outcome.action === 'unchanged') summary.unchanged += 1;
      else summary.skipped += 1;
      if (outcome.picture === 'fetched') summary.picturesFetched += 1;
      if (outcome.picture === 'failed') summary.picturesFailed += 1;
    }
    if (summary.created + summary.updated + summary.removed > 0) touched.add(target);
    report.outcomes.push(...outcomes);
  }

  if (!dryRun && wipedPictures.length > 0) await removeUnheldPictures(repository, images, wipedPictures);
  report.changed = !dryRun && touched.size > 0;
  if (report.changed) {
    await options.publish?.([...touched].map(cacheTagOf));
    await options.audit?.({
      action: 'legacy-import',
      target: { family: 'import', id: 'legacy' },
      detail: {
        written: report.summary.reduce((sum, row) => sum + row.created + row.updated, 0),
        removed: report.summary.reduce((sum, row) => sum + row.removed, 0),
      },
    });
  }
  return report;
}

async function importStats(records: PlainRecord[], repository: Repository, dryRun: boolean) {
  const record = records[0];
  const outcome: RecordOutcome = {
    source: 'stats',
    sourceId: typeof record?._id === 'string' ? record._id : null,
    action: 'skip',
    notes: [],
  };
  if (!record) return { ...outcome, reason: 'empty export' };
  const others = Object.keys(record).filter((key) => key.startsWith('total') && key !== 'totalCourses');
  if (others.length > 0) outcome.notes.push(IMPORT_REASONS.statsNotImported(others));
  if (records.length > 1)
    outcome.notes.push(`${records.length - 1} further documents ignored (stats is one document)`);
  const parsed = statsFamily.inputSchema.safeParse({ totalCourses: record.totalCourses });
  if (!parsed.success) return { ...outcome, reason: describeErrors(parsed.error) };
  const current = await repository.getDocument<Stats>('stats');
  if (current?.totalCourses === parsed.data.totalCourses) return { ...outcome, action: 'unchanged' as const };
  if (!dryRun) await repository.setDocument<Stats>('stats', { totalCourses: parsed.data.totalCourses });
  return { ...outcome, action: 'update' as const };
}

interface FamilyContext {
  repository: Repository;
  dryRun: boolean;
  replace: boolean;
  now: () => Date;
  summary: SourceSummary;
  storePicture: (folder: ImageField['folder'], value: string) => Promise<ProcessedImage>;
  wipedPictures: { folder: ImageField['folder']; value: string }[];
  /** Course names (normalised) offered here or by this import: active courses only. */
  offeredCourses: Set<string>;
  retention: ImportReport['retention'];
  tombstones: () => Promise<Set<string>>;
}

async function importFamily(
  source: LegacySource,
  target: CollectionKey,
  records: PlainRecord[],
  context: FamilyContext,
): Promise<RecordOutcome[]> {
  const { repository, dryRun } = context;
  const input = inputOf(target);
  let present = await repository.list(target);
  if (context.replace) {
    context.summary.removed = present.length;
    if (!dryRun) {
      for (const item of present) {
        await repository.delete(target, item._id);
        if (input.image && typeof item.image === 'string')
          context.wipedPictures.push({ folder: input.image.folder, value: item.image });
      }
    }
    present = [];
  }
  const sourceIdOf = (item: StoredItem) => {
    const marker = item.importedFrom as ImportedFrom | undefined;
    return isRecord(marker) && marker.source === source && typeof marker.id === 'string' ? marker.id : null;
  };
  const bySourceId = new Map<string, StoredItem>();
  for (const item of present) {
    const id = sourceIdOf(item);
    if (id !== null) bySourceId.set(id, item);
  }
  // An item deleted here waits in the Trash for a restore; importing its record again would make a second one.
  const trashed = new Set<string>();
  if (!context.replace)
    for (const entry of await repository.listTrash()) {
      const id = entry.collection === target ? sourceIdOf(entry.item) : null;
      if (id !== null) trashed.add(id);
    }
  const isRequest = REQUEST_TARGETS.has(target);
  const tombstones = isRequest ? await context.tombstones() : new Set<string>();
  const cutoff = retentionCutoff(context.now(), context.retention.days);
  if (target === 'enroll')
    for (const course of await repository.list('enrollCourse'))
      if (course.isActive !== false) context.offeredCourses.add(normaliseUnique(course.courseName));
  const seenUnique = new Map<string, string>();

  const outcomes: RecordOutcome[] = [];
  const planned: Planned[] = [];
  for (const record of records) {
    const sourceId = typeof record._id === 'string' && record._id !== '' ? record._id : null;
    const outcome: RecordOutcome = { source, sourceId, action: 'skip', notes: [] };
    outcomes.push(outcome);
    if (sourceId === null) {
      outcome.reason = IMPORT_REASONS.noId;
      continue;
    }
    if (isRequest && tombstones.has(tombstoneKey(source, sourceId))) {
      outcome.reason = IMPORT_REASONS.removedHere;
      context.summary.removedHere += 1;
      continue;
    }
    if (trashed.has(sourceId)) {
      outcome.reason = IMPORT_REASONS.inTrash;
      continue;
    }
    const picked = Object.fromEntries(
      input.names
        .filter((name) => record[name] !== undefined && record[name] !== null)
        .map((name) => [name, record[name]]),
    );
    const parsed = input.schema.safeParse(picked);
    if (!parsed.success) {
      outcome.reason = describeErrors(parsed.error);
      continue;
    }
    const fields = parsed.data as Record<string, unknown>;
    const createdAt = validDate(record.createdAt) ?? objectIdDate(sourceId) ?? context.now().toISOString();
    if (isRequest && Date.parse(createdAt) < cutoff) {
      outcome.reason = IMPORT_REASONS.pastRetention(context.retention.days);
      context.summary.pastRetention += 1;
      const days = Math.floor((context.now().getTime() - Date.parse(createdAt)) / DAY_MS);
      context.retention.oldestSkippedDays = Math.max(context.retention.oldestSkippedDays ?? 0, days);
      continue;
    }
    const inactive = HAS_ACTIVE_FLAG.has(source) && record.isActive === false;
    // Hidden here as it was there: a draft content item, an inactive course.
    if (inactive) fields[target === 'enrollCourse' ? 'isActive' : 'published'] = false;
    const hash = recordHash(record);
    const existing = bySourceId.get(sourceId) ?? null;
    if (target === 'enrollCourse') {
      const name = normaliseUnique(fields.courseName);
      const first = seenUnique.get(name);
      if (first !== undefined) {
        outcome.reason = IMPORT_REASONS.duplicateCourse(first);
        continue;
      }
      seenUnique.set(name, sourceId);
      // Known before anything is written, so a dry run notes the same enrolments as the real run.
      if (!inactive) context.offeredCourses.add(name);
      const holder = present.find((item) => normaliseUnique(item.courseName) === name);
      if (holder && holder._id !== existing?._id) {
        outcome.reason = IMPORT_REASONS.courseExists;
        continue;
      }
    }
    if (target === 'enroll' && !context.offeredCourses.has(normaliseUnique(fields.course)))
      outcome.notes.push(IMPORT_REASONS.courseNotOffered(String(fields.course)));
    if (existing && (existing.importedFrom as ImportedFrom).hash === hash) {
      outcome.action = 'unchanged';
      outcome.id = existing._id;
      continue;
    }
    const updatedAt = validDate(record.updatedAt) ?? createdAt;
    const position = typeof record.position === 'number' ? record.position : Number.MAX_SAFE_INTEGER;
    outcome.action = existing ? 'update' : 'create';
    planned.push({
      outcome,
      record,
      fields,
      createdAt,
      updatedAt,
      order: [source === 'homeservices' ? position : 0, createdAt],
      existing,
      marker: { source, id: sourceId, hash },
      written: inactive
        ? [target === 'enrollCourse' ? IMPORT_REASONS.importedInactive : IMPORT_REASONS.importedAsDraft]
        : [],
    });
  }

  // The old site's order, then one id per new item whose time never goes backwards within the family.
  planned.sort((a, b) => a.order[0] - b.order[0] || a.order[1].localeCompare(b.order[1]));
  let lastTime = 0;
  const ids = planned.map((plan) => {
    if (plan.existing) return plan.existing._id;
    lastTime = Math.max(Date.parse(plan.createdAt), lastTime + 1);
    return idAt(lastTime);
  });

  const items = await mapPool(planned, PICTURE_CONCURRENCY, async (plan, index) => {
    const item: StoredItem = {
      ...plan.fields,
      _id: ids[index] as string,
      createdAt: plan.createdAt,
      updatedAt: plan.updatedAt,
    };
    const rule = input.image;
    const value = typeof plan.record.image === 'string' ? plan.record.image.trim() : '';
    if (rule && value !== '') {
      const previous = plan.existing?.importedFrom as ImportedFrom | undefined;
      if (plan.existing && previous?.picture === value && typeof plan.existing.image === 'string') {
        Object.assign(item, pick(plan.existing, ['image', 'imageWidth', 'imageHeight']));
        plan.marker.picture = value;
        plan.outcome.picture = 'kept';
      } else {
        try {
          const stored = await context.storePicture(rule.folder, value);
          Object.assign(item, {
            image: storedImageValue(stored.fileName, rule.folder, rule.storedAs),
            imageWidth: stored.width,
            imageHeight: stored.height,
          });
          plan.marker.picture = value;
          plan.outcome.picture = 'fetched';
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (!(error instanceof PictureFetchError) && !isRejection(error)) throw error;
          plan.outcome.picture = 'failed';
          if (rule.requiredOnCreate) {
            plan.outcome.action = 'skip';
            plan.outcome.reason = IMPORT_REASONS.pictureFailed(reason);
            return null;
          }
          plan.outcome.notes.push(IMPORT_REASONS.importedWithoutPicture(reason));
        }
      }
    } else if (rule?.requiredOnCreate) {
      plan.outcome.action = 'skip';
      plan.outcome.reason = IMPORT_REASONS.noPicture;
      return null;
    }
    plan.outcome.id = item._id;
    plan.outcome.notes.push(...plan.written);
    return { ...item, importedFrom: plan.marker } as StoredItem;
  });

  if (!dryRun) {
    await mapPool(
      items.filter((item): item is StoredItem => item !== null),
      WRITE_CONCURRENCY,
      (item) => repository.put(target, item),
    );
  }
  return outcomes;
}

const isRejection = (error: unknown) => error instanceof Error && error.name === 'ImageRejectedError';

const pick = (item: Record<string, unknown>, names: string[]) =>
  Object.fromEntries(names.filter((name) => item[name] !== undefined).map((name) => [name, item[name]]));

/** After --replace: a wiped item's picture goes unless an item of a family sharing its folder holds it again. */
async function removeUnheldPictures(
  repository: Repository,
  images: ImageService,
  wiped: { folder: ImageField['folder']; value: string }[],
) {
  const held = new Set<string>();
  for (const family of Object.values(contentFamilies)) {
    if (!family.image) continue;
    for (const item of await repository.list(family.key))
      if (typeof item.image === 'string') held.add(`${family.image.folder} ${item.image}`);
  }
  const done = new Set<string>();
  for (const { folder, value } of wiped) {
    const key = `${folder} ${value}`;
    if (held.has(key) || done.has(key)) continue;
    done.add(key);
    await images.remove(folder, value);
  }
}

/** The summary table the CLI prints: one row per collection. */
export function formatImportSummary(report: ImportReport): string {
  const header = [
    'collection',
    'read',
    'imported',
    'unchanged',
    'skipped',
    'past retention',
    'pictures fetched',
    'pictures failed',
  ];
  if (report.replace) header.splice(1, 0, 'removed');
  const rows = report.summary
    .filter((row) => row.present)
    .map((row) => {
      const cells = [
        row.source,
        row.read,
        row.created + row.updated,
        row.unchanged,
        row.skipped + row.unreadable.length,
        REQUEST_TARGETS.has(row.family) ? row.pastRetention : '-',
        row.picturesFetched,
        row.picturesFailed,
      ].map(String);
      if (report.replace) cells.splice(1, 0, String(row.removed));
      return cells;
    });
  const notes: string[] = [];
  const past = report.summary.reduce((sum, row) => sum + row.pastRetention, 0);
  if (past > 0 && report.retention.oldestSkippedDays !== null)
    notes.push(IMPORT_REASONS.retentionHint(past, report.retention.days, report.retention.oldestSkippedDays));
  const removedHere = report.summary.reduce((sum, row) => sum + row.removedHere, 0);
  if (removedHere > 0) notes.push(IMPORT_REASONS.removedHereTotal(removedHere));
  return [formatTable(header, rows), ...notes].join('\n\n');
}
