/**
 * The public site's calls, on top of the one API client. Paths are spelled here rather than read from the
 * collections registry because the registry carries zod schemas, which must not reach the island bundles;
 * public-api.test.ts proves both agree.
 */
import { apiRequest, fetchList } from './api-client.ts';
import { API_PREFIX } from './constants.ts';
import { PUBLIC } from './messages.ts';

export const PUBLIC_PATHS = {
  homeContent: `${API_PREFIX}/homeContent`,
  homeService: `${API_PREFIX}/homeService`,
  homeCourse: `${API_PREFIX}/homeCourse`,
  serviceContent: `${API_PREFIX}/serviceContent`,
  career: `${API_PREFIX}/career`,
  enrollCourse: `${API_PREFIX}/enrollCourse`,
  stats: `${API_PREFIX}/stats`,
  contact: `${API_PREFIX}/contact`,
  enroll: `${API_PREFIX}/enroll`,
} as const;

export type PublicListKey = Exclude<keyof typeof PUBLIC_PATHS, 'stats' | 'contact' | 'enroll'>;

export const fetchPublicList = <T>(key: PublicListKey, signal?: AbortSignal): Promise<T[]> =>
  fetchList<T>(PUBLIC_PATHS[key], signal);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Spec section 5: stats are used only if success is true and data is present; otherwise null. */
export async function fetchTotalCourses(signal?: AbortSignal): Promise<number | null> {
  const body = await apiRequest(PUBLIC_PATHS.stats, { signal });
  if (!isRecord(body) || body.success !== true || !isRecord(body.data)) return null;
  const total = body.data.totalCourses;
  return typeof total === 'number' && Number.isFinite(total) && total >= 0 ? total : null;
}

export interface ContactPayload {
  name: string;
  email: string;
  phone: string;
  message: string;
  website: string;
}

/** POST contact; a 2xx answer whose success is false raises 'Failed to send message' (spec section 8). */
export async function sendContact(payload: ContactPayload): Promise<void> {
  const body = await apiRequest(PUBLIC_PATHS.contact, { method: 'POST', json: payload });
  if (isRecord(body) && body.success === false) throw new Error(PUBLIC.contactNotSuccessful);
}

export interface EnrollPayload {
  name: string;
  email: string;
  phone: string;
  course: string;
  message: string;
  website: string;
}

/** POST enroll; the spec's client does not read the body. */
export async function sendEnroll(payload: EnrollPayload): Promise<void> {
  await apiRequest(PUBLIC_PATHS.enroll, { method: 'POST', json: payload });
}
