/**
 * The Insights screen (the owner's view): the range of IST days asked for (by default this month so far) and the
 * answer of `GET /api/v1/insights` for it.
 */
import { atom } from 'nanostores';
import { ApiError } from '../../lib/api-client.ts';
import { PUBLIC } from '../../lib/messages.ts';
import { INSIGHTS_PATH, type Insights } from '../../lib/insights.ts';
import { utcToIstDay } from '../../lib/ist.ts';
import { INSIGHTS as WORDS } from '../../lib/staff-messages.ts';
import { adminRequest, failureText } from '../api/admin-api.ts';

export type InsightsState =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: Insights; error: null }
  | { status: 'error'; data: null; error: string };

/** This month so far, in IST: its first day to today. */
export function thisMonth(now = new Date()): { from: string; to: string } {
  const today = utcToIstDay(now.toISOString());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export function createInsightsStore() {
  const $range = atom(thisMonth());
  const $state = atom<InsightsState>({ status: 'loading', data: null, error: null });

  async function load(range = $range.get()): Promise<void> {
    $range.set(range);
    $state.set({ status: 'loading', data: null, error: null });
    const query = new URLSearchParams(range).toString();
    try {
      const body = (await adminRequest(`${INSIGHTS_PATH}?${query}`)) as { data?: Insights } | null;
      const data = body?.data;
      if (!data || !Array.isArray(data.leadsBySource))
        throw new ApiError({ kind: 'format', message: PUBLIC.invalidData });
      $state.set({ status: 'ready', data, error: null });
    } catch (error) {
      $state.set({ status: 'error', data: null, error: failureText(error, WORDS.fetchFailed) });
    }
  }

  return { $range, $state, load };
}
