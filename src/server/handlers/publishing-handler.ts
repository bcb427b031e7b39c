/**
 * Publishing under the deploy budget (issue 26): staff read this month's deploys, the budget, the queue and when
 * a change goes live; owners may "publish now", spending one deploy if the budget has one left.
 */
import { API } from '../../lib/api-messages.ts';
import {
  CREDITS_PER_DEPLOY,
  PUBLISH_NOW_PATH,
  PUBLISHING_PATH,
  type PublishingStatus,
} from '../../lib/publishing.ts';
import { auditAction, titleOf } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { conflict, failure, ok, serviceUnavailable } from '../http/respond.ts';
import { OWNER, READ, STAFF, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { istMonth, mayDeploy, showWindow } from '../rebuild/publish-policy.ts';

export const publishingRoutes: readonly ApiRoute[] = [
  staffRoute('GET', PUBLISHING_PATH, STAFF, READ, async ({ deps }) => ok(await publishingStatus(deps))),
  staffRoute('POST', PUBLISH_NOW_PATH, OWNER, ['publish-now'], publishNow),
];

export async function publishingStatus(deps: Deps): Promise<PublishingStatus> {
  const { rebuild } = deps;
  const governor = rebuild.governor;
  if (!governor) throw new Error('publishing status needs a governed rebuild trigger');
  const { config } = governor;
  const now = governor.now().getTime();
  const [spent, queued, lastDeploy] = await Promise.all([
    governor.spent(),
    governor.queued(),
    governor.lastDeploy(),
  ]);
  // A queued change names its item; the title is read now, so a renamed item shows its current name.
  const titles = await Promise.all(
    queued.map(async (change) => {
      const item = change.id ? await deps.repository.get(change.family, change.id) : null;
      return item ? titleOf(change.family, item) : undefined;
    }),
  );
  const remaining = Math.max(0, config.budget - spent.used);
  return {
    enabled: rebuild.enabled ?? false,
    policy: config.policy,
    month: istMonth(now),
    budget: config.budget,
    used: spent.used,
    remaining,
    creditsPerDeploy: CREDITS_PER_DEPLOY,
    estimatedCredits: spent.used * CREDITS_PER_DEPLOY,
    budgetCredits: config.budget * CREDITS_PER_DEPLOY,
    mode: remaining === 0 ? 'budget-used' : mayDeploy(config, now, spent, 'edit') ? 'live' : 'tight',
    // An edit needs no deploy: the pages render on demand and a save purges them (publish-change.ts).
    live: { when: 'soon' },
    window: showWindow(config.windowMinutes),
    queued: queued.map((change, index) => ({
      id: change._id,
      family: change.family,
      ...(change.id ? { itemId: change.id } : {}),
      ...(titles[index] ? { title: titles[index] } : {}),
      ...(change.byName ? { byName: change.byName } : {}),
      at: change.at,
    })),
    lastDeploy: lastDeploy
      ? {
          at: lastDeploy.at,
          reason: lastDeploy.reason,
          ...(lastDeploy.byName ? { byName: lastDeploy.byName } : {}),
        }
      : null,
  };
}

async function publishNow(input: StaffInput): Promise<Response> {
  const { deps, actor } = input;
  const outcome = (await deps.rebuild.publishNow?.(actor.name)) ?? 'skipped';
  switch (outcome) {
    case 'built':
      await auditAction(input, actor, { action: 'publish-now', family: 'publishing' });
      return ok(await publishingStatus(deps), { message: API.publishStarted });
    case 'refused':
      return conflict(API.publishBudgetUsed(deps.env.DEPLOY_BUDGET_PER_MONTH));
    case 'skipped':
      return serviceUnavailable(API.publishNoHook);
    default:
      // The deploy was counted (Netlify may have started it): the log says so, like any spent deploy.
      await auditAction(input, actor, { action: 'publish-now', family: 'publishing' });
      return failure(502, API.publishHookFailed);
  }
}
