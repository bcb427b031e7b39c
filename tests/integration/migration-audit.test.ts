/**
 * Issue 20.4: a restore and a legacy import from the command line follow the API's write rules — one publish (CDN
 * purge and rebuild) and an audit entry — and a dry run does neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitySentence } from '../../src/admin/format/activity.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { AUDIT_PATH, type AuditEntry } from '../../src/lib/identity.ts';
import { COMMAND_LINE_ACTOR, recordAudit } from '../../src/server/audit/audit-log.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import { createImageStore } from '../../src/server/images/image-store.ts';
import { backupBuffer, collectBackup } from '../../src/server/migration/backup.ts';
import { BLOB_STORES } from '../../src/server/repository/keys.ts';
import { importLegacy } from '../../scripts/migration/legacy-import.ts';
import { restoreBackup } from '../../scripts/migration/restore.ts';
import { body, startApi, type Api } from './api-harness.ts';

let api: Api;
let images: ReturnType<typeof createImageStore>;
beforeAll(async () => {
  api = await startApi();
  const store = api.blobs.getStore(`${BLOB_STORES.images}-migration-audit`);
  images = createImageStore(store);
  api.deps.images = createImageService({ store });
});
afterAll(() => api.stop());

const entriesOf = async (action: AuditEntry['action']) =>
  ((await body(await api.admin(`${AUDIT_PATH}?limit=50`))).data as AuditEntry[]).filter(
    (entry) => entry.action === action,
  );
const restoreEntries = () => entriesOf('backup-restore');
// As scripts/migration/store-target.ts records them for `npm run restore` and `npm run import:legacy`.
const asOperator = (record: Pick<AuditEntry, 'action' | 'target' | 'detail'>) =>
  recordAudit(api.deps, { ...record, actor: COMMAND_LINE_ACTOR, ip: 'local' });

describe('a restore from the command line', () => {
  it('publishes once and tells the audit log, as the operator; a dry run does neither', async () => {
    const created = await api.admin(contentFamilies.homeCourse.path, {
      method: 'POST',
      json: { title: 'Web basics', description: 'HTML, CSS and the rest' },
    });
    expect(created.status).toBe(201);
    const archive = await backupBuffer(await collectBackup(api.repository, images, api.clock.now));
    const published: string[][] = [];
    const options = {
      repository: api.repository,
      images,
      publish: async (tags: string[]) => void published.push(tags),
      audit: asOperator,
    };

    await restoreBackup(archive, { ...options, dryRun: true });
    expect(published).toEqual([]);
    expect(await restoreEntries()).toEqual([]);

    await restoreBackup(archive, options);
    expect(published).toHaveLength(1);
    expect(published[0]).toContain(contentFamilies.homeCourse.cacheTag);
    const [entry] = await restoreEntries();
    expect(entry).toMatchObject({
      actor: COMMAND_LINE_ACTOR,
      ip: 'local',
      detail: { written: 1, removed: 0 },
    });
    expect(activitySentence(entry!)).toBe(
      `command-line restored the backup ${api.clock.now.toISOString()} (1 written, 0 removed)`,
    );
  });

  it('as does an import of the old site’s data', async () => {
    const homecourses = [
      { _id: { $oid: '64c3b0c2e4b0a1b2c3d4e7f1' }, title: 'Cloud basics', description: 'Two weeks' },
      { _id: { $oid: '64c3b0c2e4b0a1b2c3d4e7f2' }, title: 'Secure coding', description: 'Four weeks' },
    ]
      .map((record) => JSON.stringify(record))
      .join('\n');
    const published: string[][] = [];
    const options = {
      repository: api.repository,
      images: api.deps.images,
      publish: async (tags: string[]) => void published.push(tags),
      audit: asOperator,
    };

    await importLegacy({ homecourses }, { ...options, dryRun: true });
    expect(published).toEqual([]);
    expect(await entriesOf('legacy-import')).toEqual([]);

    await importLegacy({ homecourses }, options);
    expect(published).toEqual([[contentFamilies.homeCourse.cacheTag]]);
    const [entry] = await entriesOf('legacy-import');
    expect(entry).toMatchObject({ actor: COMMAND_LINE_ACTOR, detail: { written: 2, removed: 0 } });
    expect(activitySentence(entry!)).toBe('command-line imported the old site’s data (2 written, 0 removed)');
  });
});
