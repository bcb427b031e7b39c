/**
 * Scheduled publishing in the content handler: what a save does with `publishAt`/`unpublishAt`, and
 * what the public answers show of them. The rule of what is public when is src/lib/schedule.ts.
 */
import { SCHEDULE_REASONS } from '../../lib/api-messages.ts';
import { isLiveAt, PUBLISH_AT, timeOf, UNPUBLISH_AT } from '../../lib/schedule.ts';
import { HttpError } from '../http/respond.ts';
import { validationFailure } from '../http/validate.ts';
import type { StoredItem } from '../repository/port.ts';

/**
 * Settles a save's schedule in place, against the item as stored (null for a create):
 * - a cleared time ('' from a form, null from JSON) is removed (undefined), a time left out is kept;
 * - unpublishAt must come after publishAt (400, nothing written);
 * - an item with a publish time still to come is stored unpublished: it is scheduled, not live, and the admin
 *   shows it so (the scheduler flips it at its time);
 * - the publish toggle (`flagOnly`) is a decision made now: publishing clears a pending publish time,
 *   unpublishing clears a pending unpublish time.
 */
export function settleSchedule(
  fields: Record<string, unknown>,
  current: StoredItem | null,
  now: Date,
  { flagOnly = false } = {},
): void {
  for (const name of [PUBLISH_AT, UNPUBLISH_AT]) {
    if (fields[name] === '') fields[name] = undefined;
  }
  if (flagOnly) {
    if (fields.published === true && current?.[PUBLISH_AT] !== undefined) fields[PUBLISH_AT] = undefined;
    if (fields.published === false && current?.[UNPUBLISH_AT] !== undefined) fields[UNPUBLISH_AT] = undefined;
    return;
  }
  const merged = { ...current, ...fields };
  const publishAt = timeOf(merged[PUBLISH_AT]);
  const unpublishAt = timeOf(merged[UNPUBLISH_AT]);
  if (publishAt !== null && unpublishAt !== null && unpublishAt <= publishAt)
    throw new HttpError(validationFailure({ [UNPUBLISH_AT]: SCHEDULE_REASONS.unpublishBeforePublish }));
  if (publishAt !== null && publishAt > now.getTime()) fields.published = false;
}

/** A create stores no empty field: a cleared time is simply not there. */
export function withoutCleared(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * An item as the public API and the build see it at `now` (it is live then): published, and without its
 * schedule, which is staff's plan (when an offer ends is not the public's to read ahead).
 */
export function publicScheduleView(item: StoredItem): StoredItem {
  const { [PUBLISH_AT]: _publishAt, [UNPUBLISH_AT]: _unpublishAt, ...rest } = item;
  return { ...rest, published: true };
}

/** The items the public sees at `now`. */
export const liveItems = <T extends StoredItem>(items: readonly T[], now: Date): T[] =>
  items.filter((item) => isLiveAt(item, now.getTime()));
