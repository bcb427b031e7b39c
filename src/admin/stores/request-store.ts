/**
 * State of a personal-data request list (contact messages, enrolments): newest first, paged with the server's
 * cursor ("Load more"), delete without confirmation (spec section 5) that takes the entry off at once, success
 * or failure notice.
 */
import { atom } from 'nanostores';
import type { z } from 'zod';
import { ApiError, extractList } from '../../lib/api-client.ts';
import type { RequestFamily, RequestFamilyKey, requestFamilies } from '../../lib/collections.ts';
import { adminRequest } from '../api/admin-api.ts';
import { failureText, itemPath, withoutItem, type Notice } from './content-store.ts';

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
}

const isItem = (value: unknown): value is RequestItem =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';

function readPage(body: unknown): { items: RequestItem[]; nextCursor: string | null } {
  const items = extractList(body).filter(isItem);
  const cursor =
    typeof body === 'object' && body !== null ? (body as { nextCursor?: unknown }).nextCursor : null;
  return { items, nextCursor: typeof cursor === 'string' && cursor !== '' ? cursor : null };
}

export function createRequestStore(family: RequestFamily) {
  const $list = atom<RequestListState>({
    status: 'loading',
    items: [],
    error: null,
    nextCursor: null,
    loadingMore: false,
  });
  const $notice = atom<Notice>(null);
  const $deleting = atom<string | null>(null);

  async function load(): Promise<void> {
    $list.set({ status: 'loading', items: [], error: null, nextCursor: null, loadingMore: false });
    try {
      const page = readPage(await adminRequest(family.path, { query: { limit: REQUEST_PAGE_SIZE } }));
      $list.set({ status: 'ready', error: null, loadingMore: false, ...page });
    } catch {
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
    $list.set({ ...current, loadingMore: true });
    try {
      const page = readPage(
        await adminRequest(family.path, { query: { limit: REQUEST_PAGE_SIZE, cursor: current.nextCursor } }),
      );
      const known = new Set($list.get().items.map((item) => item._id));
      $list.set({
        ...$list.get(),
        items: [...$list.get().items, ...page.items.filter((item) => !known.has(item._id))],
        nextCursor: page.nextCursor,
        loadingMore: false,
      });
    } catch {
      $list.set({ ...$list.get(), loadingMore: false });
      $notice.set({ kind: 'error', text: family.messages.fetchFailed });
    }
  }

  /** Removed in place at once (the pages already loaded stay as they are), put back if the server refuses. */
  async function remove(id: string): Promise<void> {
    $deleting.set(id);
    $notice.set(null);
    const restore = withoutItem($list, id);
    try {
      await adminRequest(itemPath(family.path, id), { method: 'DELETE' });
      $notice.set({ kind: 'success', text: family.messages.deleted });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) restore();
      $notice.set({ kind: 'error', text: failureText(error, family.messages.deleteFailed) });
    } finally {
      $deleting.set(null);
    }
  }

  return { $list, $notice, $deleting, load, loadMore, remove, clearNotice: () => $notice.set(null) };
}
