import type { Config } from '@netlify/functions';
import { runScheduledPublishing } from '../../src/server/schedule/scheduled-publishing.ts';

/** Makes the due scheduled publishes and unpublishes of every content family, then asks for one rebuild (src/server/schedule). */
export default async () => {
  await runScheduledPublishing();
  return new Response(null, { status: 204 });
};

// Netlify's cron syntax (UTC): every 5 minutes (issue 24.3); the public API follows the times without it.
export const config: Config = { schedule: '*/5 * * * *' };
