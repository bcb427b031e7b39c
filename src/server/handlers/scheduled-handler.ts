/**
 * The Scheduled screen's routes (issue 24.3): staff list every scheduled publish and unpublish of every content
 * family of the registry, earliest first, and cancel one (its time cleared; the item stays as it is now; audited).
 */
import { SCHEDULE_REASONS } from '../../lib/api-messages.ts';
import type { ContentFamily } from '../../lib/collections.ts';
import {
  pendingChanges,
  SCHEDULE_CHANGES,
  SCHEDULE_FIELD_OF,
  SCHEDULED_PATH,
  scheduledChangePath,
  timeOf,
  type ScheduledChangeKind,
  type ScheduledEntry,
} from '../../lib/schedule.ts';
import { auditAction, titleOf } from '../audit/audit-log.ts';
import { publishChange, purgeTag } from '../cdn/publish-change.ts';
import type { Deps } from '../deps.ts';
import { notFound, ok } from '../http/respond.ts';
import { READ, STAFF, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { editorOf, updateAsEditor } from '../http/versions.ts';
import { versionOf } from '../repository/port.ts';
import type { ApiRegistry } from './api-registry.ts';

export function scheduledRoutes(registry: ApiRegistry): ApiRoute[] {
  return [
    staffRoute('GET', SCHEDULED_PATH, STAFF, READ, async ({ deps }) =>
      ok(await scheduledEntries(registry, deps)),
    ),
    // One route per family and change, so the route table (and the authorisation matrix) name each.
    ...registry.content.flatMap((family) =>
      SCHEDULE_CHANGES.map((change) =>
        staffRoute(
          'DELETE',
          scheduledChangePath(family.key, ':id', change),
          STAFF,
          ['schedule-cancel'],
          (input) => cancel(family, change, input),
          { family: family.key },
        ),
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

async function cancel(family: ContentFamily, change: ScheduledChangeKind, input: StaffInput) {
  const { deps, actor, params } = input;
  const field = SCHEDULE_FIELD_OF[change];
  const current = await deps.repository.get(family.key, params.id ?? '');
  const at = timeOf(current?.[field]);
  if (!current || at === null) return notFound(SCHEDULE_REASONS.nothingScheduled);
  // Over the version read: a change made meanwhile (the scheduler's, a colleague's) is the 412, never undone.
  const result = await updateAsEditor(
    deps.repository,
    family.key,
    current._id,
    { [field]: undefined },
    editorOf(actor),
    versionOf(current),
  );
  if (!result) return notFound();
  // A time still to come changes no page, only the public answers' cache; a due one may have shown already.
  if (at <= deps.now().getTime() && !family.staffOnly)
    await publishChange(deps, family.cacheTag, current._id);
  else await purgeTag(deps, family.cacheTag);
  await auditAction(input, actor, {
    action: 'schedule-cancel',
    family: family.key,
    item: result.item,
    detail: { change, at: new Date(at).toISOString() },
  });
  return ok({ _id: current._id }, { message: SCHEDULE_REASONS.cancelled });
}
