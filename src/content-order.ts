/**
 * What the public pages show of the store, read when a page is rendered (pages render on demand behind the CDN,
 * which keeps each answer until a write purges its tags: src/lib/page-cache.ts). Reads go through the repository,
 * the same code the API uses, with the public rules of src/content-loaders.ts (drafts, schedules and private
 * fields left out) and each family's item schema, in the admin's order. Pages read stored content only through
 * here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { z } from 'zod';
import { publishedItems } from './content-loaders.ts';
import {
  contentFamilies,
  enrollCourseFamily,
  settingsFamily,
  statsFamily,
  type ContentFamily,
  type ContentFamilyKey,
} from './lib/collections.ts';
import { byPosition, valueFields } from './lib/fields.ts';
import type { ImageFolder } from './lib/families.ts';
import type { PublicItem } from './lib/public-items.ts';
import type { PublicContentFamilyKey } from './families/index.ts';
import { availabilityFromCounts, type BatchAvailability } from './lib/batches.ts';
import { isLiveAt, nextChangeAfter } from './lib/schedule.ts';
import { resolveSettings, type SiteSettings } from './lib/site-settings.ts';
import { createCoordinationFromEnv, getRepository, type Coordination } from './server/repository/index.ts';
import { seatsHeldIn } from './server/seats/batch-seats.ts';
import { SINGLETON_ID } from './server/repository/keys.ts';

type ContentFamilies = typeof contentFamilies;
export type StoredContent<K extends PublicContentFamilyKey> = z.output<ContentFamilies[K]['itemSchema']>;

const familyOf = (key: ContentFamilyKey): ContentFamily => contentFamilies[key];

/**
 * One render reads each thing once: the layout, the navbar, the footer and the page all ask for the site
 * settings, and a page joins the same families in several helpers. Kept for the request only (a later request
 * must see a later write).
 */
const requestReads = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs one request's rendering with its own memo of store reads. */
export const withRequestReads = <T>(run: () => Promise<T>): Promise<T> => requestReads.run(new Map(), run);

function readOnce<T>(name: string, read: () => Promise<T>): Promise<T> {
  const reads = requestReads.getStore();
  if (!reads) return read();
  let pending = reads.get(name) as Promise<T> | undefined;
  if (!pending) reads.set(name, (pending = read()));
  return pending;
}

/**
 * The next scheduled change (epoch ms) of each family as last read: a page's CDN age is capped at it
 * (src/lib/page-cache.ts), since nothing purges the page at that moment. A value of the store, not of a request,
 * so the latest read is the right one to keep.
 */
const nextChanges = new Map<string, number | null>();

/** The earliest next scheduled change among `keys` as last read (epoch ms), or null. */
export function nextScheduledChange(keys: readonly string[]): number | null {
  let next: number | null = null;
  for (const key of keys) {
    const at = nextChanges.get(key) ?? null;
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}

export function orderedContent<K extends PublicContentFamilyKey>(key: K): Promise<StoredContent<K>[]> {
  return readOnce(`content:${key}`, () => readOrdered(key));
}

async function readOrdered<K extends PublicContentFamilyKey>(key: K): Promise<StoredContent<K>[]> {
  const repository = getRepository();
  const now = new Date();
  const [items, stored] = await Promise.all([publishedItems(repository, key, now), repository.list(key)]);
  nextChanges.set(key, nextChangeAfter(stored, now.getTime()));
  const schema = familyOf(key).itemSchema;
  return items.map((item) => schema.parse(item) as StoredContent<K>).sort(byPosition);
}

/**
 * The published items as a page hands them to its sections and islands: the family's own fields (and its
 * picture's), nothing of the server's bookkeeping, typed from the registry (src/lib/public-items.ts).
 */
export async function publicItems<K extends PublicContentFamilyKey>(key: K): Promise<PublicItem<K>[]> {
  const family = familyOf(key);
  const names = [
    '_id',
    ...valueFields(family.fields).map((field) => field.name),
    ...(family.image ? ['image', 'imageWidth', 'imageHeight', 'alt'] : []),
  ];
  return (await orderedContent(key)).map(
    (data) =>
      Object.fromEntries(
        names.flatMap((name) => (name in data ? [[name, (data as Record<string, unknown>)[name]]] : [])),
      ) as PublicItem<K>,
  );
}

/** Where a family's pictures are kept (its image field's folder), for the sections that show them. */
export function imageFolderOf(key: ContentFamilyKey): ImageFolder {
  const { image } = familyOf(key);
  if (!image) throw new Error(`The ${key} family has no picture`);
  return image.folder;
}

/** The stored site settings over their seed (src/lib/site-settings.ts), so never missing. */
export function storedSiteSettings(): Promise<SiteSettings> {
  return readOnce('siteSettings', readSiteSettings);
}

async function readSiteSettings(): Promise<SiteSettings> {
  const stored = await getRepository().get(settingsFamily.key, SINGLETON_ID);
  return settingsFamily.valuesSchema.parse(resolveSettings(stored)) as SiteSettings;
}

/** The home page's figures, when any are stored. */
export async function storedStats(): Promise<z.output<typeof statsFamily.itemSchema> | undefined> {
  const stats = await getRepository().getDocument<Record<string, unknown>>('stats');
  return stats ? statsFamily.itemSchema.parse({ ...stats, id: 'stats' }) : undefined;
}

/** Enrollable courses that are offered (an inactive course is hidden from the enrol form). */
export async function activeEnrollCourses(): Promise<z.output<typeof enrollCourseFamily.itemSchema>[]> {
  return (await getRepository().list(enrollCourseFamily.key))
    .filter((course) => course.isActive !== false)
    .map((course) => enrollCourseFamily.itemSchema.parse({ ...course, id: course._id }));
}

let coordination: Coordination | undefined;

/**
 * Each published batch's seats and state now: figures only, no enrolment. Seats come from each batch's seat
 * account (src/server/seats/batch-seats.ts), as the availability API counts them, not from the enrolments.
 */
export function currentBatchSeats(): Promise<BatchAvailability[]> {
  return readOnce('batchSeats', readBatchSeats);
}

async function readBatchSeats(): Promise<BatchAvailability[]> {
  const repository = getRepository();
  coordination ??= createCoordinationFromEnv(process.env);
  const stores = { repository, coordination };
  const now = new Date();
  const batches = (await repository.list(contentFamilies.batch.key)).filter((batch) =>
    isLiveAt(batch, now.getTime()),
  );
  const held = await Promise.all(batches.map((batch) => seatsHeldIn(stores, batch._id)));
  const taken = new Map(batches.map((batch, i) => [batch._id, held[i] ?? 0]));
  return availabilityFromCounts(batches, (id) => taken.get(id) ?? 0, now);
}
