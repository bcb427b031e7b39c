import type { Config } from '@netlify/functions';
import { runScheduledPurgeRetry } from '../../src/server/cdn/scheduled-purges.ts';
import { runScheduledEnquiries } from '../../src/server/enquiries/scheduled.ts';
import { runScheduledRebuild } from '../../src/server/rebuild/scheduled.ts';

/**
 * Sends the coalesced follow-up build once the rebuild window is over (see src/server/rebuild), retries due
 * request notifications and purges expired requests (src/server/enquiries), and retries CDN purges that failed
 * (src/server/cdn): one invocation a minute for all.
 */
export default async () => {
  const [outcome] = await Promise.all([
    runScheduledRebuild(),
    runScheduledEnquiries(),
    runScheduledPurgeRetry(),
  ]);
  return new Response(null, { status: outcome === 'failed' ? 502 : 204 });
};

// Netlify's cron syntax (UTC); '@every …' is not supported, the RFC shortcuts and five fields are.
export const config: Config = { schedule: '* * * * *' };
