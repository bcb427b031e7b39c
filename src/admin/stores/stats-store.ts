/**
 * Stats (spec section 2): read the total-courses number and update it. Both calls retry up to 3 times,
 * 1000 ms apart, only on HTTP 503 (spec section 9); success and error banners clear after 3 s.
 */
import { atom } from 'nanostores';
import { ApiError, extractList } from '../../lib/api-client.ts';
import { contentFamilies, statsFamily } from '../../lib/collections.ts';
import {
  ADMIN_BANNER_CLEAR_MS,
  ADMIN_STATS_RETRY_DELAY_MS,
  ADMIN_STATS_RETRY_MAX,
} from '../../lib/constants.ts';
import { ADMIN } from '../../lib/staff-messages.ts';
import { adminRequest } from '../api/admin-api.ts';
import { createTimedNotice } from './timed-notice.ts';

export interface StatsState {
  status: 'loading' | 'error' | 'ready';
  totalCourses: number | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withStatsRetry<T>(task: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      const retryable = error instanceof ApiError && error.status === 503;
      if (!retryable || attempt >= ADMIN_STATS_RETRY_MAX) throw error;
      await sleep(ADMIN_STATS_RETRY_DELAY_MS);
    }
  }
}

/** Spec section 5: the stats are used only if success is true and data is present. */
function readTotal(body: unknown): number {
  const record = body as { success?: unknown; data?: { totalCourses?: unknown } } | null;
  const total = record?.data?.totalCourses;
  if (record?.success !== true || typeof total !== 'number') throw new ApiError({ kind: 'format' });
  return total;
}

export function createStatsStore() {
  const $stats = atom<StatsState>({ status: 'loading', totalCourses: null });
  const $saving = atom(false);
  const banner = createTimedNotice();

  async function load(): Promise<void> {
    $stats.set({ status: 'loading', totalCourses: $stats.get().totalCourses });
    try {
      const total = await withStatsRetry(async () => readTotal(await adminRequest(statsFamily.path)));
      $stats.set({ status: 'ready', totalCourses: total });
    } catch {
      $stats.set({ status: 'error', totalCourses: null });
      banner.show({ kind: 'error', text: ADMIN.stats.fetchFailed }, ADMIN_BANNER_CLEAR_MS);
    }
  }

  /** `fields` were checked with the shared schema by the form. */
  async function update(fields: { totalCourses: number }): Promise<boolean> {
    $saving.set(true);
    banner.clear();
    try {
      const body = await withStatsRetry(() =>
        adminRequest(statsFamily.path, { method: 'PUT', json: fields }),
      );
      if ((body as { success?: unknown } | null)?.success !== true) throw new ApiError({ kind: 'format' });
      $stats.set({ status: 'ready', totalCourses: fields.totalCourses });
      banner.show({ kind: 'success', text: ADMIN.stats.updated }, ADMIN_BANNER_CLEAR_MS);
      return true;
    } catch {
      banner.show({ kind: 'error', text: ADMIN.stats.updateFailed }, ADMIN_BANNER_CLEAR_MS);
      return false;
    } finally {
      $saving.set(false);
    }
  }

  /**
   * How many catalogue courses the public site lists (the course family's public list), shown beside
   * the typed figure with "use this number"; null until known, or when it could not be read (then not offered).
   */
  const $catalogueCourses = atom<number | null>(null);
  async function loadCatalogue(): Promise<void> {
    try {
      $catalogueCourses.set(extractList(await adminRequest(contentFamilies.course.path)).length);
    } catch {
      $catalogueCourses.set(null);
    }
  }

  return {
    $stats,
    $saving,
    $banner: banner.$notice,
    $catalogueCourses,
    load,
    loadCatalogue,
    update,
    clearBanner: banner.clear,
  };
}
