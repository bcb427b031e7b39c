/**
 * The daily scheduled work (netlify/functions/trash-purge.mts), and the follow-up build of the rebuild design that
 * no schedule runs any more (docs/decisions.md §76).
 */
import { purgeAudit } from '../audit/audit-log.ts';
import { purgeDeadSessions } from '../auth/sessions.ts';
import { getDeps, type Deps } from '../deps.ts';
import { REGISTRY } from '../handlers/api-registry.ts';
import { purgeExpiredChallenges } from '../handlers/passkey-handler.ts';
import { purgeTrash } from '../handlers/trash-handler.ts';
import type { RebuildOutcome } from './rebuild-trigger.ts';
import { closeStartedBatches } from './batch-close.ts';
import { COLLECTION_KEYS } from '../../families/index.ts';
import { rebuildDueIndex } from '../schedule/due-index.ts';

/** Counted once the due-time index holds everything stored, with its retention times under this many days. */
export const dueIndexBuilt = (retentionDays: number) => `due-index-built-retention-${retentionDays}`;

/**
 * A store that predates the due-time index has items due that no write entered, and a changed
 * REQUEST_RETENTION_DAYS moves every request's expiry: the first daily run after either enters everything again,
 * once (one counter read on every later day). A restore enters its own (scripts/migration/restore.ts).
 */
export async function ensureDueIndex(deps: Deps): Promise<void> {
  const built = dueIndexBuilt(deps.env.REQUEST_RETENTION_DAYS);
  if ((await deps.coordination.readCount(built)) > 0) return;
  const rules = { retentionDays: deps.env.REQUEST_RETENTION_DAYS };
  const entered = await rebuildDueIndex(deps.repository, deps.coordination, rules, COLLECTION_KEYS);
  await deps.coordination.countUpTo(built, 1);
  console.info(`[schedule] due-time index built: ${entered} entries`);
}

/**
 * The coalesced follow-up build. No scheduled function runs it any more (content asks for no build: docs/decisions.md
 * §76); kept for the bench's month of the rebuild design (bench/upstash-month.ts).
 */
export async function runScheduledRebuild(deps: Deps = getDeps()): Promise<RebuildOutcome> {
  return deps.rebuild.followUp();
}

/**
 * The daily purge (netlify/functions/trash-purge.mts): trash entries past their retention go for good, and so do
 * audit entries older than AUDIT_RETENTION_DAYS, records of sessions that can no longer be used and expired passkey
 * challenges (issue 13); and batches that started or finished since yesterday's run get one rebuild (issue 22).
 * Answers the trash count; the others are logged as counts only.
 */
export async function runScheduledPurge(deps: Deps = getDeps()): Promise<number> {
  await ensureDueIndex(deps);
  const trashed = await purgeTrash(REGISTRY, deps);
  const [audit, sessions, challenges, batches] = await Promise.all([
    purgeAudit(deps),
    purgeDeadSessions(deps),
    purgeExpiredChallenges(deps),
    // A failed check must not stop the purges; tomorrow's run still sees the change (the look-back).
    closeStartedBatches(deps).catch((error: unknown) => {
      console.warn(`[batches] the daily check failed: ${String(error)}`);
      return 0;
    }),
  ]);
  if (batches) console.info(`[batches] ${batches} batches started or finished: one rebuild requested`);
  if (audit || sessions || challenges)
    console.info(
      `[purge] ${audit} audit entries, ${sessions} ended sessions, ${challenges} expired passkey challenges`,
    );
  return trashed;
}
