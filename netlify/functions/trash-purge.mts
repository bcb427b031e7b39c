import type { Config } from '@netlify/functions';
import { runScheduledPurge } from '../../src/server/rebuild/scheduled.ts';

/** Purges trash entries older than their retention and frees their pictures (see src/server/handlers/trash-handler.ts), audit entries older than 400 days and ended sessions, and purges the course pages when a catalogue batch started or finished (src/server/rebuild/scheduled.ts). */
export default async () => {
  await runScheduledPurge();
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
