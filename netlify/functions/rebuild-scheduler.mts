import type { Config } from '@netlify/functions';
import { runScheduledRebuild } from '../../src/server/rebuild/scheduled.ts';

/** Sends the coalesced follow-up build once the rebuild window is over (see src/server/rebuild). */
export default async () => {
  const outcome = await runScheduledRebuild();
  return new Response(null, { status: outcome === 'failed' ? 502 : 204 });
};

// Netlify's cron syntax (UTC); '@every …' is not supported, the RFC shortcuts and five fields are.
export const config: Config = { schedule: '* * * * *' };
