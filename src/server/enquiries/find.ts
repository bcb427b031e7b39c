/**
 * Finding requests for the admin: the filters of the list endpoint (status, batch, text search, IST date range,
 * course, source) over newest-first pages. A status or a batch pages through its sorted index (indexes.ts), so
 * a filter by one alone reads only the page it shows; the other filters are checked item by item over those
 * pages (or the whole family's), reading at most SEARCH_SCAN_LIMIT items per call: then the call answers what it
 * found, says it stopped, and gives a cursor to go on from. Ids are time-ordered, so a date range starts and
 * stops the scan instead of reading every request.
 */
import type { RequestFamily } from '../../lib/collections.ts';
import {
  deliveryState,
  sourceKey,
  statusOf,
  type Outbox,
  type RequestListQuery,
} from '../../lib/enquiries.ts';
import { REQUEST_LIST_MAX_LIMIT, SEARCH_SCAN_LIMIT } from '../../lib/constants.ts';
import { istDayEnd, istDayStart } from '../../lib/ist.ts';
import { idFloor, idTime, isId } from '../repository/ids.ts';
import type { Page, Repository, StoredItem } from '../repository/port.ts';

/** A page of matches; `stopped` when the scan reached SEARCH_SCAN_LIMIT before the end (`nextCursor` goes on). */
export interface FoundPage extends Page {
  stopped: boolean;
}

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

/** The index a filter pages through: a batch (a roster is smaller than a status), else a status; null for none. */
function indexOf(filter: RequestFilter): { field: 'batch' | 'status'; value: string } | null {
  if (filter.batch) return { field: 'batch', value: filter.batch };
  if (filter.status) return { field: 'status', value: filter.status };
  return null;
}

/**
 * Newest first, up to `limit` matches after `cursor`; `nextCursor` continues the same search. Reads at most
 * SEARCH_SCAN_LIMIT items beyond the ones an index picks, so no call reads a whole family.
 */
export async function findRequests(
  repository: Repository,
  family: RequestFamily,
  filter: RequestFilter,
  options: { limit: number; cursor: string | null },
): Promise<FoundPage> {
  let cursor = options.cursor && isId(options.cursor) ? options.cursor : null;
  const by = indexOf(filter);
  const readPage = (limit: number, from: string | null) =>
    by
      ? repository.listPageBy(family.key, by, { limit, cursor: from })
      : repository.listPage(family.key, { limit, cursor: from });
  // What the index does not already guarantee is checked item by item.
  const rest: RequestFilter = { ...filter, ...(by ? { [by.field]: undefined } : {}) };
  if (!hasFilter(rest)) return { ...(await readPage(options.limit, cursor)), stopped: false };
  if (filter.to) {
    const ceiling = idFloor(istDayEnd(filter.to) + 1);
    if (!cursor || ceiling < cursor) cursor = ceiling;
  }
  const oldest = filter.from ? istDayStart(filter.from) : -Infinity;
  const found: StoredItem[] = [];
  let scanned = 0;
  while (scanned < SEARCH_SCAN_LIMIT) {
    const page = await readPage(Math.min(REQUEST_LIST_MAX_LIMIT, SEARCH_SCAN_LIMIT - scanned), cursor);
    scanned += page.items.length;
    for (const [index, item] of page.items.entries()) {
      // Items are newest first and an id's time is never earlier than its createdAt: nothing older can match.
      if (idTime(item._id) < oldest) return { items: found, nextCursor: null, stopped: false };
      if (!matches(item, rest)) continue;
      found.push(item);
      if (found.length === options.limit) {
        const more = index < page.items.length - 1 || page.nextCursor !== null;
        return { items: found, nextCursor: more ? item._id : null, stopped: false };
      }
    }
    if (!page.nextCursor) return { items: found, nextCursor: null, stopped: false };
    cursor = page.nextCursor;
  }
  return { items: found, nextCursor: cursor, stopped: true };
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
