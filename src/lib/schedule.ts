/**
 * Scheduled publishing: any content item may carry `publishAt` and `unpublishAt` (UTC ISO strings,
 * entered and shown in IST). They are pending changes, not states: the scheduler makes a due one (flips
 * `published`) and clears it, so a time that is still stored is always one still to come or just due.
 *
 * The rule of what the public sees at a moment is here, once, for the public API, the build's loaders and the
 * scheduler: an item is live when its unpublish time has not come, and either its publish time has come or,
 * without one, it is published. A due change is therefore public at its time whether or not the scheduler has
 * run yet, and a rebuild that is still running changes nothing the API answers. Zod-free (the admin reads it).
 */
import { API_PREFIX } from './constants.ts';
import type { DateTimeField } from './fields/date-time.ts';
import { SCHEDULE } from './staff-messages.ts';

export const PUBLISH_AT = 'publishAt';
export const UNPUBLISH_AT = 'unpublishAt';
export type ScheduledChangeKind = 'publish' | 'unpublish';
export const SCHEDULE_CHANGES = ['publish', 'unpublish'] as const satisfies readonly ScheduledChangeKind[];
/** The field that holds each change's time. */
export const SCHEDULE_FIELD_OF = { publish: PUBLISH_AT, unpublish: UNPUBLISH_AT } as const;

/** The two times as the admin form draws them (the existing date-time kind: typed in IST, stored UTC). */
export const SCHEDULE_FIELDS: readonly DateTimeField[] = [
  {
    name: PUBLISH_AT,
    kind: 'dateTime',
    label: SCHEDULE.publishAt,
    hint: SCHEDULE.publishAtHint,
    required: null,
  },
  {
    name: UNPUBLISH_AT,
    kind: 'dateTime',
    label: SCHEDULE.unpublishAt,
    hint: SCHEDULE.unpublishAtHint,
    required: null,
  },
];

type Item = Readonly<Record<string, unknown>>;

/** A stored time as epoch ms; null when absent or empty. */
export function timeOf(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Whether the public sees the item at `now` (epoch ms). */
export function isLiveAt(item: Item, now: number): boolean {
  const unpublishAt = timeOf(item[UNPUBLISH_AT]);
  if (unpublishAt !== null && unpublishAt <= now) return false;
  const publishAt = timeOf(item[PUBLISH_AT]);
  if (publishAt !== null) return publishAt <= now;
  return item.published !== false;
}

/** One change still to be made to an item. */
export interface PendingChange {
  change: ScheduledChangeKind;
  at: string;
}

/** The item's scheduled changes, earliest first. */
export function pendingChanges(item: Item): PendingChange[] {
  return SCHEDULE_CHANGES.flatMap((change) => {
    const at = timeOf(item[SCHEDULE_FIELD_OF[change]]);
    return at === null ? [] : [{ change, at: new Date(at).toISOString() }];
  }).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The first scheduled time after `now` among the items (epoch ms), or null: when a public answer goes stale. */
export function nextChangeAfter(items: readonly Item[], now: number): number | null {
  let next: number | null = null;
  for (const item of items) {
    for (const change of SCHEDULE_CHANGES) {
      const at = timeOf(item[SCHEDULE_FIELD_OF[change]]);
      if (at !== null && at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}

/**
 * What the scheduler writes for an item at `now`: `published` as the public sees it then, and each due time
 * cleared (undefined removes a field). Null when nothing is due. Written, the item reads the same at `now` as
 * before, so a run that comes late or twice shows nobody anything different.
 */
export function dueUpdate(
  item: Item,
  now: number,
): { fields: Record<string, unknown>; change: ScheduledChangeKind } | null {
  const due = SCHEDULE_CHANGES.filter((change) => {
    const at = timeOf(item[SCHEDULE_FIELD_OF[change]]);
    return at !== null && at <= now;
  });
  if (due.length === 0) return null;
  const published = isLiveAt(item, now);
  return {
    fields: {
      published,
      ...Object.fromEntries(due.map((change) => [SCHEDULE_FIELD_OF[change], undefined])),
    },
    change: published ? 'publish' : 'unpublish',
  };
}

/**
 * `GET` lists every scheduled change (staff); `DELETE {path}/{family}/{id}?change=publish|unpublish` cancels one
 * (without `change`: every scheduled change of the item).
 */
export const SCHEDULED_PATH = `${API_PREFIX}/scheduled`;
export const CHANGE_PARAM = 'change';
export const scheduledItemPath = (family: string, id: string) => `${SCHEDULED_PATH}/${family}/${id}`;
export const scheduledChangePath = (family: string, id: string, change: ScheduledChangeKind) =>
  `${scheduledItemPath(family, id)}?${CHANGE_PARAM}=${change}`;

/** One row of the Scheduled screen. */
export interface ScheduledEntry extends PendingChange {
  family: string;
  id: string;
  title: string;
  /** The item's stored state now. */
  published: boolean;
}
