/**
 * Finding requests for the admin: the filters of the list endpoint (status, text search, IST date range,
 * course) over the repository's newest-first pages. Ids are time-ordered, so a date range starts and stops the
 * scan instead of reading every request; a text search reads pages until it has a page of matches.
 */
import type { RequestFamily } from '../../lib/collections.ts';
import {
  deliveryState,
  sourceKey,
  statusOf,
  type Outbox,
  type RequestListQuery,
} from '../../lib/enquiries.ts';
import { REQUEST_LIST_MAX_LIMIT } from '../../lib/constants.ts';
import { istDayEnd, istDayStart } from '../../lib/ist.ts';
import { idFloor, idTime, isId } from '../repository/ids.ts';
import type { Page, Repository, StoredItem } from '../repository/port.ts';

/** Pages one call reads at most; beyond that it answers what it found with a cursor to go on from. */
const MAX_SCAN_PAGES = 20;

export type RequestFilter = Omit<RequestListQuery, 'limit' | 'cursor'>;

const fold = (value: unknown) => (typeof value === 'string' ? value.toLocaleLowerCase('en') : '');
const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : '');

export const hasFilter = (filter: RequestFilter) =>
  Boolean(
    filter.status || filter.q || filter.from || filter.to || filter.course || filter.batch || filter.source,
  );

/** Whether an item passes the filters other than the date range (the scan bounds take care of that). */
export function matches(item: StoredItem, filter: RequestFilter): boolean {
  if (filter.status && statusOf(item) !== filter.status) return false;
  if (filter.course && fold(item.course).trim() !== fold(filter.course)) return false;
  if (filter.source && sourceKey(item) !== fold(filter.source)) return false;
  if (filter.batch && item.batch !== filter.batch) return false;
  if (filter.from && Date.parse(item.createdAt) < istDayStart(filter.from)) return false;
  if (filter.to && Date.parse(item.createdAt) > istDayEnd(filter.to)) return false;
  if (filter.q) {
    const q = fold(filter.q);
    const inText = ['name', 'email', 'phone', 'message', 'organisation', 'notes', 'reference'].some((field) =>
      fold(item[field]).includes(q),
    );
    // "98765 43210" finds "+91-98765-43210": phone numbers are compared by their digits too.
    const qDigits = digits(filter.q);
    const inPhone = qDigits.length >= 3 && digits(item.phone).includes(qDigits);
    if (!inText && !inPhone && item._id !== filter.q) return false;
  }
  return true;
}

/** Newest first, up to `limit` matches after `cursor`; `nextCursor` continues the same search. */
export async function findRequests(
  repository: Repository,
  family: RequestFamily,
  filter: RequestFilter,
  options: { limit: number; cursor: string | null },
): Promise<Page> {
  let cursor = options.cursor && isId(options.cursor) ? options.cursor : null;
  if (!hasFilter(filter)) return repository.listPage(family.key, { limit: options.limit, cursor });
  if (filter.to) {
    const ceiling = idFloor(istDayEnd(filter.to) + 1);
    if (!cursor || ceiling < cursor) cursor = ceiling;
  }
  const oldest = filter.from ? istDayStart(filter.from) : -Infinity;
  const found: StoredItem[] = [];
  for (let pages = 0; pages < MAX_SCAN_PAGES; pages++) {
    const page = await repository.listPage(family.key, { limit: REQUEST_LIST_MAX_LIMIT, cursor });
    for (const [index, item] of page.items.entries()) {
      // Items are newest first and an id's time is never earlier than its createdAt: nothing older can match.
      if (idTime(item._id) < oldest) return { items: found, nextCursor: null };
      if (!matches(item, filter)) continue;
      found.push(item);
      if (found.length === options.limit) {
        const more = index < page.items.length - 1 || page.nextCursor !== null;
        return { items: found, nextCursor: more ? item._id : null };
      }
    }
    if (!page.nextCursor) return { items: found, nextCursor: null };
    cursor = page.nextCursor;
  }
  return { items: found, nextCursor: cursor };
}

/** The requests of a family that pass `filter`, newest first, a page at a time (the CSV streams them). */
export async function* requestPages(
  repository: Repository,
  family: RequestFamily,
  filter: RequestFilter = {},
): AsyncGenerator<StoredItem[]> {
  let cursor: string | null = null;
  do {
    const page = await findRequests(repository, family, filter, { limit: REQUEST_LIST_MAX_LIMIT, cursor });
    yield page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/** Every request of a family, newest first: the unparameterised list and a batch's roster read all of them. */
export async function allRequests(repository: Repository, family: RequestFamily, filter: RequestFilter = {}) {
  const items: StoredItem[] = [];
  for await (const page of requestPages(repository, family, filter)) items.push(...page);
  return items;
}

/** An item as the admin list shows it: with its delivery state (sent / retrying / failed) worked out. */
export function forAdmin(item: StoredItem): StoredItem {
  const delivery = deliveryState(item.outbox as Outbox | undefined);
  return delivery ? { ...item, delivery } : item;
}
