/**
 * The Trash screen: everything deleted in the last TRASH_RETENTION_DAYS days, newest first, across
 * the trashable families of the registry (content, requests, courses), each restorable under its own id.
 */
import { atom } from 'nanostores';
import { extractList } from '../../lib/api-client.ts';
import { TRASH_PATH, trashEntryPath, trashRestorePath } from '../../lib/collections.ts';
import { WORKFLOW } from '../../lib/staff-messages.ts';
import { adminRequest, failureText } from '../api/admin-api.ts';
import { familyLabel } from '../../families/index.ts';
import type { ListState, Notice } from './content-store.ts';

export interface TrashEntry {
  _id: string;
  /** The family's key in the registry. */
  family: string;
  title: string;
  deletedAt: string;
  /** Who deleted it; absent for items deleted before the trash recorded it. */
  deletedBy?: string;
}

const isEntry = (value: unknown): value is TrashEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry._id === 'string' &&
    typeof entry.family === 'string' &&
    typeof entry.title === 'string' &&
    typeof entry.deletedAt === 'string'
  );
};

/** The admin's name for a family (its definition's heading or label), as the trash lists it. */
export { familyLabel };

const byNewest = (a: TrashEntry, b: TrashEntry) => (a.deletedAt < b.deletedAt ? 1 : -1);

export function createTrashStore() {
  const $list = atom<ListState<TrashEntry>>({ status: 'loading', items: [], error: null });
  const $notice = atom<Notice>(null);
  /** The entry being restored (`family/id`), or null. */
  const $restoring = atom<string | null>(null);
  /** The entry being deleted for good (`family/id`), or null. */
  const $purging = atom<string | null>(null);

  async function load(): Promise<void> {
    if ($list.get().status !== 'ready') $list.set({ status: 'loading', items: [], error: null });
    try {
      const items = extractList(await adminRequest(TRASH_PATH))
        .filter(isEntry)
        .sort(byNewest);
      $list.set({ status: 'ready', items, error: null });
    } catch (error) {
      $list.set({ status: 'error', items: [], error: failureText(error, WORKFLOW.trashFetchFailed) });
    }
  }

  async function restore(entry: TrashEntry): Promise<boolean> {
    $restoring.set(`${entry.family}/${entry._id}`);
    $notice.set(null);
    try {
      await adminRequest(trashRestorePath(entry.family, encodeURIComponent(entry._id)), { method: 'POST' });
      $notice.set({ kind: 'success', text: WORKFLOW.restored(entry.title) });
      const state = $list.get();
      $list.set({ ...state, items: state.items.filter((item) => item !== entry) });
      void load();
      return true;
    } catch (error) {
      $notice.set({ kind: 'error', text: failureText(error, WORKFLOW.restoreFailed) });
      void load();
      return false;
    } finally {
      $restoring.set(null);
    }
  }

  /** Owners only (the server refuses editors): gone for good, after the browser's confirmation. */
  async function purge(entry: TrashEntry, confirm: (text: string) => boolean): Promise<boolean> {
    if (!confirm(WORKFLOW.confirmPurge(entry.title))) return false;
    $purging.set(`${entry.family}/${entry._id}`);
    $notice.set(null);
    try {
      await adminRequest(trashEntryPath(entry.family, encodeURIComponent(entry._id)), { method: 'DELETE' });
      $notice.set({ kind: 'success', text: WORKFLOW.purged(entry.title) });
      const state = $list.get();
      $list.set({ ...state, items: state.items.filter((item) => item !== entry) });
      return true;
    } catch (error) {
      $notice.set({ kind: 'error', text: failureText(error, WORKFLOW.purgeFailed) });
      void load();
      return false;
    } finally {
      $purging.set(null);
    }
  }

  return {
    $list,
    $notice,
    $restoring,
    $purging,
    load,
    restore,
    purge,
    clearNotice: () => $notice.set(null),
  };
}
