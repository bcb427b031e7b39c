/**
 * Enrollable courses (spec section 2 "Courses"): add and delete course names; the success notice clears after
 * 3 s (spec section 9), failures stay until the next action.
 */
import { atom } from 'nanostores';
import type { z } from 'zod';
import { ApiError, extractList } from '../../lib/api-client.ts';
import { enrollCourseFamily } from '../../lib/collections.ts';
import { ADMIN_BANNER_CLEAR_MS } from '../../lib/constants.ts';
import { ADMIN } from '../../lib/staff-messages.ts';
import { adminRequest, failureText } from '../api/admin-api.ts';
import { itemPath, withoutItem } from './content-store.ts';
import { createTimedNotice } from './timed-notice.ts';

export type CourseItem = z.infer<typeof enrollCourseFamily.itemSchema>;

export interface CourseListState {
  status: 'loading' | 'error' | 'ready';
  items: CourseItem[];
}

const family = enrollCourseFamily;
const isCourse = (value: unknown): value is CourseItem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { _id?: unknown })._id === 'string' &&
  typeof (value as { courseName?: unknown }).courseName === 'string';

export type AddResult = { ok: true } | { ok: false; fieldError: string | null };

export function createEnrollCourseStore() {
  const $list = atom<CourseListState>({ status: 'loading', items: [] });
  const $busy = atom<{ action: 'adding' } | { action: 'deleting'; id: string } | null>(null);
  const notice = createTimedNotice();

  const succeed = (text: string) => notice.show({ kind: 'success', text }, ADMIN_BANNER_CLEAR_MS);
  const fail = (text: string) => notice.show({ kind: 'error', text }, null);

  async function load(): Promise<void> {
    if ($list.get().status !== 'ready') $list.set({ status: 'loading', items: [] });
    try {
      $list.set({ status: 'ready', items: extractList(await adminRequest(family.path)).filter(isCourse) });
    } catch {
      $list.set({ status: 'error', items: [] });
      fail(ADMIN.enrollCourse.fetchFailed);
    }
  }

  /** `fields` were checked with the shared schema by the form. */
  async function add(fields: { courseName: string }): Promise<AddResult> {
    $busy.set({ action: 'adding' });
    notice.clear();
    try {
      await adminRequest(family.path, { method: 'POST', json: fields });
      succeed(ADMIN.enrollCourse.added);
      await load();
      return { ok: true };
    } catch (error) {
      // A duplicate name comes back as a field message: shown beside the input, and only there.
      const fieldError = error instanceof ApiError ? (error.errors?.courseName ?? null) : null;
      if (fieldError === null) fail(failureText(error, ADMIN.enrollCourse.addFailed));
      return { ok: false, fieldError };
    } finally {
      $busy.set(null);
    }
  }

  /** The row goes at once and comes back if the server refuses. */
  async function remove(id: string): Promise<void> {
    $busy.set({ action: 'deleting', id });
    notice.clear();
    const restore = withoutItem($list, id);
    try {
      await adminRequest(itemPath(family.path, id), { method: 'DELETE' });
      succeed(ADMIN.enrollCourse.deleted);
      await load();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) restore();
      fail(failureText(error, ADMIN.enrollCourse.deleteFailed));
    } finally {
      $busy.set(null);
    }
  }

  return { $list, $busy, $notice: notice.$notice, load, add, remove, clearNotice: notice.clear };
}
