/**
 * The owner's view (`GET /api/v1/insights`): its path, its range rules and the shape of its answer, shared by the
 * API and the admin's Insights screen. Plain and zod-free.
 */
import { API_PREFIX } from './constants.ts';

export const INSIGHTS_PATH = `${API_PREFIX}/insights`;

/** The longest range one call may ask for, in days (a year, a leap year's too). */
export const INSIGHTS_MAX_DAYS = 366;

/** The four stages of the funnel, in order. */
export const FUNNEL_STAGES = ['enquiry', 'enrolled', 'paid', 'certified'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export type FunnelCounts = Record<FunnelStage, number>;

/** One row of leads (by source, or by course): how many came, and how far they got, now and before. */
export interface LeadRow {
  key: string;
  counts: FunnelCounts;
  previous: FunnelCounts;
}

export interface MoneyCounts {
  received: number;
  refunded: number;
  /** Received less refunded. */
  net: number;
}

export interface ResponseTimes {
  /** Requests first answered (moved away from new), of those that came in the range. */
  answered: number;
  /** The bound, in minutes, of the histogram bucket the median falls in (null with none answered). */
  medianMinutes: number | null;
  p90Minutes: number | null;
}

export interface SeatFill {
  batch: string;
  name: string;
  course: string;
  /** IST day. */
  startDate: string;
  daysToStart: number;
  enrolled: number;
  waitlisted: number;
  capacity: number;
}

export interface InsightsRange {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
}

export interface Insights {
  range: InsightsRange;
  leadsBySource: LeadRow[];
  leadsByCourse: LeadRow[];
  funnel: { counts: FunnelCounts; previous: FunnelCounts };
  revenue: {
    /** Each IST month the range touches (YYYY-MM), with the money of its days inside the range. */
    months: (MoneyCounts & { month: string })[];
    total: MoneyCounts;
    previous: MoneyCounts;
    /** Fees still owed today by live enrolments (not declined, withdrawn or waitlisted), in paise. */
    outstanding: number;
  };
  firstResponse: ResponseTimes & { previous: ResponseTimes };
  seats: SeatFill[];
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** The range of the same length just before (from − days … from − 1). */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to);
  const start = dayNumber(from);
  return { from: dayOf(start - days), to: dayOf(start - 1) };
}

/** The days from `from` to `to` (IST calendar days, as YYYY-MM-DD). */
export function* daysOf(from: string, to: string): Generator<string> {
  for (let n = dayNumber(from); n <= dayNumber(to); n++) yield dayOf(n);
}
