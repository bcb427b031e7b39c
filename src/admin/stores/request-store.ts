/**
 * State of a personal-data request list (contact messages, enrolments): filtered on the server (search, status,
 * IST date range, course), newest first and paged with the server's cursor ("Load more"), or oldest first; a
 * status and a note per request (PATCH, with the server's field errors); delete without confirmation (spec
 * section 5) that takes the entry off at once; success or failure notice.
 */
import { atom } from 'nanostores';
import type { z } from 'zod';
import { ApiError, extractList } from '../../lib/api-client.ts';
import type { RequestFamily, RequestFamilyKey, requestFamilies } from '../../lib/collections.ts';
import { REQUEST_LIST_MAX_LIMIT } from '../../lib/constants.ts';
import { ENQUIRY, ENROLMENT_LINK, PAYMENTS } from '../../lib/staff-messages.ts';
import { adminRequest, failureText } from '../api/admin-api.ts';
import { itemPath, withoutItem, type Notice } from './content-store.ts';
import { refreshSummary } from './summary-store.ts';

/** Requests per page: enough for a day's worth at a glance, small enough to load fast on a phone. */
export const REQUEST_PAGE_SIZE = 50;

/** A contact message or an enrolment, as the API stores them. */
export type RequestItem = z.infer<(typeof requestFamilies)[RequestFamilyKey]['itemSchema']>;

export interface RequestListState {
  status: 'loading' | 'error' | 'ready';
  items: RequestItem[];
  error: string | null;
  nextCursor: string | null;
  loadingMore: boolean;
  /** The server's word that a search stopped at its bound before filling the page (absent: it did not). */
  searchStopped?: string | undefined;
}

export type RequestSort = 'newest' | 'oldest';

/** What the list shows: the server's filters (empty strings are "any") and the order. */
export interface RequestFilters {
  q: string;
  status: string;
  /** IST days, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  course: string;
  /** A lead source ("linkedin", "direct", a referring site, "unknown"). */
  source: string;
  /** A catalogue batch's id (its roster). */
  batch: string;
  sort: RequestSort;
}

const URL_FILTERS = ['q', 'status', 'from', 'to', 'course', 'source', 'batch'] as const;

export const NO_FILTERS: RequestFilters = {
  q: '',
  status: '',
  from: '',
  to: '',
  course: '',
  source: '',
  batch: '',
  sort: 'newest',
};

/** The filter parameters the server reads (list and CSV alike); the order is the browser's business. */
export function filterQuery(filters: RequestFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of URL_FILTERS) {
    const value = filters[name].trim();
    if (value !== '') query[name] = value;
  }
  return query;
}

export const isFiltered = (filters: RequestFilters) => Object.keys(filterQuery(filters)).length > 0;

/** The CSV export of what the list shows: the same filters, every matching request. */
export function exportHref(path: string, filters: RequestFilters): string {
  const query = new URLSearchParams(filterQuery(filters)).toString();
  return query ? `${path}?${query}` : path;
}

/** Per-request editing state: a status or note being saved, and the server's reasons per field. */
export interface RowState {
  saving: 'status' | 'note' | 'payment' | 'link' | null;
  errors: Record<string, string>;
}

const isItem = (value: unknown): value is RequestItem =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';

function readPage(body: unknown): {
  items: RequestItem[];
  nextCursor: string | null;
  searchStopped: string | undefined;
} {
  const items = extractList(body).filter(isItem);
  const page = (typeof body === 'object' && body !== null ? body : {}) as {
    nextCursor?: unknown;
    searchStopped?: unknown;
    message?: unknown;
  };
  const cursor = page.nextCursor;
  const stopped = page.searchStopped === true && typeof page.message === 'string' ? page.message : undefined;
  return {
    items,
    nextCursor: typeof cursor === 'string' && cursor !== '' ? cursor : null,
    searchStopped: stopped,
  };
}

/**
 * The filters a page address carries (a view can be bookmarked or sent), among them the notification
 * e-mail's admin link (`?q=<request id>`), which opens that request. A value the server refuses (a bad date) is
 * kept, so the screen shows the server's reason beside its field.
 */
export function filtersFromSearch(search: string): RequestFilters {
  const params = new URLSearchParams(search);
  const filters: RequestFilters = { ...NO_FILTERS };
  for (const name of URL_FILTERS) filters[name] = params.get(name)?.trim() ?? '';
  filters.sort = params.get('sort') === 'oldest' ? 'oldest' : 'newest';
  return filters;
}

/** The page address's query for the filters: what filtersFromSearch reads back; empty without any. */
export function filtersSearch(filters: RequestFilters): string {
  const params = new URLSearchParams(filterQuery(filters));
  if (filters.sort === 'oldest') params.set('sort', 'oldest');
  const query = params.toString();
  return query ? `?${query}` : '';
}

const filtersFromLocation = (): RequestFilters =>
  filtersFromSearch(typeof location === 'undefined' ? '' : location.search);

/** Replaces (does not push) the address: a filter change is not a page the Back button should step through. */
function showInAddressBar(filters: RequestFilters) {
  if (typeof history === 'undefined' || typeof location === 'undefined') return;
  const address = `${location.pathname}${filtersSearch(filters)}${location.hash}`;
  if (address !== `${location.pathname}${location.search}${location.hash}`)
    history.replaceState(history.state, '', address);
}

export function createRequestStore(family: RequestFamily) {
  const $list = atom<RequestListState>({
    status: 'loading',
    items: [],
    error: null,
    nextCursor: null,
    loadingMore: false,
  });
  const $filters = atom<RequestFilters>(filtersFromLocation());
  /** The server's reasons for refusing the filters (a bad date, a start after the end), by parameter. */
  const $filterErrors = atom<Record<string, string>>({});
  const $notice = atom<Notice>(null);
  const $deleting = atom<string | null>(null);
  const $rows = atom<Record<string, RowState>>({});

  /** Oldest first: every match is read once (newest first, as the store keeps them) and shown a page at a time. */
  let older: RequestItem[] = [];
  /** Only the latest load may write the list: filters change faster than a slow answer arrives. */
  let generation = 0;

  const pageQuery = (cursor: string | null, limit = REQUEST_PAGE_SIZE) => ({
    ...filterQuery($filters.get()),
    limit,
    cursor: cursor ?? undefined,
  });

  async function readAll(): Promise<RequestItem[]> {
    const items: RequestItem[] = [];
    let cursor: string | null = null;
    do {
      const page = readPage(
        await adminRequest(family.path, { query: pageQuery(cursor, REQUEST_LIST_MAX_LIMIT) }),
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  function showOldest(all: RequestItem[]) {
    const ascending = [...all].reverse();
    const shown = ascending.slice(0, REQUEST_PAGE_SIZE);
    older = ascending.slice(REQUEST_PAGE_SIZE);
    // The cursor of a local page is the last shown id: what "Load more" continues after.
    return { items: shown, nextCursor: older.length > 0 ? (shown.at(-1)?._id ?? null) : null };
  }

  async function load(): Promise<void> {
    const call = ++generation;
    older = [];
    $list.set({ status: 'loading', items: [], error: null, nextCursor: null, loadingMore: false });
    try {
      const page =
        $filters.get().sort === 'oldest'
          ? showOldest(await readAll())
          : readPage(await adminRequest(family.path, { query: pageQuery(null) }));
      if (call !== generation) return;
      $filterErrors.set({});
      $list.set({ status: 'ready', error: null, loadingMore: false, ...page });
    } catch (error) {
      if (call !== generation) return;
      if (error instanceof ApiError && error.status === 400 && error.errors) {
        // The filters are wrong, not the list: say so beside them and show nothing.
        $filterErrors.set(error.errors);
        $list.set({ status: 'ready', items: [], error: null, nextCursor: null, loadingMore: false });
        return;
      }
      $list.set({
        status: 'error',
        items: [],
        error: family.messages.fetchFailed,
        nextCursor: null,
        loadingMore: false,
      });
    }
  }

  async function loadMore(): Promise<void> {
    const current = $list.get();
    if (!current.nextCursor || current.loadingMore) return;
    if ($filters.get().sort === 'oldest') {
      const next = older.slice(0, REQUEST_PAGE_SIZE);
      older = older.slice(REQUEST_PAGE_SIZE);
      $list.set({
        ...current,
        items: [...current.items, ...next],
        nextCursor: older.length > 0 ? (next.at(-1)?._id ?? null) : null,
      });
      return;
    }
    const call = generation;
    $list.set({ ...current, loadingMore: true });
    try {
      const page = readPage(await adminRequest(family.path, { query: pageQuery(current.nextCursor) }));
      if (call !== generation) return;
      const known = new Set($list.get().items.map((item) => item._id));
      $list.set({
        ...$list.get(),
        items: [...$list.get().items, ...page.items.filter((item) => !known.has(item._id))],
        nextCursor: page.nextCursor,
        searchStopped: page.searchStopped,
        loadingMore: false,
      });
    } catch {
      if (call !== generation) return;
      $list.set({ ...$list.get(), loadingMore: false });
      $notice.set({ kind: 'error', text: family.messages.fetchFailed });
    }
  }

  /** Changes some filters, shows them in the page's address and reloads from the first page. */
  function setFilters(change: Partial<RequestFilters>): Promise<void> {
    $filters.set({ ...$filters.get(), ...change });
    showInAddressBar($filters.get());
    return load();
  }

  /** Removed in place at once (the pages already loaded stay as they are), put back if the server refuses. */
  async function remove(id: string): Promise<void> {
    $deleting.set(id);
    $notice.set(null);
    const restore = withoutItem($list, id);
    try {
      await adminRequest(itemPath(family.path, id), { method: 'DELETE' });
      $notice.set({ kind: 'success', text: family.messages.deleted });
      await refreshSummary({ changed: true });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) restore();
      $notice.set({ kind: 'error', text: failureText(error, family.messages.deleteFailed) });
    } finally {
      $deleting.set(null);
    }
  }

  const setRow = (id: string, row: RowState) => $rows.set({ ...$rows.get(), [id]: row });

  /**
   * The server's answer to a change, with the batch details the list added beside the stored request (its name and
   * state; the waitlist place while it is still waitlisted): the answer is the stored request alone, and the card
   * would otherwise show the batch's id.
   */
  const withListedBatch = (listed: RequestItem, saved: RequestItem): RequestItem => {
    const { batchName, batchState, waitlistPlace } = listed as Record<string, unknown>;
    return {
      ...(batchName === undefined ? {} : { batchName }),
      ...(batchState === undefined ? {} : { batchState }),
      ...(waitlistPlace === undefined || saved.status !== 'waitlisted' ? {} : { waitlistPlace }),
      ...saved,
    };
  };

  /**
   * `PATCH {path}/:id` with a new status or note. The item in the list becomes the server's answer; a refusal
   * leaves it as it was, with the server's reasons by field. Answers whether the change was saved.
   */
  async function update(id: string, change: { status: string } | { note: string }): Promise<boolean> {
    const field = 'status' in change ? 'status' : 'note';
    setRow(id, { saving: field, errors: {} });
    $notice.set(null);
    try {
      const body = await adminRequest(itemPath(family.path, id), { method: 'PATCH', json: change });
      const saved = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;
      const current = $list.get();
      $list.set({
        ...current,
        items: current.items.map((item) =>
          item._id === id ? (isItem(saved) ? withListedBatch(item, saved) : { ...item, ...change }) : item,
        ),
      });
      setRow(id, { saving: null, errors: {} });
      $notice.set({ kind: 'success', text: ENQUIRY.updated });
      // The sidebar's "new" badge counts statuses.
      if (field === 'status') await refreshSummary({ changed: true });
      return true;
    } catch (error) {
      const errors = error instanceof ApiError && error.errors ? error.errors : {};
      setRow(id, { saving: null, errors });
      // A reason shown beside its field is not repeated in the notice.
      if (!errors[field]) $notice.set({ kind: 'error', text: failureText(error, ENQUIRY.updateFailed) });
      return false;
    }
  }

  /**
   * `POST {path}/:id/payment` (amount in paise, the UPI reference, the IST day, payment or refund).
   * The row becomes the server's answer (its batch details kept); a refusal keeps it, with reasons by field.
   */
  async function recordPayment(
    id: string,
    payment: { amount: number; upiRef: string; paidOn: string; kind: 'payment' | 'refund'; reason?: string },
  ): Promise<boolean> {
    setRow(id, { saving: 'payment', errors: {} });
    $notice.set(null);
    try {
      const body = (await adminRequest(`${itemPath(family.path, id)}/payment`, {
        method: 'POST',
        json: payment,
      })) as { data?: unknown; message?: unknown } | null;
      const saved = body?.data;
      const current = $list.get();
      $list.set({
        ...current,
        items: current.items.map((item) => (item._id === id && isItem(saved) ? { ...item, ...saved } : item)),
      });
      setRow(id, { saving: null, errors: {} });
      $notice.set({
        kind: 'success',
        text: typeof body?.message === 'string' ? body.message : PAYMENTS.record,
      });
      await refreshSummary({ changed: true });
      return true;
    } catch (error) {
      const errors = error instanceof ApiError && error.errors ? error.errors : {};
      setRow(id, { saving: null, errors });
      if (Object.keys(errors).length === 0)
        $notice.set({ kind: 'error', text: failureText(error, PAYMENTS.failed) });
      return false;
    }
  }

  /** Revokes the student's "Your enrolment" link (every link sent so far stops working), once staff confirm. */
  async function revokePageLink(id: string): Promise<void> {
    if (!window.confirm(ENROLMENT_LINK.revokeConfirm)) return;
    setRow(id, { saving: 'link', errors: {} });
    $notice.set(null);
    try {
      const body = (await adminRequest(`${itemPath(family.path, id)}/page-link/revoke`, {
        method: 'POST',
      })) as { message?: unknown } | null;
      setRow(id, { saving: null, errors: {} });
      $notice.set({
        kind: 'success',
        text: typeof body?.message === 'string' ? body.message : ENROLMENT_LINK.revoked,
      });
    } catch (error) {
      setRow(id, { saving: null, errors: {} });
      $notice.set({ kind: 'error', text: failureText(error, ENROLMENT_LINK.revokeFailed) });
    }
  }

  return {
    recordPayment,
    revokePageLink,
    $list,
    $filters,
    $filterErrors,
    $notice,
    $deleting,
    $rows,
    load,
    loadMore,
    setFilters,
    remove,
    setStatus: (id: string, status: string) => update(id, { status }),
    saveNote: (id: string, note: string) => update(id, { note }),
    clearRowErrors: (id: string) => setRow(id, { saving: null, errors: {} }),
    clearNotice: () => $notice.set(null),
  };
}

/** A request screen's store, as its parts receive it. */
export type RequestStore = ReturnType<typeof createRequestStore>;
