/**
 * The daily backup (netlify/functions/backup-scheduler.mts): the same archive as `npm run backup` and the admin
 * download, written to the Blobs store `backups` as `delta-backup-{UTC time}.tar.gz`. Backups are kept per UTC day
 * (the schedule's own clock): the newest of each day, for the newest BACKUPS_KEPT days. Counting days rather than
 * runs means no burst of runs (a retried invocation, or anyone who could call it) can push older days out.
 */
import { getStore, type Store } from '@netlify/blobs';
import { getDeps, type Deps } from '../deps.ts';
import { BLOB_STORES } from '../repository/keys.ts';
import { backupBuffer, backupFileName, collectBackup } from './backup.ts';

/** Days with a backup kept, one backup each. */
export const BACKUPS_KEPT = 14;
const BACKUP_KEY_PREFIX = 'delta-backup-';
/** The UTC day in a backup's name (backupFileName); names that do not match are not ours and are left alone. */
const BACKUP_DAY = /^delta-backup-(\d{4}-\d{2}-\d{2})T[\d-]+Z\.tar\.gz$/;

export interface ScheduledBackupResult {
  key: string;
  bytes: number;
  /** Backups deleted: older ones of the same day, and every one of the days beyond the newest BACKUPS_KEPT. */
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
  const keys = (await store.list({ prefix: BACKUP_KEY_PREFIX })).blobs.map((blob) => blob.key);
  const removed = backupsToRemove(keys, keep);
  for (const old of removed) await store.delete(old);
  return { key, bytes: archive.length, removed };
}

/** The backups beyond one per day (the newest of it) for the newest `keep` days, oldest first. */
export function backupsToRemove(keys: string[], keep: number = BACKUPS_KEPT): string[] {
  // Names sort by time: newest first, the first one seen of a day is the one it keeps.
  const newestFirst = keys
    .filter((key) => BACKUP_DAY.test(key))
    .sort()
    .reverse();
  const keptDays = new Set<string>();
  const removed: string[] = [];
  for (const key of newestFirst) {
    const day = BACKUP_DAY.exec(key)?.[1] ?? '';
    if (keptDays.has(day) || keptDays.size >= keep) removed.push(key);
    else keptDays.add(day);
  }
  return removed.reverse();
}
