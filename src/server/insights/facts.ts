/**
 * What the owner's view counts of one request, read from the request alone: the IST day it came in, its lead
 * source and course, the funnel stages it has reached, how long staff took to first answer it, its payments, what
 * it still owes and whether it waits for a seat. The rollups (rollups.ts) are the sums of these over requests,
 * kept by diffing a request's facts before and after each write, so counting needs no other read.
 */
import { WAITLISTED } from '../../lib/batches.ts';
import { INITIAL_STATUS, sourceKey, statusOf } from '../../lib/enquiries.ts';
import { balanceOf, paymentsOf, type PaymentEntry } from '../../lib/fees.ts';
import { isRecord } from '../../lib/json.ts';
import { isRequestFamilyKey } from '../../families/index.ts';
import { utcToIstDay } from '../../lib/ist.ts';
import { CERTIFICATE_FIELD, WITHDRAWN_FIELD } from '../../lib/enrolment-fields.ts';

/** The funnel's stages after the enquiry itself, in order. */
export const STAGES = ['enrolled', 'paid', 'certified'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * Where a request keeps the milestones it has reached (`respondedAt`, and each stage's time): written once, the
 * first time, so a request that leaves `enrolled` still counts as having reached it, and a rebuild reads them.
 */
export const MILESTONES_FIELD = 'milestones';
export type Milestones = Partial<Record<Stage | 'respondedAt', string>>;

const ENROLL = 'enroll';
const ENROLLED = 'enrolled';
/** Statuses whose fee is no longer expected. */
const CLOSED = new Set(['declined']);

type Item = Readonly<Record<string, unknown>>;

export const milestonesOf = (item: Item | null): Milestones =>
  item && isRecord(item[MILESTONES_FIELD]) ? (item[MILESTONES_FIELD] as Milestones) : {};

/** The request's own lead: the IST day it came in, its source (enquiries.ts sourceKey) and course ('' for none). */
export function leadOf(item: Item): { day: string; source: string; course: string } | null {
  const day = utcToIstDay(item.createdAt);
  if (day === '') return null;
  const course = typeof item.course === 'string' ? item.course.trim() : '';
  return { day, source: sourceKey(item), course };
}

/** The stages the request is at now or has been at (its milestones), enrolments only. */
export function stagesOf(collection: string, item: Item | null): Set<Stage> {
  const reached = new Set<Stage>();
  if (!item || collection !== ENROLL) return reached;
  for (const stage of STAGES) if (milestonesOf(item)[stage]) reached.add(stage);
  const balance = balanceOf(item);
  const paid = balance.settled && balance.paid > 0;
  const certified = typeof item[CERTIFICATE_FIELD] === 'string' && item[CERTIFICATE_FIELD] !== '';
  if (statusOf(item) === ENROLLED || paid || certified) reached.add('enrolled');
  if (paid) reached.add('paid');
  if (certified) reached.add('certified');
  return reached;
}

/** Whether staff have moved it away from `new` (now, or once: its milestone). */
export const respondedOf = (item: Item | null): boolean =>
  !!item && (statusOf(item) !== INITIAL_STATUS || !!milestonesOf(item).respondedAt);

/** Minutes from the request's arrival to `at`, or null when either is unreadable. */
export function minutesSince(item: Item, at: unknown): number | null {
  const from = Date.parse(String(item.createdAt));
  const to = Date.parse(String(at));
  return Number.isFinite(from) && Number.isFinite(to) ? Math.max(0, (to - from) / 60_000) : null;
}

/** The payment entries of `after` that `before` did not have (entries are never edited, only added). */
export function newPayments(before: Item | null, after: Item | null): PaymentEntry[] {
  if (!after) return [];
  const known = new Set(before ? paymentsOf(before).map((entry) => entry.id) : []);
  return paymentsOf(after).filter((entry) => !known.has(entry.id));
}

/**
 * What the request still owes, in paise, while it is a live enrolment whose fee is expected: not declined,
 * withdrawn, waitlisted or an erased person's tax record. 0 otherwise.
 */
export function owedBy(collection: string, item: Item | null): number {
  if (!item || collection !== ENROLL) return 0;
  const status = statusOf(item);
  if (CLOSED.has(status) || status === WAITLISTED || item[WITHDRAWN_FIELD] || item.taxRecord) return 0;
  return balanceOf(item).due ?? 0;
}

/** The batch the request waits for a seat of, or null. */
export const waitingFor = (collection: string, item: Item | null): string | null =>
  item &&
  collection === ENROLL &&
  statusOf(item) === WAITLISTED &&
  typeof item.batch === 'string' &&
  !item.taxRecord
    ? item.batch
    : null;

export const isCounted = (collection: string) => isRequestFamilyKey(collection);
