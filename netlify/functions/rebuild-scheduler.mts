import type { Config } from '@netlify/functions';
import { runScheduledPurgeRetry } from '../../src/server/cdn/scheduled-purges.ts';
import { runScheduledEnquiries } from '../../src/server/enquiries/scheduled.ts';

/**
 * The every-minute tick: retries due request notifications and purges expired requests (src/server/enquiries), and
 * retries CDN purges that failed (src/server/cdn). It no longer sends any build: content needs no deploy
 * (docs/decisions.md §76); the file keeps its name so the deployed function keeps its schedule and logs.
 */
export default async () => {
  await Promise.all([runScheduledEnquiries(), runScheduledPurgeRetry()]);
  return new Response(null, { status: 204 });
};

// Netlify's cron syntax (UTC); '@every …' is not supported, the RFC shortcuts and five fields are.
export const config: Config = { schedule: '* * * * *' };
