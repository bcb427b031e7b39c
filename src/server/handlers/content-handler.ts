/**
 * The routes of every content family of the registry: public list and item, and for staff drafts, create /
 * update / delete (to the trash), order, history and CSV. The work is in content-read.ts, content-write.ts,
 * content-history.ts and content-images.ts.
 */
import { contentFamilies, CSV_EXPORT_NAME, type ContentFamily } from '../../lib/collections.ts';
import { publicCache } from '../http/cache-policy.ts';
import { PUBLIC, publicRoute, READ, STAFF, staffRoute, type ApiRoute } from '../http/route-table.ts';
import { listRevisions, restoreRevision } from './content-history.ts';
import { exportCsv, listAll, listPublished, read } from './content-read.ts';
import { create, remove, reorder, update } from './content-write.ts';

const ORDER_SEGMENT = 'order';
const DRAFTS_PARAM = 'drafts';

/**
 * A content family's routes: the public list and item (cached at the CDN under the family's tag), and for staff
 * the same with drafts (`?drafts=1`), create, update, delete (to the trash), order, history and the CSV.
 * `families` is the registry the API is served from: deleting an item is refused while an item of any of them
 * refers to it.
 */
export function contentRoutes(
  family: ContentFamily,
  families: readonly ContentFamily[] = Object.values(contentFamilies),
): ApiRoute[] {
  const base = family.path;
  const item = `${base}/:id`;
  const on = { family: family.key };
  const drafts = { ...on, query: { [DRAFTS_PARAM]: '1' } };
  const cache = publicCache(family.cacheTag);
  return [
    // Order before the item: `order` is no item id.
    staffRoute('PUT', `${base}/${ORDER_SEGMENT}`, STAFF, ['reorder'], (input) => reorder(family, input), on),
    staffRoute(
      'GET',
      `${base}/${CSV_EXPORT_NAME}`,
      STAFF,
      ['export'],
      (input) => exportCsv(family, input),
      on,
    ),
    staffRoute('GET', `${item}/revisions`, STAFF, READ, (input) => listRevisions(family, input), on),
    staffRoute(
      'POST',
      `${item}/revisions/:rev/restore`,
      STAFF,
      ['restore'],
      (input) => restoreRevision(family, input, input.params.id ?? '', input.params.rev ?? ''),
      on,
    ),
    // A staff-only family (certificates) answers its list and items to staff alone, with or without `?drafts=1`.
    staffRoute('GET', base, STAFF, READ, ({ deps }) => listAll(family, deps), family.staffOnly ? on : drafts),
    ...(family.staffOnly
      ? []
      : [
          publicRoute('GET', base, PUBLIC, READ, ({ deps }) => listPublished(family, deps), { ...on, cache }),
        ]),
    staffRoute('POST', base, STAFF, ['create'], (input) => create(family, input), on),
    staffRoute(
      'GET',
      item,
      STAFF,
      READ,
      ({ deps, params }) => read(family, deps, params.id ?? '', true),
      family.staffOnly ? on : drafts,
    ),
    ...(family.staffOnly
      ? []
      : [
          publicRoute(
            'GET',
            item,
            PUBLIC,
            READ,
            ({ deps, params }) => read(family, deps, params.id ?? '', false),
            { ...on, cache },
          ),
        ]),
    staffRoute('PUT', item, STAFF, ['update'], (input) => update(family, input, input.params.id ?? ''), on),
    staffRoute(
      'DELETE',
      item,
      STAFF,
      ['delete'],
      (input) => remove(family, families, input, input.params.id ?? ''),
      on,
    ),
  ];
}
