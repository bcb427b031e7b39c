/**
 * Enrolment into a catalogue batch: the submission's batch check, the seats' CDN purge when a
 * request starts or stops holding a seat, and the batches staff see beside the requests.
 */
import {
  batchState,
  courseNameOf,
  enrolNameOf,
  holdsSeat,
  waitlistPlaces,
  WAITLISTED,
  type BatchDates,
} from '../../lib/batches.ts';
import { ENROLMENT_BATCH } from '../../families/enroll.ts';
import { contentFamilies } from '../../lib/collections.ts';
import { feeDue } from '../../lib/fees.ts';
import { utcToIstDay } from '../../lib/ist.ts';
import { API } from '../../lib/api-messages.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/respond.ts';
import { validationFailure } from '../http/validate.ts';
import { everyInIndex } from '../repository/every-in-index.ts';
import { normaliseUnique } from '../repository/keys.ts';
import type { StoredItem } from '../repository/port.ts';
import { isLiveAt } from '../../lib/schedule.ts';
import { seatsHeldIn } from '../seats/batch-seats.ts';

const { batch: batches, course: courses } = contentFamilies;

const datesOf = ({ startDate, endDate, capacity }: StoredItem): BatchDates => ({
  startDate,
  endDate,
  capacity,
});

const refuse = (message: string) => new HttpError(validationFailure({ batch: message }));

/**
 * A submission naming a batch (after its course was resolved): the batch must be a published one of that course
 * that has not started; a full one takes the request onto its waitlist. Refusals name the `batch` field and
 * store nothing.
 */
export async function resolveEnrollBatch(
  fields: Record<string, unknown>,
  deps: Deps,
): Promise<Record<string, unknown>> {
  const { batch: id, ...rest } = fields;
  // No batch: the spec's enrolment, stored without the key.
  if (typeof id !== 'string' || id === '') return rest;
  const batch = await deps.repository.get(ENROLMENT_BATCH.to, id);
  if (!batch || !isLiveAt(batch, deps.now().getTime())) throw refuse(API.batchUnknown);
  const course =
    typeof batch.course === 'string' ? await deps.repository.get(courses.key, batch.course) : null;
  if (!course || !isLiveAt(course, deps.now().getTime())) throw refuse(API.batchUnknown);
  // The course's one name (its title), or the Courses name it is listed under (a page built before the rename).
  const named = normaliseUnique(fields.course);
  if (![courseNameOf(course), enrolNameOf(course)].some((name) => normaliseUnique(name) === named))
    throw refuse(API.batchOtherCourse);
  const taken = await seatsHeldIn(deps, id);
  const state = batchState(datesOf(batch), taken, deps.now());
  if (state === 'started' || state === 'finished') throw refuse(API.batchClosed);
  // The fee is fixed when the student enrols (an early bird stays theirs after its last day).
  const fee = feeDue(batch, course, utcToIstDay(deps.now().toISOString()));
  return {
    ...fields,
    course: courseNameOf(course),
    ...(fee === null ? {} : { fee }),
    ...(state === 'full' ? { status: WAITLISTED } : {}),
  };
}

/**
 * A request that named a batch began or stopped holding a seat (its status moved to or from `enrolled`, or it
 * was deleted or restored while enrolled): `GET /api/v1/batch/availability` must not answer the old seats for
 * its CDN minute, so the batch family's tag is purged. No rebuild: pages show seats as of the last build.
 */
export async function purgeSeatsIfHeld(deps: Deps, ...states: (StoredItem | null | undefined)[]) {
  const held = states.some((item) => holdsSeat(item));
  const moved = new Set(states.map((item) => item?.status)).size > 1;
  if (!held || (states.length > 1 && !moved)) return;
  try {
    await deps.purgeCache([batches.cacheTag]);
  } catch (error) {
    console.warn(`[cdn] purging tag ${batches.cacheTag} failed: ${String(error)}`);
  }
}

/** What a staff list shows of each request's batch: its name, its state now and the request's waitlist place. */
export async function withBatches(deps: Deps, items: StoredItem[]): Promise<StoredItem[]> {
  const batchIds = [
    ...new Set(items.flatMap((item) => (typeof item.batch === 'string' ? [item.batch] : []))),
  ];
  if (batchIds.length === 0) return items;
  // Only the batches the items name: each one's seats from its seat account and its waitlist through the
  // waitlist index, so what a list page costs never follows the number of stored requests or a batch's size.
  const [known, taken, waiting] = await Promise.all([
    Promise.all(batchIds.map((id) => deps.repository.get(batches.key, id))),
    Promise.all(batchIds.map((id) => seatsHeldIn(deps, id))),
    Promise.all(
      batchIds.map((id) => everyInIndex(deps.repository, 'enroll', { field: 'waitlist', value: id })),
    ).then((lists) => lists.flat()),
  ]);
  const byId = new Map(known.flatMap((batch) => (batch ? [[batch._id, batch] as const] : [])));
  const seatsOf = new Map(batchIds.map((id, index) => [id, taken[index]!] as const));
  const places = waitlistPlaces(waiting);
  const now = deps.now();
  return items.map((item) => {
    const batch = typeof item.batch === 'string' ? byId.get(item.batch) : undefined;
    if (!batch) return item;
    const place = places.get(item._id);
    return {
      ...item,
      batchName: batch.name,
      batchState: batchState(datesOf(batch), seatsOf.get(batch._id) ?? 0, now),
      ...(place ? { waitlistPlace: place } : {}),
    };
  });
}
