/**
 * New and total requests per family (`GET /api/v1/requests/summary`), shared by the sidebar's badges and the
 * Privacy screen. Refreshed when the admin moves between screens and after anything that changes a count (a
 * status change, a delete, an erasure). A failed refresh keeps what was known: badges are a hint, and each screen
 * reports its own failures.
 */
import { atom } from 'nanostores';
import type { RequestsSummary } from '../../lib/enquiries.ts';
import { REQUEST_FAMILY_KEYS } from '../../families/index.ts';
import { ENQUIRY_PATHS } from '../../lib/enquiry-paths.ts';
import { adminRequest } from '../api/admin-api.ts';

export interface SummaryState {
  status: 'idle' | 'loading' | 'error' | 'ready';
  data: RequestsSummary | null;
}

export const $requestsSummary = atom<SummaryState>({ status: 'idle', data: null });

const isCount = (value: unknown): value is { new: number; total: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { new?: unknown }).new === 'number' &&
  typeof (value as { total?: unknown }).total === 'number';

function readSummary(body: unknown): RequestsSummary | null {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;
  if (typeof data !== 'object' || data === null) return null;
  const counts = data as Record<string, unknown>;
  if (!isCount(counts.contact) || !isCount(counts.enroll)) return null;
  return Object.fromEntries(
    REQUEST_FAMILY_KEYS.filter((family) => isCount(counts[family])).map((family) => [family, counts[family]]),
  ) as RequestsSummary;
}

let inflight: Promise<void> | null = null;
let latest = 0;

/**
 * Fetches the counts. Callers that only want them current share a call already on its way; `changed` (after a
 * status change, a delete, an erasure) always asks again, and only the newest answer is kept.
 */
export function refreshSummary({ changed = false } = {}): Promise<void> {
  if (inflight && !changed) return inflight;
  const call = ++latest;
  $requestsSummary.set({ ...$requestsSummary.get(), status: 'loading' });
  const request = (async () => {
    let next: SummaryState;
    try {
      const data = readSummary(await adminRequest(ENQUIRY_PATHS.summary));
      next = data ? { status: 'ready', data } : { status: 'error', data: $requestsSummary.get().data };
    } catch {
      next = { status: 'error', data: $requestsSummary.get().data };
    }
    if (call === latest) $requestsSummary.set(next);
  })();
  inflight = request;
  void request.finally(() => {
    if (inflight === request) inflight = null;
  });
  return request;
}
