/**
 * The public site's calls, on top of the one API client. Paths come from families.ts (the registry's zod-free
 * names), so the island bundles carry no schema; public-api.test.ts proves they agree with the registry.
 */
import { apiRequest, fetchList } from './api-client.ts';
import { familyPath } from './families.ts';
import type { PublicListItem } from './public-items.ts';
import type { ContentFamilyKey, LookupFamilyKey, RequestFamilyKey } from '../families/index.ts';
import { isRecord } from './json.ts';
import { FILL_TIME_FIELD, IDEMPOTENCY_HEADER } from './constants.ts';
import { PUBLIC } from './messages.ts';
import type { LeadSource } from './lead-source.ts';

type PublicKey = ContentFamilyKey | RequestFamilyKey | LookupFamilyKey | 'stats';

/**
 * The families the public islands call, by the one rule of familyPath. Their keys are the registry's (a type-only
 * import: the registry itself, with every staff message, never reaches the public islands). A family that only
 * the build reads (a static section) needs no entry here.
 */
const ISLAND_FAMILIES = [
  'homeContent',
  'homeService',
  'homeCourse',
  'serviceContent',
  'career',
  'enrollCourse',
  'stats',
  'contact',
  'enroll',
] as const satisfies readonly PublicKey[];

export const PUBLIC_PATHS = Object.fromEntries(ISLAND_FAMILIES.map((key) => [key, familyPath(key)])) as {
  [K in (typeof ISLAND_FAMILIES)[number]]: `/api/v1/${K}`;
};

export type PublicListKey = Exclude<keyof typeof PUBLIC_PATHS, 'stats' | 'contact' | 'enroll'>;

/** A public list, its items typed by the family's registry schema (the JSON itself is checked for its shape). */
export const fetchPublicList = <K extends PublicListKey>(
  key: K,
  signal?: AbortSignal,
): Promise<PublicListItem<K>[]> => fetchList<PublicListItem<K>>(PUBLIC_PATHS[key], signal);

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
  /** How long the form was on screen (ms); see FILL_TIME_FIELD. */
  [FILL_TIME_FIELD]?: number;
  /** Where the visit came from; absent when the browser kept none. */
  source?: LeadSource;
}

const submissionKeys = new Map<string, string>();

/**
 * A submission's Idempotency-Key: one random key per content sent, so sending the same words again (a retry after
 * a timeout or a network error) repeats it and the server stores them once. None where the browser cannot make
 * one (not a secure context).
 */
function submit(path: string, payload: { [FILL_TIME_FIELD]?: number }) {
  const { [FILL_TIME_FIELD]: _elapsed, ...words } = payload;
  const text = path + JSON.stringify(words);
  const key = submissionKeys.get(text) ?? globalThis.crypto?.randomUUID?.();
  if (key) submissionKeys.set(text, key);
  return apiRequest(path, {
    method: 'POST',
    json: payload,
    headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
  });
}

/** POST contact; a 2xx answer whose success is false raises 'Failed to send message' (spec section 8). */
export async function sendContact(payload: ContactPayload): Promise<void> {
  const body = await submit(PUBLIC_PATHS.contact, payload);
  if (isRecord(body) && body.success === false) throw new Error(PUBLIC.contactNotSuccessful);
}

export interface EnrollPayload {
  name: string;
  email: string;
  phone: string;
  course: string;
  message: string;
  /** The catalogue batch chosen on a course page. */
  batch?: string | undefined;
  website: string;
  /** How long the form was on screen (ms); see FILL_TIME_FIELD. */
  [FILL_TIME_FIELD]?: number;
  /** Where the visit came from; absent when the browser kept none. */
  source?: LeadSource;
}

/** POST enroll; answers the server's body (one with `data` says the request joined a waitlist). */
export const sendEnroll = (payload: EnrollPayload) => submit(PUBLIC_PATHS.enroll, payload);
