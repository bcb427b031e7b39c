/**
 * Every archive the product ever wrote restores. tests/fixtures/backups holds one backup written by the product's
 * own code at each point its stored shapes changed (the demo content of that day, plus a contact and an enrolment
 * request; tests/fixtures/backups/README.md says how they were made). Each is restored into both store kinds by
 * today's code: fields and families added since take their defaults, everything the archive holds comes back.
 * The same archives written straight into a store, as an older deploy left it, are read, saved and backed up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Store } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, requestFamilies, settingsFamily } from '../../src/lib/collections.ts';
import type { ImageFolder } from '../../src/lib/families.ts';
import { SETTING_FIELDS } from '../../src/lib/setting-fields.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import { createImageStore } from '../../src/server/images/image-store.ts';
import { unpackArchive } from '../../src/server/migration/archive.ts';
import { backupBuffer, collectBackup, type BackupManifest } from '../../src/server/migration/backup.ts';
import { createRepositoryFromEnv } from '../../src/server/repository/index.ts';
import type { StoredItem } from '../../src/server/repository/port.ts';
import { restoreBackup } from '../../scripts/migration/restore.ts';
import { startBlobsServer, type TestBlobsServer } from '../support/blobs-server.ts';
import { startRedisWithGateway, type RedisWithGateway } from '../support/redis-server.ts';
import { startApi, STORE_BACKENDS, type Api, type StoreBackend } from './api-harness.ts';

const FIXTURES = new URL('../fixtures/backups/', import.meta.url);
const KEPT = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.tar.gz'))
  .sort();

interface Kept {
  archive: Buffer;
  manifest: BackupManifest;
  collections: Record<string, StoredItem[]>;
  images: Map<string, { bytes: Buffer; contentType: string }>;
}

async function readKept(name: string): Promise<Kept> {
  const archive = readFileSync(new URL(name, FIXTURES));
  const files = await unpackArchive(archive);
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as BackupManifest;
  const collections: Kept['collections'] = {};
  const images: Kept['images'] = new Map();
  for (const [path, bytes] of files) {
    const collection = /^collections\/(.+)\.json$/.exec(path)?.[1];
    if (collection) collections[collection] = JSON.parse(bytes.toString()) as StoredItem[];
  }
  for (const entry of manifest.entries)
    if (entry.path.startsWith('images/'))
      images.set(entry.path.slice('images/'.length), {
        bytes: files.get(entry.path)!,
        contentType: entry.contentType ?? 'application/octet-stream',
      });
  return { archive, manifest, collections, images };
}

let imagesServer: TestBlobsServer;
let redis: RedisWithGateway;
let prefix = 0;
const running: Api[] = [];

/** A site on one store kind: Redis under a key prefix of its own on the file's one server, or a Blobs store. */
async function site(backend: StoreBackend) {
  const imagesStore: Store = imagesServer.getStore(`kept-images-${backend}-${++prefix}`);
  const env =
    backend === 'redis'
      ? {
          UPSTASH_REDIS_REST_URL: redis.url,
          UPSTASH_REDIS_REST_TOKEN: redis.token,
          REDIS_KEY_PREFIX: `kept${prefix}`,
        }
      : {};
  const api = await startApi({
    env,
    ...(backend === 'redis' ? { repository: () => createRepositoryFromEnv(env) } : {}),
    deps: { images: createImageService({ store: imagesStore }) },
  });
  running.push(api);
  return { api, imagesStore, images: createImageStore(imagesStore) };
}

const settingsOf = async (api: Api) =>
  ((await (await api.call(settingsFamily.path)).json()) as { data: Record<string, unknown> }).data;

/** What the archive's settings item says, with the seed for every setting it predates. */
function expectedSettings(kept: Kept) {
  const stored = (kept.collections[settingsFamily.key]?.[0] ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    SETTING_FIELDS.map((field) => [field.name, stored[field.name] ?? SITE_SETTINGS_SEED[field.name]]),
  );
}

async function expectHoldsTheArchive(target: Awaited<ReturnType<typeof site>>, kept: Kept) {
  const { api } = target;
  for (const key of COLLECTION_KEYS) {
    const held = kept.collections[key] ?? [];
    const ids = (await api.repository.list(key)).map((item) => item._id).sort();
    expect(ids, key).toEqual(held.map((item) => item._id).sort());
  }
  expect(await settingsOf(api)).toEqual(expectedSettings(kept));
  // The staff read and a save work on the settings the archive predates fields of.
  const staffRead = await api.admin(`${settingsFamily.path}?drafts=1`);
  expect(staffRead.status).toBe(200);
  const { data } = (await staffRead.json()) as { data: Record<string, unknown> };
  const saved = await api.admin(settingsFamily.path, {
    method: 'PUT',
    json: { ...data, footerTagline: 'Saved after the upgrade' },
  });
  expect(saved.status).toBe(200);
  // The archived requests are the admin's to read.
  for (const family of [requestFamilies.contact, requestFamilies.enroll]) {
    const names = (kept.collections[family.key] ?? []).map((item) => item.name);
    expect(names.length).toBeGreaterThan(0);
    const listed = (await (await api.admin(family.path)).json()) as { data: { name: string }[] };
    expect(listed.data.map((item) => item.name)).toEqual(expect.arrayContaining(names));
  }
  for (const [key, { bytes }] of kept.images) {
    const blob = await target.imagesStore.get(key, { type: 'arrayBuffer' });
    expect(blob && Buffer.from(blob).equals(bytes), key).toBe(true);
  }
}

beforeAll(async () => {
  [imagesServer, redis] = await Promise.all([startBlobsServer(), startRedisWithGateway()]);
}, 60_000);
afterAll(async () => {
  for (const api of running) await api.stop();
  await Promise.all([imagesServer?.stop(), redis?.stop()]);
});

describe('the kept archives', () => {
  it('hold one archive from the first backup format on, with requests and an older settings shape', async () => {
    expect(KEPT.length).toBeGreaterThanOrEqual(4);
    const oldest = await readKept(KEPT[0]!);
    const settings = oldest.collections[settingsFamily.key]?.[0] as Record<string, unknown>;
    // The archive must predate some settings, or it proves nothing about fields added since.
    expect(SETTING_FIELDS.some((field) => settings[field.name] === undefined)).toBe(true);
  });
});

describe.each(KEPT)('the archive %s', (name) => {
  describe.each(STORE_BACKENDS)('on %s', (backend) => {
    it('restores: fields and families added since take their defaults', async () => {
      const kept = await readKept(name);
      const target = await site(backend);
      const dry = await restoreBackup(kept.archive, {
        repository: target.api.repository,
        images: target.images,
        dryRun: true,
      });
      expect(dry.rows.find((row) => row.name === 'contact')?.inBackup).toBe(kept.collections.contact?.length);
      await restoreBackup(kept.archive, { repository: target.api.repository, images: target.images });
      await expectHoldsTheArchive(target, kept);
    }, 120_000);

    it('as a store an older deploy left: read, saved, backed up and restored elsewhere', async () => {
      const kept = await readKept(name);
      const upgraded = await site(backend);
      // Written as the older code stored them, without today's defaults.
      for (const [key, items] of Object.entries(kept.collections))
        for (const item of items) await upgraded.api.repository.put(key, item);
      for (const [key, { bytes, contentType }] of kept.images) {
        const [folder, fileName] = key.split('/') as [ImageFolder, string];
        await upgraded.images.put(folder, fileName, bytes, contentType);
      }
      expect(await settingsOf(upgraded.api)).toEqual(expectedSettings(kept));

      const archive = await backupBuffer(await collectBackup(upgraded.api.repository, upgraded.images));
      const elsewhere = await site(backend === 'blobs' ? 'redis' : 'blobs');
      await restoreBackup(archive, { repository: elsewhere.api.repository, images: elsewhere.images });
      await expectHoldsTheArchive(elsewhere, kept);
    }, 120_000);
  });
});
