/**
 * What a content family's reads answer: the staff list with drafts, the public list and item (only what is live
 * now, cached no longer than the family's next scheduled change), and the CSV export.
 */
import type { ContentFamily } from '../../lib/collections.ts';
import { fieldCsv, publicView } from '../../lib/fields.ts';
import { resolveImageUrl } from '../../lib/image-url.ts';
import { nextChangeAfter } from '../../lib/schedule.ts';
import { auditAction } from '../audit/audit-log.ts';
import { csvResponse } from '../csv.ts';
import type { Deps } from '../deps.ts';
import { capCdnAge } from '../http/cache-policy.ts';
import { notFound, ok } from '../http/respond.ts';
import type { StaffInput } from '../http/route-table.ts';
import { etagOf, UPDATED_BY } from '../http/versions.ts';
import { versionOf, type StoredItem } from '../repository/port.ts';
import { liveItems, publicScheduleView } from './content-schedule.ts';

export const isPublished = (item: StoredItem) => item.published !== false;

/**
 * An item as the API answers it: its place in the order, its draft state made explicit and, with a picture,
 * the picture's absolute path whatever form it is stored in.
 */
export function present(family: ContentFamily, item: StoredItem, position?: number): StoredItem {
  // Who edited is for staff (the history and a refused save say it), never for the public API.
  const { [UPDATED_BY]: _editor, ...rest } = item;
  const shown: StoredItem = { ...rest, published: isPublished(item), version: versionOf(item) };
  if (position !== undefined) shown.position = position;
  if (family.image && typeof item.image === 'string' && item.image !== '')
    shown.imageUrl = resolveImageUrl(item.image, family.image.folder);
  return shown;
}

/** The family in its order, each item with its position (drafts included: positions are the admin's). */
export async function orderedItems(family: ContentFamily, deps: Deps): Promise<StoredItem[]> {
  return (await deps.repository.list(family.key)).map((item, index) => present(family, item, index));
}

/** The family's items as CSV, one column per field, each cell written by its field's kind. */
export async function exportCsv(family: ContentFamily, input: StaffInput) {
  const { deps, actor } = input;
  const items = await deps.repository.list(family.key);
  const columns = ['createdAt', 'updatedAt', ...family.fields.map((field) => field.name)];
  // Each cell as its field's kind writes it: points one per line, a picture as its URL, money in rupees, times in IST.
  const rows = items.map((item) => ({
    ...item,
    ...Object.fromEntries(family.fields.map((field) => [field.name, fieldCsv(field, item[field.name])])),
  }));
  await auditAction(input, actor, { action: 'export', family: family.key });
  return csvResponse(family.key, columns, rows, deps.now());
}

/** Drafts included: what staff see (`?drafts=1`). */
export async function listAll(family: ContentFamily, deps: Deps) {
  return ok(await orderedItems(family, deps));
}

/** An item as the public reads it: without what it keeps private (an anonymous client's name) or its schedule. */
const publicItem = (family: ContentFamily, item: StoredItem) =>
  publicView(family.fields, publicScheduleView(item));

/**
 * A public answer that changes by itself when the family's next scheduled time comes: the CDN keeps it no longer
 * than that, so a due item is never hidden behind a cached copy.
 */
function untilNextChange(response: Response, items: readonly StoredItem[], now: Date): Response {
  const next = nextChangeAfter(items, now.getTime());
  return next === null ? response : capCdnAge(response, (next - now.getTime()) / 1000);
}

/** The public list: the items live now (published, or scheduled and due), each as the public reads it. */
export async function listPublished(family: ContentFamily, deps: Deps) {
  const now = deps.now();
  const items = await orderedItems(family, deps);
  return untilNextChange(ok(liveItems(items, now).map((item) => publicItem(family, item))), items, now);
}

export async function read(family: ContentFamily, deps: Deps, id: string, drafts: boolean) {
  const now = deps.now();
  const items = await orderedItems(family, deps);
  const item = items.find((candidate) => candidate._id === id);
  if (!item || (!drafts && liveItems([item], now).length === 0)) return notFound();
  // The version as an ETag for staff, who send it back as If-Match; public copies are the CDN's to validate.
  return drafts
    ? ok(item, { headers: { ETag: etagOf(versionOf(item)) } })
    : untilNextChange(ok(publicItem(family, item)), [item], now);
}
