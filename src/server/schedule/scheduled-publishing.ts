/**
 * The publish scheduler (netlify/functions/publish-scheduler.mts every 5 minutes; the local runner ticks it
 * itself): makes every due scheduled change of every content family of the registry — `published` flipped, the
 * due time cleared — each an edit with its revision and an audit entry (actor "scheduler"), then asks for one
 * rebuild for the lot through the rebuild trigger (the deploy governor and its budget apply).
 *
 * What the public sees never waits for this run (src/lib/schedule.ts decides at read time); the run makes the
 * stored flag, the history, the log and the pages catch up. Overlapping runs never make a change twice: a
 * Coordination lease lets one run at a time, and each write is a compare-and-swap on the version the run read
 * (`expectedVersion`), so even a run that outlived its lease cannot write over a change made meanwhile, by
 * another run or by staff; the item is then looked at again by the next run.
 */
import type { ContentFamily } from '../../lib/collections.ts';
import { UNKNOWN_ADDRESS } from '../../lib/identity.ts';
import { dueUpdate, type ScheduledChangeKind } from '../../lib/schedule.ts';
import { SCHEDULE } from '../../lib/staff-messages.ts';
import { auditAction } from '../audit/audit-log.ts';
import { purgeTag } from '../cdn/publish-change.ts';
import { getDeps, type Deps } from '../deps.ts';
import { REGISTRY, type ApiRegistry } from '../handlers/api-registry.ts';
import { UPDATED_BY } from '../http/versions.ts';
import { VersionConflictError, versionOf } from '../repository/port.ts';
import { dueMembers, DUE_QUEUES, resync } from './due-index.ts';

/** Who the audit log and the history name for the scheduler's changes. */
export const SCHEDULER_ACTOR = { userId: 'scheduler', name: SCHEDULE.actorName } as const;
export const SCHEDULER_LEASE = 'scheduled-publishing';
/** Longer than a run takes, shorter than the interval: a run that died frees the next one. */
const LEASE_MS = 4 * 60_000;

export interface ScheduledChangeMade {
  family: string;
  id: string;
  change: ScheduledChangeKind;
}

export interface ScheduledRun {
  /** False when nothing was due or another run held the lease: this one did nothing. */
  ran: boolean;
  changes: ScheduledChangeMade[];
}

/** One item's due change, as an edit over the version read; false when someone wrote it first. */
async function applyDue(
  deps: Deps,
  family: ContentFamily,
  item: Record<string, unknown> & { _id: string },
  now: number,
): Promise<ScheduledChangeKind | null> {
  const due = dueUpdate(item, now);
  if (!due) return null;
  // A family that stamps its first publication (an article's first-published date) gets the scheduled time, as a
  // staff publish would get its moment: the item went public then, whenever this run came by.
  const stamp = family.stampOnPublish;
  const firstPublication =
    stamp && due.change === 'publish' && !item[stamp] && typeof item.publishAt === 'string'
      ? { [stamp]: item.publishAt }
      : {};
  try {
    const result = await deps.repository.update(
      family.key,
      item._id,
      {
        ...due.fields,
        ...firstPublication,
        [UPDATED_BY]: { accountId: SCHEDULER_ACTOR.userId, name: SCHEDULER_ACTOR.name },
      },
      { expectedVersion: versionOf(item) },
    );
    if (!result) return null;
    await auditAction({ deps, ip: UNKNOWN_ADDRESS }, SCHEDULER_ACTOR, {
      action: due.change === 'publish' ? 'scheduled-publish' : 'scheduled-unpublish',
      family: family.key,
      item: result.item,
    });
    return due.change;
  } catch (error) {
    // Changed since it was read (another run, or staff): the next run reads it again.
    if (error instanceof VersionConflictError) return null;
    throw error;
  }
}

/**
 * Makes every due change once; answers what it changed. It reads the due-time index first (one store command) and
 * then only the items it names, so a run with nothing due does nothing more, whatever the families hold, and says
 * it did not run; so does a run that finds the lease held by another.
 */
export async function runScheduledPublishing(
  deps: Deps = getDeps(),
  registry: ApiRegistry = REGISTRY,
): Promise<ScheduledRun> {
  const now = deps.now().getTime();
  const due = await dueMembers(deps.coordination, DUE_QUEUES.publishing, now);
  if (due.length === 0) return { ran: false, changes: [] };
  if (!(await deps.coordination.acquireLease(SCHEDULER_LEASE, LEASE_MS))) return { ran: false, changes: [] };
  const changes: ScheduledChangeMade[] = [];
  const rules = { retentionDays: deps.env.REQUEST_RETENTION_DAYS };
  try {
    for (const member of due) {
      const family = registry.content.find((candidate) => candidate.key === member.collection);
      const item = family ? await deps.repository.get(family.key, member.id) : null;
      // Nothing due after all (gone, changed, not a content family): the entry follows the item or goes.
      if (!(await resync(deps.coordination, rules, member, item, now)) || !family || !item) continue;
      const change = await applyDue(deps, family, item, now);
      if (change) changes.push({ family: family.key, id: item._id, change });
    }
  } finally {
    await deps.coordination.releaseLease(SCHEDULER_LEASE);
  }
  if (changes.length > 0) {
    console.info(`[schedule] ${changes.length} scheduled changes made`);
    await publishChanges(deps, registry, changes);
  }
  return { ran: true, changes };
}

/**
 * Each changed family's CDN tag purged: the pages render on demand, so that alone makes the changes public (no
 * rebuild). The pages' CDN age is also capped at the next scheduled time, so they change on time even before
 * this tick purges them.
 */
async function publishChanges(deps: Deps, registry: ApiRegistry, changes: readonly ScheduledChangeMade[]) {
  const families = registry.content.filter((family) =>
    changes.some((change) => change.family === family.key),
  );
  await Promise.all(families.map((family) => purgeTag(deps, family.cacheTag)));
}
