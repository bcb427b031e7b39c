/**
 * The owner's view of a range of IST days, read from the rollups (rollups.ts) and the seat accounts: the range
 * and the one before it are covered by whole months where they can be and by days at their ends, and every rollup
 * they need is read in one `readTallies` (one pipeline on Redis). So a call costs what the number of days asks
 * for, never what the number of stored requests does.
 */
import { contentFamilies } from '../../lib/collections.ts';
import {
  daysBetween,
  daysOf,
  FUNNEL_STAGES,
  previousRange,
  type FunnelCounts,
  type Insights,
  type LeadRow,
  type MoneyCounts,
  type ResponseTimes,
  type SeatFill,
} from '../../lib/insights.ts';
import { utcToIstDay } from '../../lib/ist.ts';
import type { Deps } from '../deps.ts';
import { seatsHeldIn } from '../seats/batch-seats.ts';
import { STAGES } from './facts.ts';
import { dayRollup, FIELDS, monthRollup, RESPONSE_BOUNDS, SEP, TOTALS_ROLLUP } from './rollups.ts';

type Counts = Record<string, number>;

/** The rollups that cover the days from `from` to `to`, each with the month it belongs to. */
export function coverOf(from: string, to: string): { name: string; month: string }[] {
  const cover: { name: string; month: string }[] = [];
  const days = [...daysOf(from, to)];
  for (let i = 0; i < days.length;) {
    const day = days[i]!;
    const month = day.slice(0, 7);
    const inMonth = days.slice(i).filter((next) => next.startsWith(month)).length;
    const monthLength = new Date(
      Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0),
    ).getUTCDate();
    if (day.endsWith('-01') && inMonth === monthLength) {
      cover.push({ name: monthRollup(month), month });
      i += inMonth;
    } else {
      cover.push({ name: dayRollup(day), month });
      i += 1;
    }
  }
  return cover;
}

const add = (into: Counts, counts: Counts) => {
  for (const [field, by] of Object.entries(counts)) into[field] = (into[field] ?? 0) + by;
  return into;
};

const emptyFunnel = (): FunnelCounts => ({ enquiry: 0, enrolled: 0, paid: 0, certified: 0 });

/** Leads and stages by one part of their field (1: source, 2: course), and the funnel over all of them. */
function leadsBy(counts: Counts, part: 1 | 2): Map<string, FunnelCounts> {
  const rows = new Map<string, FunnelCounts>();
  const row = (key: string) => rows.get(key) ?? rows.set(key, emptyFunnel()).get(key)!;
  for (const [field, count] of Object.entries(counts)) {
    const parts = field.split(SEP);
    if (parts[0] === 'lead') row(parts[part] ?? '').enquiry += count;
    else if (parts[0] === 'stage' && (STAGES as readonly string[]).includes(parts[1] ?? ''))
      row(parts[part + 1] ?? '')[parts[1] as (typeof STAGES)[number]] += count;
  }
  return rows;
}

function leadRows(current: Counts, previous: Counts, part: 1 | 2): LeadRow[] {
  const now = leadsBy(current, part);
  const before = leadsBy(previous, part);
  return [...new Set([...now.keys(), ...before.keys()])]
    .map((key) => ({
      key,
      counts: now.get(key) ?? emptyFunnel(),
      previous: before.get(key) ?? emptyFunnel(),
    }))
    .sort(
      (a, b) =>
        b.counts.enquiry - a.counts.enquiry ||
        b.previous.enquiry - a.previous.enquiry ||
        (a.key < b.key ? -1 : 1),
    );
}

function funnelOf(counts: Counts): FunnelCounts {
  const funnel = emptyFunnel();
  for (const row of leadsBy(counts, 1).values())
    for (const stage of FUNNEL_STAGES) funnel[stage] += row[stage];
  return funnel;
}

const moneyOf = (counts: Counts): MoneyCounts => {
  const received = counts[FIELDS.received] ?? 0;
  const refunded = counts[FIELDS.refunded] ?? 0;
  return { received, refunded, net: received - refunded };
};

/** The median and 90th percentile, read as the bound of the histogram bucket each falls in. */
function responseTimesOf(counts: Counts): ResponseTimes {
  const buckets = RESPONSE_BOUNDS.map((_, bucket) => counts[FIELDS.response(bucket)] ?? 0);
  const answered = buckets.reduce((sum, count) => sum + count, 0);
  const at = (share: number) => {
    if (answered === 0) return null;
    let seen = 0;
    for (const [bucket, count] of buckets.entries()) {
      seen += count;
      if (seen >= share * answered) {
        const bound = RESPONSE_BOUNDS[bucket]!;
        // Past the last finite bound: at least that long.
        return Number.isFinite(bound) ? bound : RESPONSE_BOUNDS.at(-2)!;
      }
    }
    return null;
  };
  return { answered, medianMinutes: at(0.5), p90Minutes: at(0.9) };
}

/** Every batch that has not started yet, soonest first, with its seats and waitlist. */
async function seatFill(deps: Deps, totals: Counts, today: string): Promise<SeatFill[]> {
  const [batches, courses] = await Promise.all([
    deps.repository.list(contentFamilies.batch.key),
    deps.repository.list(contentFamilies.course.key),
  ]);
  const courseTitle = new Map(courses.map((course) => [course._id, String(course.title ?? '')]));
  const upcoming = batches
    .map((batch) => ({ batch, startDate: utcToIstDay(batch.startDate) }))
    .filter(({ startDate }) => startDate !== '' && startDate >= today)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  return Promise.all(
    upcoming.map(async ({ batch, startDate }) => ({
      batch: batch._id,
      name: String(batch.name ?? ''),
      course: courseTitle.get(String(batch.course)) ?? '',
      startDate,
      daysToStart: daysBetween(today, startDate) - 1,
      enrolled: await seatsHeldIn(deps, batch._id),
      waitlisted: totals[FIELDS.waiting(batch._id)] ?? 0,
      capacity: typeof batch.capacity === 'number' ? batch.capacity : 0,
    })),
  );
}

/** The owner's view of the IST days `from`..`to` (checked by the caller), beside the same number of days before. */
export async function readInsights(deps: Deps, from: string, to: string): Promise<Insights> {
  const before = previousRange(from, to);
  const cover = coverOf(from, to);
  const previousCover = coverOf(before.from, before.to);
  const tallies = await deps.coordination.readTallies([
    ...cover.map((entry) => entry.name),
    ...previousCover.map((entry) => entry.name),
    TOTALS_ROLLUP,
  ]);
  const current = tallies.slice(0, cover.length).reduce(add, {});
  const previous = tallies.slice(cover.length, -1).reduce(add, {});
  const totals = tallies.at(-1) ?? {};
  const byMonth = new Map<string, Counts>();
  cover.forEach((entry, i) =>
    byMonth.set(entry.month, add(byMonth.get(entry.month) ?? {}, tallies[i] ?? {})),
  );
  const today = utcToIstDay(deps.now().toISOString());
  return {
    range: { from, to, days: daysBetween(from, to), previousFrom: before.from, previousTo: before.to },
    leadsBySource: leadRows(current, previous, 1),
    leadsByCourse: leadRows(current, previous, 2),
    funnel: { counts: funnelOf(current), previous: funnelOf(previous) },
    revenue: {
      months: [...byMonth].map(([month, counts]) => ({ month, ...moneyOf(counts) })),
      total: moneyOf(current),
      previous: moneyOf(previous),
      outstanding: Math.max(0, totals[FIELDS.outstanding] ?? 0),
    },
    firstResponse: { ...responseTimesOf(current), previous: responseTimesOf(previous) },
    seats: await seatFill(deps, totals, today),
  };
}
