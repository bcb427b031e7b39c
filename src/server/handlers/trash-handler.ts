/**
 * The admin's trash: every delete of a trashable family lands here (registry: content, requests, courses);
 * `GET /api/v1/trash` lists it (with who deleted what), `POST /api/v1/trash/{family}/{id}/restore` puts an item
 * back under its id, and owners may `DELETE /api/v1/trash/{family}/{id}` to delete one for good before the purge.
 */
import { doneWith, dueMemberOf, dueMembers, DUE_QUEUES, trashDueAt } from '../schedule/due-index.ts';
import { DAY_MS, TRASH_RETENTION_DAYS } from '../../lib/constants.ts';
import { isRequestFamilyKey } from '../../families/index.ts';
import { API } from '../../lib/api-messages.ts';
import { auditAction, forgetRequestNames } from '../audit/audit-log.ts';
import { DELETED_BY } from './move-to-trash.ts';
import { publishChange } from '../cdn/publish-change.ts';
import { purgeSeatsIfHeld } from './enroll-batch.ts';
import { holdsSeat } from '../../lib/batches.ts';
import { takeSeat } from '../seats/batch-seats.ts';
import type { Deps } from '../deps.ts';
import { conflict, HttpError, notFound, ok } from '../http/respond.ts';
import { OWNER, READ, STAFF, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { hasRelations, restoreRefusal } from './content-relations.ts';
import { createHooksOf } from './create-hooks.ts';
import { UniqueConflictError, type StoredItem, type TrashEntry } from '../repository/port.ts';
import { leaveTombstone } from '../enquiries/tombstones.ts';
import { keepsTaxRecord, keepTrashedTaxRecord } from '../fees/tax-records.ts';
import { discardImage } from './content-images.ts';
import { present } from './content-read.ts';
import type { ApiRegistry } from './api-registry.ts';
import { allFamilies, contentFamilies, requestFamilies, type ContentFamily } from '../../lib/collections.ts';

/** A trashable family as the trash sees it: its key, title field and, for public ones, its cache tag. */
export interface TrashFamily {
  key: string;
  titleField: string;
  /** Public families purge their CDN tag and rebuild on a restore; personal-data requests are not public. */
  cacheTag: string | null;
  /** Content families present items (position, imageUrl) and own pictures. */
  content: ContentFamily | null;
}

/** The lookups (enrollable courses): trashable, public, with no content presentation. */
const LOOKUP_FAMILIES = allFamilies.filter((family) => family.kind === 'lookup');

export function trashFamilies(registry: ApiRegistry): TrashFamily[] {
  return [
    ...registry.content.map((family) => ({
      key: family.key,
      titleField: family.titleField,
      cacheTag: family.cacheTag,
      content: family,
    })),
    ...registry.requests.map((family) => ({
      key: family.key,
      titleField: family.titleField,
      cacheTag: null,
      content: null,
    })),
    ...LOOKUP_FAMILIES.map((family) => ({
      key: family.key,
      titleField: family.titleField,
      cacheTag: family.cacheTag,
      content: null,
    })),
  ];
}

/**
 * The trash's routes: the list, and per trashable family its entries' restore and (owners) delete for good. Each
 * family's key is a literal segment of its routes, so an unknown family is an unknown route.
 */
export function trashRoutes(registry: ApiRegistry, path: string): ApiRoute[] {
  const families = trashFamilies(registry);
  return [
    staffRoute('GET', path, STAFF, READ, ({ deps }) => list(families, deps)),
    ...families.flatMap((family) => {
      const entry = `${path}/${family.key}/:id`;
      const on = { family: family.key };
      return [
        staffRoute(
          'POST',
          `${entry}/restore`,
          STAFF,
          ['restore'],
          (input) => restoreItem(family, input, input.params.id ?? ''),
          on,
        ),
        // Deleting for good is the owners' decision: the trash is everyone's undo.
        staffRoute(
          'DELETE',
          entry,
          OWNER,
          ['purge'],
          (input) => purgeItem(family, input, input.params.id ?? ''),
          on,
        ),
      ];
    }),
  ];
}

async function list(families: TrashFamily[], deps: Deps) {
  const known = new Map(families.map((family) => [family.key, family]));
  const entries = (await deps.repository.listTrash()).filter((entry) => known.has(entry.collection));
  return ok(
    entries.map((entry) => ({
      _id: entry.item._id,
      family: entry.collection,
      title: String(entry.item[known.get(entry.collection)?.titleField ?? ''] ?? ''),
      deletedAt: entry.deletedAt,
      // Absent for items deleted before the trash recorded it.
      ...(typeof entry.item[DELETED_BY] === 'string' ? { deletedBy: entry.item[DELETED_BY] } : {}),
    })),
  );
}

async function restoreItem(family: TrashFamily, input: StaffInput, id: string) {
  const { deps, actor } = input;
  // A content item comes back only if its slugs are still its own and what it refers to still exists.
  if (family.content && hasRelations(family.content)) {
    const trashed = (await deps.repository.listTrash()).find(
      (entry) => entry.collection === family.key && entry.item._id === id,
    );
    const refusal = trashed ? await restoreRefusal(family.content, deps, trashed.item) : null;
    if (refusal) return conflict(refusal);
  }
  let item: StoredItem | null;
  try {
    item = await deps.repository.restoreFromTrash(family.key, id);
  } catch (error) {
    if (!(error instanceof UniqueConflictError)) throw error;
    // A slug claimed by another save since the check above: said as the check would have said it.
    const trashed = family.content
      ? (await deps.repository.listTrash()).find(
          (entry) => entry.collection === family.key && entry.item._id === id,
        )
      : undefined;
    const refusal =
      family.content && trashed ? await restoreRefusal(family.content, deps, trashed.item) : null;
    throw new HttpError(conflict(refusal ?? API.restoreConflict));
  }
  if (!item) return notFound();
  // An enrolled request comes back holding its batch's seat; with none left it goes back to the trash.
  if (!(await seatBackFor(deps, family.key, item))) {
    await deps.repository.trash(family.key, id, deps.now().toISOString());
    return conflict(API.batchFullRestore);
  }
  // Back in its list, the item was deleted by nobody: bookkeeping, not an edit (no version, same updatedAt).
  item =
    (await deps.repository.update(family.key, id, { [DELETED_BY]: undefined }, { touch: false }))?.item ??
    item;
  await createHooksOf(family.key)?.afterRestore?.(input, item);
  if (family.cacheTag) await publishChange(deps, family.cacheTag);
  // An enrolled request back in its list holds its batch's seat again.
  await purgeSeatsIfHeld(deps, item);
  await auditAction(input, actor, {
    action: 'restore',
    family: family.key,
    item,
    detail: { source: 'trash' },
  });
  return ok(family.content ? present(family.content, item) : item, { message: API.restored });
}

/**
 * An owner deletes one trash entry for good (an editor cannot: the trash is everyone's undo). Its pictures are
 * freed as by the purge, and a request's name leaves the audit log with it.
 */
async function purgeItem(family: TrashFamily, input: StaffInput, id: string) {
  const { deps, actor } = input;
  // A request deleted for good must not come back with a re-import of the old site: its tombstone goes first.
  if (isRequestFamilyKey(family.key)) {
    const entry = (await deps.repository.listTrash()).find(
      (candidate) => candidate.collection === family.key && candidate.item._id === id,
    );
    if (!entry) return notFound();
    // A paid enrolment leaves its tax record among the live ones, its person's details removed.
    if (keepsTaxRecord(entry.collection, entry.item)) {
      if (!(await keepTrashedTaxRecord(deps.repository, entry, deps.now().toISOString()))) return notFound();
      await auditAction(input, actor, { action: 'purge', family: family.key, item: entry.item });
      await forgetRequestNames(deps, family.key, [id]);
      return ok({ _id: id }, { message: API.purged });
    }
    await leaveTombstone(deps.repository, entry.item);
  }
  const removed = await deps.repository.purgeFromTrash(family.key, id);
  if (!removed) return notFound();
  await freeAfterPurge(family, deps, removed);
  await auditAction(input, actor, { action: 'purge', family: family.key, item: removed.item });
  // After the purge's own entry is written, so that one loses the request's name too.
  await forgetRequestNames(deps, family.key, [id]);
  return ok({ _id: id }, { message: API.purged });
}

async function freeAfterPurge(family: TrashFamily | undefined, deps: Deps, removed: TrashEntry) {
  const content = family?.content;
  if (content && typeof removed.item.image === 'string')
    await discardImage(content, deps, removed.item.image);
}

/**
 * The scheduled purge: trash entries older than TRASH_RETENTION_DAYS go for good, and only then are their
 * pictures freed (when no other item, live or trashed, holds them). Returns how many entries were purged.
 * It asks the due-time index which entries are past their time (every trash move enters one), and reads the trash
 * only when some are; an entry restored or moved to the trash again since is followed, not purged.
 */
export async function purgeTrash(registry: ApiRegistry, deps: Deps): Promise<number> {
  const now = deps.now().getTime();
  const due = (await dueMembers(deps.coordination, DUE_QUEUES.daily, now)).filter(
    (member) => member.kind === 'trash',
  );
  if (due.length === 0) return 0;
  const families = new Map(trashFamilies(registry).map((family) => [family.key, family]));
  const cutoff = now - TRASH_RETENTION_DAYS * DAY_MS;
  // The Repository reads trash entries as a whole: one read, and only on a day something is due.
  const trash = new Map(
    (await deps.repository.listTrash()).map((entry) => [`${entry.collection}/${entry.item._id}`, entry]),
  );
  let purged = 0;
  const gone = new Map<string, string[]>();
  for (const member of due) {
    const entry: TrashEntry | undefined = trash.get(`${member.collection}/${member.id}`);
    if (entry && Date.parse(entry.deletedAt) >= cutoff) {
      await deps.coordination.schedule(
        DUE_QUEUES.daily,
        dueMemberOf('trash', member.collection, member.id),
        trashDueAt(entry.deletedAt) + 1,
      );
      continue;
    }
    await doneWith(deps.coordination, member);
    if (!entry) continue;
    // A paid enrolment is not gone for good: its tax record stays among the live ones, without the person.
    if (keepsTaxRecord(entry.collection, entry.item)) {
      if (await keepTrashedTaxRecord(deps.repository, entry, deps.now().toISOString())) {
        purged += 1;
        gone.set(entry.collection, [...(gone.get(entry.collection) ?? []), entry.item._id]);
      }
      continue;
    }
    // A purged request is gone for good: the importer must not bring it back from the old site's export.
    if (isRequestFamilyKey(entry.collection)) await leaveTombstone(deps.repository, entry.item);
    const removed = await deps.repository.purgeFromTrash(entry.collection, entry.item._id);
    if (!removed) continue;
    purged += 1;
    await freeAfterPurge(families.get(entry.collection), deps, removed);
    gone.set(entry.collection, [...(gone.get(entry.collection) ?? []), entry.item._id]);
  }
  for (const [family, ids] of gone) await forgetRequestNames(deps, family, ids);
  return purged;
}

/** Whether a restored request may stay: one that held a seat takes its batch's seat again, if one is left. */
async function seatBackFor(deps: Deps, collection: string, item: StoredItem): Promise<boolean> {
  if (collection !== requestFamilies.enroll.key || !holdsSeat(item)) return true;
  const batch = await deps.repository.get(contentFamilies.batch.key, item.batch);
  return !batch || (await takeSeat(deps, batch, item._id));
}
