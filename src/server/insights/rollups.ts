/**
 * The owner's view reads rollups, never the stored requests: small maps of counts kept in the Coordination store
 * (`tally`), one per IST day and one per IST month (the same counts twice, so a long range reads whole months and
 * only its ragged ends by day), and one of totals. Counts only: a source word, a course name, a stage, a bucket of
 * minutes, paise — no person's data, nothing that names a request but the `once` markers' opaque ids.
 *
 * They follow the writes through `withInsights`, a Repository that passes every call to the store's own and,
 * after each write of a request, counts what the write changed (facts.ts): a new request is a lead under its
 * source and course; the first move away from `new` puts the minutes it waited into a fixed histogram; reaching
 * enrolled, paid or certified counts its stage once (a `once` marker, and a milestone kept on the request);
 * payments and refunds add to their IST day's money; what is owed and who waits for which batch are totals. A
 * restore writes past this path, so it ends with `rebuildRollups`, one pass over the requests.
 */
import { REQUEST_FAMILY_KEYS } from '../../families/index.ts';
import type { Coordination, Repository, StoredItem, TallyChange } from '../repository/port.ts';
import { utcToIstDay } from '../../lib/ist.ts';
import {
  isCounted,
  leadOf,
  milestonesOf,
  minutesSince,
  MILESTONES_FIELD,
  newPayments,
  owedBy,
  respondedOf,
  stagesOf,
  waitingFor,
  type Milestones,
  type Stage,
} from './facts.ts';

/** Field names join their parts with a unit separator, which no source word or course name holds. */
export const SEP = '\u001f';

export const dayRollup = (day: string) => `insights-day-${day}`;
export const monthRollup = (month: string) => `insights-month-${month}`;
export const TOTALS_ROLLUP = 'insights-totals';

export const FIELDS = {
  lead: (source: string, course: string) => `lead${SEP}${source}${SEP}${course}`,
  stage: (stage: Stage, source: string, course: string) =>
    `stage${SEP}${stage}${SEP}${source}${SEP}${course}`,
  response: (bucket: number) => `response${SEP}${bucket}`,
  received: `money${SEP}received`,
  refunded: `money${SEP}refunded`,
  outstanding: 'outstanding',
  waiting: (batch: string) => `waiting${SEP}${batch}`,
} as const;

/**
 * The histogram of minutes to a first response: bucket i holds the waits up to RESPONSE_BOUNDS[i] minutes (the
 * last, everything longer). Fixed, so day and month counts add up and a median or 90th percentile is read as the
 * bound of the bucket it falls in.
 */
export const RESPONSE_BOUNDS = [
  5,
  15,
  30,
  60,
  120,
  240,
  480,
  720,
  1_440,
  2_880,
  4_320,
  10_080,
  20_160,
  43_200,
  Infinity,
] as const;
export const responseBucket = (minutes: number) => RESPONSE_BOUNDS.findIndex((bound) => minutes <= bound);

/** A count that goes into the day's rollup and its month's. */
const dated = (day: string, field: string, by: number): TallyChange[] => [
  { name: dayRollup(day), field, by },
  { name: monthRollup(day.slice(0, 7)), field, by },
];

export interface FollowOptions {
  /** The write made the request: count its lead. */
  lead: boolean;
  /** The write moved it in or out of the trash (or deleted it): only what it owes and waits for changes. */
  stateOnly: boolean;
}

/** What a write of a request changed of the totals and the money (no marker needed: these are differences). */
function differences(
  collection: string,
  before: StoredItem | null,
  after: StoredItem | null,
  options: FollowOptions,
) {
  const changes: TallyChange[] = [];
  const owed = owedBy(collection, after) - owedBy(collection, before);
  if (owed !== 0) changes.push({ name: TOTALS_ROLLUP, field: FIELDS.outstanding, by: owed });
  const [waitedFor, waitsFor] = [waitingFor(collection, before), waitingFor(collection, after)];
  if (waitedFor !== waitsFor) {
    if (waitedFor) changes.push({ name: TOTALS_ROLLUP, field: FIELDS.waiting(waitedFor), by: -1 });
    if (waitsFor) changes.push({ name: TOTALS_ROLLUP, field: FIELDS.waiting(waitsFor), by: 1 });
  }
  if (options.stateOnly) return changes;
  const lead = after ? leadOf(after) : null;
  if (options.lead && lead) changes.push(...dated(lead.day, FIELDS.lead(lead.source, lead.course), 1));
  for (const entry of newPayments(before, after)) {
    const day = utcToIstDay(entry.paidOn);
    if (day === '') continue;
    changes.push(...dated(day, entry.kind === 'refund' ? FIELDS.refunded : FIELDS.received, entry.amount));
  }
  return changes;
}

/**
 * Counts what one write of a request changed; answers the milestones it reached for the first time (to be kept
 * on the request), or null.
 */
export async function followRequest(
  coordination: Coordination,
  collection: string,
  before: StoredItem | null,
  after: StoredItem | null,
  options: FollowOptions,
): Promise<Milestones | null> {
  if (!isCounted(collection)) return null;
  const changes = differences(collection, before, after, options);
  const counting: Promise<unknown>[] = changes.length > 0 ? [coordination.tally(changes)] : [];
  const lead = !options.stateOnly && after ? leadOf(after) : null;
  const reached: Milestones = {};
  if (after && lead) {
    const had = stagesOf(collection, before);
    const now = new Date().toISOString();
    // Each stage and the first response count under their own marker, all at once (one round trip each).
    for (const stage of stagesOf(collection, after)) {
      if (had.has(stage) || milestonesOf(after)[stage]) continue;
      const field = FIELDS.stage(stage, lead.source, lead.course);
      counting.push(
        coordination
          .tally(dated(lead.day, field, 1), `${stage}/${collection}/${after._id}`)
          .then((counted) => {
            if (counted) reached[stage] = now;
          }),
      );
    }
    if (before && !respondedOf(before) && respondedOf(after) && !milestonesOf(after).respondedAt) {
      // The status change that answered it touched `updatedAt`: that is when.
      const at = typeof after.updatedAt === 'string' ? after.updatedAt : now;
      const minutes = minutesSince(after, at);
      const marker = `responded/${collection}/${after._id}`;
      if (minutes !== null)
        counting.push(
          coordination
            .tally(dated(lead.day, FIELDS.response(responseBucket(minutes)), 1), marker)
            .then((counted) => {
              if (counted) reached.respondedAt = at;
            }),
        );
    }
  }
  await Promise.all(counting);
  return Object.keys(reached).length > 0 ? reached : null;
}

/**
 * The store's repository with the rollups kept in step: every write of a request (create, update, put, delete,
 * trash move and restore) counts what it changed. Every other call is the store's own.
 */
export function withInsights(repository: Repository, coordination: Coordination): Repository {
  const keep = async (collection: string, item: StoredItem, reached: Milestones | null) => {
    if (reached)
      await repository.update(
        collection,
        item._id,
        { [MILESTONES_FIELD]: { ...milestonesOf(item), ...reached } },
        { touch: false },
      );
  };
  const WRITE: FollowOptions = { lead: false, stateOnly: false };
  const STATE: FollowOptions = { lead: false, stateOnly: true };
  return {
    ...repository,
    async create(collection, fields) {
      const item = await repository.create(collection, fields);
      await keep(
        collection,
        item,
        await followRequest(coordination, collection, null, item, { ...WRITE, lead: true }),
      );
      return item;
    },
    async update(collection, id, fields, options) {
      const result = await repository.update(collection, id, fields, options);
      if (result)
        await keep(
          collection,
          result.item,
          await followRequest(coordination, collection, result.previous, result.item, WRITE),
        );
      return result;
    },
    async put(collection, item, options) {
      await repository.put(collection, item, options);
      // A put writes a request as it was (an erasure's tax record after its trash move, an import, a seed): no
      // new lead and no new money, only what it owes and waits for, and no read of what it replaced.
      await followRequest(coordination, collection, null, item, STATE);
    },
    async delete(collection, id) {
      const item = await repository.delete(collection, id);
      if (item) await followRequest(coordination, collection, item, null, STATE);
      return item;
    },
    async trash(collection, id, deletedAt) {
      const entry = await repository.trash(collection, id, deletedAt);
      if (entry) await followRequest(coordination, collection, entry.item, null, STATE);
      return entry;
    },
    async restoreFromTrash(collection, id) {
      const item = await repository.restoreFromTrash(collection, id);
      if (item) await followRequest(coordination, collection, null, item, STATE);
      return item;
    },
  };
}

/** Requests read per step of a rebuild. */
const REBUILD_PAGE = 500;

/** Counts held in memory by rollup name, then written with one `tally` per rollup. */
class Sums {
  readonly byName = new Map<string, Map<string, number>>();
  add(changes: readonly TallyChange[]) {
    for (const { name, field, by } of changes) {
      const fields = this.byName.get(name) ?? new Map<string, number>();
      fields.set(field, (fields.get(field) ?? 0) + by);
      this.byName.set(name, fields);
    }
  }
  changes(): TallyChange[][] {
    return [...this.byName].map(([name, fields]) => [...fields].map(([field, by]) => ({ name, field, by })));
  }
}

/** Everything one stored request counts for, as if each of its writes had been followed. */
export function countsOf(collection: string, item: StoredItem, live: boolean): TallyChange[] {
  const changes = differences(collection, null, item, { lead: true, stateOnly: false }).filter(
    (change) => live || change.name !== TOTALS_ROLLUP,
  );
  const lead = leadOf(item);
  if (!lead) return changes;
  for (const stage of stagesOf(collection, item))
    changes.push(...dated(lead.day, FIELDS.stage(stage, lead.source, lead.course), 1));
  const respondedAt = milestonesOf(item).respondedAt;
  const minutes = respondedAt ? minutesSince(item, respondedAt) : null;
  if (minutes !== null) changes.push(...dated(lead.day, FIELDS.response(responseBucket(minutes)), 1));
  return changes;
}

/**
 * Recounts every rollup from the stored requests (and those in the trash, whose leads and money still count): the
 * last step of a restore, which writes past `withInsights`. One pass, as the seat accounts' and indexes' rebuilds.
 */
export async function rebuildRollups(
  deps: { repository: Repository; coordination: Coordination },
  collections: readonly string[] = REQUEST_FAMILY_KEYS,
): Promise<number> {
  const sums = new Sums();
  let counted = 0;
  for (const collection of collections) {
    // A page at a time: a store of 100,000 requests is never one answer.
    let cursor: string | null = null;
    do {
      const page = await deps.repository.listPage(collection, { limit: REBUILD_PAGE, cursor });
      for (const item of page.items) sums.add(countsOf(collection, item, true));
      counted += page.items.length;
      cursor = page.nextCursor;
    } while (cursor);
  }
  for (const entry of await deps.repository.listTrash()) {
    if (!collections.includes(entry.collection)) continue;
    sums.add(countsOf(entry.collection, entry.item, false));
    counted += 1;
  }
  await deps.coordination.clearTallies();
  for (const changes of sums.changes()) await deps.coordination.tally(changes);
  return counted;
}
