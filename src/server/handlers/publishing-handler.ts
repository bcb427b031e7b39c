/**
 * Publishing, as staff read it: when an edit goes live (within seconds: pages render on demand and a save purges
 * them). Deploys come from git, for code only (docs/decisions.md §76).
 */
import { CREDITS_PER_DEPLOY, PUBLISHING_PATH, type PublishingStatus } from '../../lib/publishing.ts';
import { ok } from '../http/respond.ts';
import { READ, STAFF, staffRoute, type ApiRoute } from '../http/route-table.ts';

export const publishingRoutes: readonly ApiRoute[] = [
  staffRoute('GET', PUBLISHING_PATH, STAFF, READ, async () => ok(publishingStatus())),
];

export function publishingStatus(): PublishingStatus {
  return { creditsPerDeploy: CREDITS_PER_DEPLOY, live: { when: 'soon' } };
}
