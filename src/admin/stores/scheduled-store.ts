/**
 * The Scheduled screen: every scheduled publish and unpublish across the content families, earliest
 * first, each with a link to edit its item and Cancel (the time cleared, the item kept as it is now).
 */
import { atom } from 'nanostores';
import { extractList } from '../../lib/api-client.ts';
import { definitionOf } from '../../families/index.ts';
import { SCHEDULED_PATH, scheduledChangePath, type ScheduledEntry } from '../../lib/schedule.ts';
import { SCHEDULE } from '../../lib/staff-messages.ts';
import { adminRequest, failureText } from '../api/admin-api.ts';
import type { ListState, Notice } from './content-store.ts';
import { screenHref } from './router.ts';

/** The content screen's query parameter that opens an item in its form. */
export const EDIT_PARAM = 'edit';

/** Where an entry's item is edited: its family's screen, opened on it. */
export function editHref(entry: Pick<ScheduledEntry, 'family' | 'id'>): string | null {
  const definition = definitionOf(entry.family);
  if (definition?.kind !== 'content') return null;
  return `${screenHref(definition.admin.path)}?${EDIT_PARAM}=${encodeURIComponent(entry.id)}`;
}

const isEntry = (value: unknown): value is ScheduledEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.family === 'string' &&
    typeof entry.id === 'string' &&
    typeof entry.title === 'string' &&
    typeof entry.at === 'string' &&
    (entry.change === 'publish' || entry.change === 'unpublish')
  );
};

export const entryKey = (entry: ScheduledEntry) => `${entry.family}/${entry.id}/${entry.change}`;

export function createScheduledStore() {
  const $list = atom<ListState<ScheduledEntry>>({ status: 'loading', items: [], error: null });
  const $notice = atom<Notice>(null);
  /** The entry being cancelled (entryKey), or null. */
  const $cancelling = atom<string | null>(null);

  async function load(): Promise<void> {
    if ($list.get().status !== 'ready') $list.set({ status: 'loading', items: [], error: null });
    try {
      const items = extractList(await adminRequest(SCHEDULED_PATH)).filter(isEntry);
      $list.set({ status: 'ready', items, error: null });
    } catch (error) {
      $list.set({ status: 'error', items: [], error: failureText(error, SCHEDULE.fetchFailed) });
    }
  }

  async function cancel(entry: ScheduledEntry, confirm: (text: string) => boolean): Promise<boolean> {
    if (!confirm(SCHEDULE.confirmCancel(SCHEDULE.changeWord[entry.change], entry.title))) return false;
    $cancelling.set(entryKey(entry));
    $notice.set(null);
    try {
      await adminRequest(scheduledChangePath(entry.family, encodeURIComponent(entry.id), entry.change), {
        method: 'DELETE',
      });
      $notice.set({ kind: 'success', text: SCHEDULE.cancelled(entry.title) });
      const state = $list.get();
      $list.set({ ...state, items: state.items.filter((item) => item !== entry) });
      return true;
    } catch (error) {
      $notice.set({ kind: 'error', text: failureText(error, SCHEDULE.cancelFailed) });
      void load();
      return false;
    } finally {
      $cancelling.set(null);
    }
  }

  return { $list, $notice, $cancelling, load, cancel, clearNotice: () => $notice.set(null) };
}
