/**
 * The daily backup (netlify/functions/backup-scheduler.mts): the same archive as `npm run backup` and the admin
 * download, written to the Blobs store `backups` as `delta-backup-{time}.tar.gz`; only the newest BACKUPS_KEPT stay.
 * The names sort by time, so "oldest" is simply "first in key order".
 */
import { getStore, type Store } from '@netlify/blobs';
import { getDeps, type Deps } from '../deps.ts';
import { BLOB_STORES } from '../repository/keys.ts';
import { backupBuffer, backupFileName, collectBackup } from './backup.ts';

export const BACKUPS_KEPT = 14;
const BACKUP_KEY_PREFIX = 'delta-backup-';

export interface ScheduledBackupResult {
  key: string;
  bytes: number;
  /** Older backups deleted to keep BACKUPS_KEPT. */
  removed: string[];
}

export async function runScheduledBackup(
  deps: Deps = getDeps(),
  store: Store = getStore({ name: BLOB_STORES.backups, consistency: 'strong' }),
  keep: number = BACKUPS_KEPT,
): Promise<ScheduledBackupResult> {
  const now = deps.now();
  const archive = await backupBuffer(await collectBackup(deps.repository, deps.images.blobs, now));
  const key = backupFileName(now);
  await store.set(key, new Uint8Array(archive).buffer, {
    metadata: { createdAt: now.toISOString(), bytes: archive.length },
  });
  const keys = (await store.list({ prefix: BACKUP_KEY_PREFIX })).blobs.map((blob) => blob.key).sort();
  const removed = keys.slice(0, Math.max(0, keys.length - keep));
  for (const old of removed) await store.delete(old);
  return { key, bytes: archive.length, removed };
}
