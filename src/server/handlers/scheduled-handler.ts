/**
 * The Scheduled screen's routes: staff list every scheduled publish and unpublish of every content
 * family of the registry, earliest first, and cancel one (its time cleared; the item stays as it is now; audited).
 */
import { SCHEDULE_REASONS } from '../../lib/api-messages.ts';
import type { ContentFamily } from '../../lib/collections.ts';
import {
  pendingChanges,
  SCHEDULE_CHANGES,
  SCHEDULE_FIELD_OF,
  CHANGE_PARAM,
  SCHEDULED_PATH,
  scheduledItemPath,
  timeOf,
  type ScheduledChangeKind,
  type ScheduledEntry,
} from '../../lib/schedule.ts';
import { auditAction, titleOf } from '../audit/audit-log.ts';
import { publishChange, purgeTag } from '../cdn/publish-change.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, notFound, ok } from '../http/respond.ts';
import { READ, STAFF, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { editorOf, updateAsEditor } from '../http/versions.ts';
import { versionOf } from '../repository/port.ts';
import type { ApiRegistry } from './api-registry.ts';

export function scheduledRoutes(registry: ApiRegistry): ApiRoute[] {
  return [
    staffRoute('GET', SCHEDULED_PATH, STAFF, READ, async ({ deps }) =>
      ok(await scheduledEntries(registry, deps)),
    ),
    // One route per family, so the route table (and the authorisation matrix) name each.
    ...registry.content.map((family) =>
      staffRoute(
        'DELETE',
        scheduledItemPath(family.key, ':id'),
        STAFF,
        ['schedule-cancel'],
        (input) => cancel(family, input),
        { family: family.key },
      ),
    ),
  ];
}

/** Every scheduled change, earliest first. */
export async function scheduledEntries(registry: ApiRegistry, deps: Deps): Promise<ScheduledEntry[]> {
  const lists = await Promise.all(registry.content.map((family) => deps.repository.list(family.key)));
  return registry.content
    .flatMap((family, index) =>
      (lists[index] ?? []).flatMap((item) =>
        pendingChanges(item).map((pending): ScheduledEntry => ({
          ...pending,
          family: family.key,
          id: item._id,
          title: titleOf(family.key, item) ?? item._id,
          published: item.published !== false,
        })),
      ),
    )
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** `?change=` names the change to cancel; without it, every scheduled change of the item goes. */
function changesOf(request: Request): readonly ScheduledChangeKind[] {
  const named = new URL(request.url).searchParams.get(CHANGE_PARAM);
  if (named === null) return SCHEDULE_CHANGES;
  const change = SCHEDULE_CHANGES.find((candidate) => candidate === named);
  if (!change) throw new HttpError(badRequest(SCHEDULE_REASONS.unknownChange));
  return [change];
}

async function cancel(family: ContentFamily, input: StaffInput) {
  const { deps, actor, params, request } = input;
  const wanted = changesOf(request);
  const current = await deps.repository.get(family.key, params.id ?? '');
  const cancelled = wanted.flatMap((change) => {
    const at = timeOf(current?.[SCHEDULE_FIELD_OF[change]]);
    return at === null ? [] : [{ change, at }];
  });
  if (!current || cancelled.length === 0) return notFound(SCHEDULE_REASONS.nothingScheduled);
  // Over the version read: a change made meanwhile (the scheduler's, a colleague's) is the 412, never undone.
  const result = await updateAsEditor(
    deps.repository,
    family.key,
    current._id,
    Object.fromEntries(cancelled.map(({ change }) => [SCHEDULE_FIELD_OF[change], undefined])),
    editorOf(actor),
    versionOf(current),
  );
  if (!result) return notFound();
  // A time still to come changes no page, only the public answers' cache; a due one may have shown already.
  const due = cancelled.some(({ at }) => at <= deps.now().getTime());
  if (due && !family.staffOnly) await publishChange(deps, family.cacheTag);
  else await purgeTag(deps, family.cacheTag);
  for (const { change, at } of cancelled)
    await auditAction(input, actor, {
      action: 'schedule-cancel',
      family: family.key,
      item: result.item,
      detail: { change, at: new Date(at).toISOString() },
    });
  return ok({ _id: current._id }, { message: SCHEDULE_REASONS.cancelled });
}
