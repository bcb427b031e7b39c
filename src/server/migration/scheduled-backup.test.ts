import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlobsServer, type TestBlobsServer } from '../../../tests/support/blobs-server.ts';
import { config } from '../../../netlify/functions/backup-scheduler.mts';
import { createDeps } from '../deps.ts';
import { createImageService } from '../images/image-service.ts';
import { createBlobsRepository } from '../repository/blobs-repository.ts';
import { BLOB_STORES } from '../repository/keys.ts';
import { verifyBackup } from './restore.ts';
import { BACKUPS_KEPT, runScheduledBackup } from './scheduled-backup.ts';

let blobs: TestBlobsServer;
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await blobs?.stop();
});

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
});
