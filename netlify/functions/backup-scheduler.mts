import type { Config } from '@netlify/functions';
import { runScheduledBackup } from '../../src/server/migration/scheduled-backup.ts';

/** Writes the daily backup into the Blobs store `backups`, keeping one a day for the last 14 days (see src/server/migration). */
export default async () => {
  const { key, bytes, removed } = await runScheduledBackup();
  console.log(`[backup] wrote ${key} (${bytes} bytes); removed ${removed.length} older`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
