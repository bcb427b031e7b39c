/**
 * The Publishing staff tool: when an edit goes live.
 */
import { atom } from 'nanostores';
import { PUBLISHING_PATH, type PublishingStatus } from '../../lib/publishing.ts';
import { PUBLISHING } from '../../lib/staff-messages.ts';
import { adminRequest, failureText } from '../api/admin-api.ts';
import type { Notice } from './content-store.ts';

export type StatusState =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: PublishingStatus };

const isStatus = (value: unknown): value is PublishingStatus =>
  typeof value === 'object' && value !== null && typeof (value as PublishingStatus).live === 'object';

const dataOf = (body: unknown) => (body as { data?: unknown } | null)?.data;

export function createPublishingStore() {
  const $state = atom<StatusState>({ status: 'loading' });
  const $notice = atom<Notice>(null);

  async function load(): Promise<void> {
    try {
      const data = dataOf(await adminRequest(PUBLISHING_PATH));
      if (!isStatus(data)) throw new Error('not a publishing status');
      $state.set({ status: 'ready', data });
    } catch (error) {
      $state.set({ status: 'error', error: failureText(error, PUBLISHING.loadFailed) });
    }
  }

  return { $state, $notice, load, clearNotice: () => $notice.set(null) };
}
