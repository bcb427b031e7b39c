import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlobsServer, type TestBlobsServer } from '../../../tests/support/blobs-server.ts';
import { config } from '../../../netlify/functions/backup-scheduler.mts';
import { createDeps } from '../deps.ts';
import { createImageService } from '../images/image-service.ts';
import { createBlobsRepository } from '../repository/blobs-repository.ts';
import { BLOB_STORES } from '../repository/keys.ts';
import { verifyBackup } from '../../../scripts/migration/restore.ts';
import { BACKUPS_KEPT, backupsToRemove, runScheduledBackup } from './scheduled-backup.ts';

let blobs: TestBlobsServer;
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await blobs?.stop();
});

function depsAt(clock: { now: Date }) {
  return createDeps(
    {},
    {
      repository: createBlobsRepository({ store: blobs.getStore(BLOB_STORES.content) }),
      images: createImageService({ store: blobs.getStore(BLOB_STORES.images) }),
      now: () => clock.now,
    },
  );
}

describe('daily backup', () => {
  it('runs daily, writes a verifiable archive into the backups store and keeps the newest 14', async () => {
    expect(config.schedule).toBe('@daily');
    let now = new Date('2026-01-01T02:00:00.000Z');
    const repository = createBlobsRepository({ store: blobs.getStore(BLOB_STORES.content) });
    const deps = createDeps(
      {},
      {
        repository,
        images: createImageService({ store: blobs.getStore(BLOB_STORES.images) }),
        now: () => now,
      },
    );
    const store = blobs.getStore(BLOB_STORES.backups);
    await repository.create('homeCourse', { title: 'Day one', description: 'Kept' });
    const results = [];
    for (let day = 0; day < BACKUPS_KEPT + 2; day++) {
      results.push(await runScheduledBackup(deps, store));
      now = new Date(now.getTime() + 86_400_000);
    }
    expect(results[0]).toMatchObject({ key: 'delta-backup-2026-01-01T02-00-00Z.tar.gz', removed: [] });
    expect(results.at(-1)?.removed).toEqual(['delta-backup-2026-01-02T02-00-00Z.tar.gz']);
    const keys = (await store.list()).blobs.map((blob) => blob.key).sort();
    expect(keys).toEqual(results.slice(2).map((result) => result.key));
    const newest = await store.get(keys.at(-1)!, { type: 'arrayBuffer' });
    const verified = await verifyBackup(new Uint8Array(newest));
    expect(verified.collections.homeCourse.map((item) => item.title)).toEqual(['Day one']);
    expect(verified.manifest.createdAt).toBe('2026-01-16T02:00:00.000Z');
  });

  it('keeps one backup a day: a burst of runs on one day replaces the backup of that day and pushes out no older day', async () => {
    const clock = { now: new Date('2026-03-01T00:00:00.000Z') };
    const deps = depsAt(clock);
    const store = blobs.getStore('backups-burst');
    const earlierDays = [];
    for (let day = 0; day < BACKUPS_KEPT - 1; day++) {
      earlierDays.push((await runScheduledBackup(deps, store)).key);
      clock.now = new Date(clock.now.getTime() + 86_400_000);
    }
    // 15 runs within one UTC day, as 15 calls of the function in a row would make.
    let newest = '';
    for (let run = 0; run < 15; run++) {
      clock.now = new Date(Date.parse('2026-03-14T09:00:00.000Z') + run * 60_000);
      newest = (await runScheduledBackup(deps, store)).key;
    }
    const keys = (await store.list()).blobs.map((blob) => blob.key).sort();
    expect(keys).toEqual([...earlierDays, newest]);
    expect(newest).toBe('delta-backup-2026-03-14T09-14-00Z.tar.gz');
  });

  it('counts days in UTC and leaves alone blobs that are not its backups', () => {
    const keys = [
      'delta-backup-2026-03-01T23-59-59Z.tar.gz',
      'delta-backup-2026-03-02T00-00-00Z.tar.gz',
      'delta-backup-2026-03-02T18-30-00Z.tar.gz',
      'delta-backup-manual-copy.tar.gz',
    ];
    expect(backupsToRemove(keys, 2)).toEqual(['delta-backup-2026-03-02T00-00-00Z.tar.gz']);
    expect(backupsToRemove(keys, 1)).toEqual([
      'delta-backup-2026-03-01T23-59-59Z.tar.gz',
      'delta-backup-2026-03-02T00-00-00Z.tar.gz',
    ]);
  });
});
