/**
 * A batch's state, derived, never typed: open → filling (at most 20 % of the seats left) → full → started →
 * finished. Dates are IST days (stored as the UTC instant of their IST midnight, src/lib/fields/date.ts): a batch
 * has started from its first day's IST midnight and finished once its last IST day is over. Seats left are the
 * capacity less the seats held (holdsSeat, the one statement of who holds a seat; a request taken for a full
 * batch is `waitlisted`, in the order the requests came).
 * Plain and zod-free: the build, the API and the admin share it.
 */
import { istDayEnd, utcToIstDay } from './ist.ts';

export const BATCH_STATES = ['open', 'filling', 'full', 'started', 'finished'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** At most this share of the seats left makes a batch `filling`. */
export const FILLING_SHARE = 0.2;

/** The status of a request that holds its batch's seat. */
export const ENROLLED = 'enrolled';

/** The status of a request taken for a full batch. */
export const WAITLISTED = 'waitlisted';

/** An enrolment as the seat rule reads it: the batch it is for (if any), its follow-up status, its tax mark. */
export interface SeatHolder {
  readonly [field: string]: unknown;
  batch?: unknown;
  status?: unknown;
  taxRecord?: unknown;
}

/**
 * The seat rule, the only statement of it: an enrolment holds a seat of its batch while it names a batch and is
 * `enrolled`. A tax record (what an erased person's paid enrolment leaves) keeps
 * the status it had for the books, but its person has left: it holds no seat. The seat accounts, the certificate
 * roster, the availability, the CDN purge and the erasure all ask this.
 */
export const holdsSeat = (
  enrolment: SeatHolder | null | undefined,
): enrolment is SeatHolder & { batch: string } =>
  !!enrolment &&
  typeof enrolment.batch === 'string' &&
  enrolment.status === ENROLLED &&
  enrolment.taxRecord === undefined;

/** Whether the enrolment holds a seat of this batch. */
export const holdsSeatIn = (batchId: string, enrolment: SeatHolder | null | undefined): boolean =>
  holdsSeat(enrolment) && enrolment.batch === batchId;

/** How many of the enrolments hold a seat in the batch. */
export const seatsTaken = (batchId: string, enrolments: readonly SeatHolder[]): number =>
  enrolments.filter((enrolment) => holdsSeatIn(batchId, enrolment)).length;

export interface BatchDates {
  startDate?: unknown;
  endDate?: unknown;
  capacity?: unknown;
}

/** The seats still free (never below 0). */
export function seatsLeft(batch: BatchDates, taken: number): number {
  const capacity = typeof batch.capacity === 'number' ? batch.capacity : 0;
  return Math.max(0, capacity - taken);
}

/** The batch's state at `now` with `taken` seats held. */
export function batchState(batch: BatchDates, taken: number, now: Date): BatchState {
  const at = now.getTime();
  const endDay = utcToIstDay(batch.endDate);
  if (endDay !== '' && at > istDayEnd(endDay)) return 'finished';
  const start = typeof batch.startDate === 'string' ? Date.parse(batch.startDate) : Number.NaN;
  if (Number.isFinite(start) && at >= start) return 'started';
  const capacity = typeof batch.capacity === 'number' ? batch.capacity : 0;
  const left = seatsLeft(batch, taken);
  if (left === 0) return 'full';
  return left <= capacity * FILLING_SHARE ? 'filling' : 'open';
}

/** What `GET /api/v1/batch/availability` answers for one batch. */
export interface BatchAvailability {
  _id: string;
  course: string;
  capacity: number;
  seatsLeft: number;
  state: BatchState;
}

/** Each batch's availability at `now`, from the batches and the enrolments. */
export const availabilityOf = (
  batches: readonly (BatchDates & { _id: string; course?: unknown })[],
  enrolments: readonly SeatHolder[],
  now: Date,
): BatchAvailability[] => availabilityFromCounts(batches, (id) => seatsTaken(id, enrolments), now);

/** Each batch's availability at `now`, from the batches and how many seats each has taken. */
export function availabilityFromCounts(
  batches: readonly (BatchDates & { _id: string; course?: unknown })[],
  takenOf: (batchId: string) => number,
  now: Date,
): BatchAvailability[] {
  return batches.map((batch) => {
    const taken = takenOf(batch._id);
    return {
      _id: batch._id,
      course: typeof batch.course === 'string' ? batch.course : '',
      capacity: typeof batch.capacity === 'number' ? batch.capacity : 0,
      seatsLeft: seatsLeft(batch, taken),
      state: batchState(batch, taken, now),
    };
  });
}

/** Whether a visitor may still ask for a seat (enrol, or join the waitlist when full). */
export const isBookable = (state: BatchState) => state === 'open' || state === 'filling' || state === 'full';

/**
 * The name a catalogue course goes by everywhere a batch enrolment shows it: its title, as its page, the enrolment
 * form's choice, the stored request, the e-mails, the receipt and the certificate all name it. Of any course-shaped
 * record: a stored item, the build's entry or a page's course (which has no index signature).
 */
export const courseNameOf = (course: object & { readonly title?: unknown }): string =>
  typeof course.title === 'string' ? course.title.trim() : '';

/**
 * The Courses (enrolment form) name a catalogue course is also listed under (`enrollName`, empty: its title): a
 * batch enrolment sent under it is taken, and stored under the course's one name (courseNameOf).
 */
export function enrolNameOf(
  course: object & { readonly enrollName?: unknown; readonly title?: unknown },
): string {
  if (typeof course.enrollName === 'string' && course.enrollName.trim() !== '')
    return course.enrollName.trim();
  return typeof course.title === 'string' ? course.title : '';
}

/**
 * Each waitlisted request's place on its batch's waitlist (1 first), by id: the order the requests came in
 * (ids are time-ordered).
 */
export function waitlistPlaces(enrolments: readonly (SeatHolder & { _id: string })[]): Map<string, number> {
  const places = new Map<string, number>();
  const counts = new Map<string, number>();
  const waiting = enrolments
    .filter((item) => item.status === WAITLISTED && typeof item.batch === 'string')
    .toSorted((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  for (const item of waiting) {
    const place = (counts.get(item.batch as string) ?? 0) + 1;
    counts.set(item.batch as string, place);
    places.set(item._id, place);
  }
  return places;
}
