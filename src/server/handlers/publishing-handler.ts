/**
 * Publishing, as staff read it: when an edit goes live (within seconds: pages render on demand and a save purges
 * them) and what still waits for a deploy (nothing). Deploys come from git, for code only (docs/decisions.md §76).
 */
import { CREDITS_PER_DEPLOY, PUBLISHING_PATH, type PublishingStatus } from '../../lib/publishing.ts';
import { titleOf } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { ok } from '../http/respond.ts';
import { READ, STAFF, staffRoute, type ApiRoute } from '../http/route-table.ts';
import { istMonth } from '../rebuild/publish-policy.ts';

export const publishingRoutes: readonly ApiRoute[] = [
  staffRoute('GET', PUBLISHING_PATH, STAFF, READ, async ({ deps }) => ok(await publishingStatus(deps))),
];

export async function publishingStatus(deps: Deps): Promise<PublishingStatus> {
  const governor = deps.rebuild.governor;
  if (!governor) throw new Error('publishing status needs a counted rebuild trigger');
  const [spent, queued] = await Promise.all([governor.spent(), governor.queued()]);
  // A queued change names its item; the title is read now, so a renamed item shows its current name.
  const titles = await Promise.all(
    queued.map(async (change) => {
      const item = change.id ? await deps.repository.get(change.family, change.id) : null;
      return item ? titleOf(change.family, item) : undefined;
    }),
  );
  return {
    month: istMonth(governor.now().getTime()),
    used: spent.used,
    creditsPerDeploy: CREDITS_PER_DEPLOY,
    // An edit needs no deploy: the pages render on demand and a save purges them (publish-change.ts).
    live: { when: 'soon' },
    queued: queued.map((change, index) => ({
      id: change._id,
      family: change.family,
      ...(change.id ? { itemId: change.id } : {}),
      ...(titles[index] ? { title: titles[index] } : {}),
      ...(change.byName ? { byName: change.byName } : {}),
      at: change.at,
    })),
  };
}
