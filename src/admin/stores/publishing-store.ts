/**
 * The Publishing staff tool (issue 26): this month's deploys and their credits beside the budget, when queued
 * changes go live, and for owners "publish now".
 */
import { atom } from 'nanostores';
import { PUBLISH_NOW_PATH, PUBLISHING_PATH, type PublishingStatus } from '../../lib/publishing.ts';
import { PUBLISHING } from '../../lib/staff-messages.ts';
import { adminRequest, failureText } from '../api/admin-api.ts';
import type { Notice } from './content-store.ts';

export type StatusState =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: PublishingStatus };

const isStatus = (value: unknown): value is PublishingStatus =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PublishingStatus).budget === 'number' &&
  typeof (value as PublishingStatus).used === 'number' &&
  Array.isArray((value as PublishingStatus).queued);

const dataOf = (body: unknown) => (body as { data?: unknown } | null)?.data;
const messageOf = (body: unknown) => (body as { message?: unknown } | null)?.message;

export function createPublishingStore() {
  const $state = atom<StatusState>({ status: 'loading' });
  const $notice = atom<Notice>(null);
  const $publishing = atom(false);

  async function load(): Promise<void> {
    try {
      const data = dataOf(await adminRequest(PUBLISHING_PATH));
      if (!isStatus(data)) throw new Error('not a publishing status');
      $state.set({ status: 'ready', data });
    } catch (error) {
      $state.set({ status: 'error', error: failureText(error, PUBLISHING.loadFailed) });
    }
  }

  /** Owners only (the server refuses editors): one deploy now, after the browser's confirmation. */
  async function publishNow(confirm: (text: string) => boolean): Promise<boolean> {
    const state = $state.get();
    if (state.status !== 'ready') return false;
    const { creditsPerDeploy, remaining } = state.data;
    if (!confirm(PUBLISHING.confirmPublish(creditsPerDeploy, Math.max(0, remaining - 1)))) return false;
    $publishing.set(true);
    $notice.set(null);
    try {
      const body = await adminRequest(PUBLISH_NOW_PATH, { method: 'POST' });
      const data = dataOf(body);
      if (isStatus(data)) $state.set({ status: 'ready', data });
      const message = messageOf(body);
      $notice.set({ kind: 'success', text: typeof message === 'string' ? message : PUBLISHING.liveSoon });
      return true;
    } catch (error) {
      $notice.set({ kind: 'error', text: failureText(error, PUBLISHING.publishFailed) });
      void load();
      return false;
    } finally {
      $publishing.set(false);
    }
  }

  return { $state, $notice, $publishing, load, publishNow, clearNotice: () => $notice.set(null) };
}
