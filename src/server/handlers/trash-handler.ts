/**
 * The admin's trash: every delete of a trashable family lands here (registry: content, requests, courses);
 * `GET /api/v1/trash` lists it, `POST /api/v1/trash/{family}/{id}/restore` puts an item back under its id.
 */
import { TRASH_RETENTION_DAYS } from '../../lib/constants.ts';
import { REQUEST_FAMILY_KEYS } from '../../lib/families.ts';
import { API } from '../../lib/api-messages.ts';
import { requireAdmin } from '../auth/guard.ts';
import { publishChange } from '../cdn/publish-change.ts';
import type { Deps } from '../deps.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { conflict, HttpError, notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { UniqueConflictError, type StoredItem, type TrashEntry } from '../repository/port.ts';
import { leaveTombstone } from '../enquiries/tombstones.ts';
import { discardImage, present } from './content-handler.ts';
import type { ApiRegistry } from './api-router.ts';
import { enrollCourseFamily, type ContentFamily } from '../../lib/collections.ts';

const RESTORE_ROUTE = /^([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,128})\/restore$/;

/** A trashable family as the trash sees it: its key, title field and, for public ones, its cache tag. */
export interface TrashFamily {
  key: string;
  titleField: string;
  /** Public families purge their CDN tag and rebuild on a restore; personal-data requests are not public. */
  cacheTag: string | null;
  /** Content families present items (position, imageUrl) and own pictures. */
  content: ContentFamily | null;
}

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
    {
      key: enrollCourseFamily.key,
      titleField: enrollCourseFamily.titleField,
      cacheTag: enrollCourseFamily.cacheTag,
      content: null,
    },
  ];
}

export function trashHandler(registry: ApiRegistry, path: string): RouteHandler {
  const families = trashFamilies(registry);
  const byKey = (key: string) => families.find((family) => family.key.toLowerCase() === key.toLowerCase());
  return async ({ request, deps }) => {
    const route = matchRoute(request, path);
    if (route?.kind === 'collection') return dispatch(request, { GET: () => list(families, deps, request) });
    const restore = route?.kind === 'other' ? RESTORE_ROUTE.exec(route.rest) : null;
    const family = restore ? byKey(restore[1] ?? '') : undefined;
    if (restore && family) {
      return dispatch(request, { POST: () => restoreItem(family, deps, request, restore[2] ?? '') });
    }
    return notFound(API.notFoundRoute);
  };
}

async function list(families: TrashFamily[], deps: Deps, request: Request) {
  await requireAdmin(request, deps, 'read');
  const known = new Map(families.map((family) => [family.key, family]));
  const entries = (await deps.repository.listTrash()).filter((entry) => known.has(entry.collection));
  return ok(
    entries.map((entry) => ({
      _id: entry.item._id,
      family: entry.collection,
      title: String(entry.item[known.get(entry.collection)?.titleField ?? ''] ?? ''),
      deletedAt: entry.deletedAt,
    })),
  );
}

async function restoreItem(family: TrashFamily, deps: Deps, request: Request, id: string) {
  await requireAdmin(request, deps, 'write');
  let item: StoredItem | null;
  try {
    item = await deps.repository.restoreFromTrash(family.key, id);
  } catch (error) {
    if (error instanceof UniqueConflictError) throw new HttpError(conflict(API.restoreConflict));
    throw error;
  }
  if (!item) return notFound();
  if (family.cacheTag) await publishChange(deps, family.cacheTag);
  return ok(family.content ? present(family.content, item) : item, { message: API.restored });
}

const DAY_MS = 86_400_000;

/**
 * The scheduled purge: trash entries older than TRASH_RETENTION_DAYS go for good, and only then are their
 * pictures freed (when no other item, live or trashed, holds them). Returns how many entries were purged.
 */
export async function purgeTrash(registry: ApiRegistry, deps: Deps): Promise<number> {
  const families = new Map(trashFamilies(registry).map((family) => [family.key, family]));
  const cutoff = deps.now().getTime() - TRASH_RETENTION_DAYS * DAY_MS;
  const expired = (await deps.repository.listTrash()).filter(
    (entry: TrashEntry) => Date.parse(entry.deletedAt) < cutoff,
  );
  let purged = 0;
  for (const entry of expired) {
    // A purged request is gone for good: the importer must not bring it back from the old site's export.
    if ((REQUEST_FAMILY_KEYS as readonly string[]).includes(entry.collection))
      await leaveTombstone(deps.repository, entry.item);
    const removed = await deps.repository.purgeFromTrash(entry.collection, entry.item._id);
    if (!removed) continue;
    purged += 1;
    const content = families.get(entry.collection)?.content;
    if (content && typeof removed.item.image === 'string')
      await discardImage(content, deps, removed.item.image);
  }
  return purged;
}
