/**
 * Issue 21: two people editing one item. Every staff read answers the item's version (in the item and as its
 * ETag), a save sends it back as If-Match, and a save made from an older version is refused with 412 naming who
 * saved the newer one and when — on both stores, for a content family and for the site settings. Saves without
 * If-Match keep working, and a publish toggle changes only the flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentFamilies,
  revisionsPath,
  settingsFamily,
  settingsRevisionsPath,
  type ContentFamily,
} from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { formatIst } from '../../src/lib/ist.ts';
import { SITE_SETTINGS_SEED, type SiteSettings } from '../../src/lib/site-settings.ts';
import { jpegWithExifAndGps } from '../../src/server/images/image-fixtures.ts';
import type { StoredItem } from '../../src/server/repository/port.ts';
import { sampleInput } from '../support/family-samples.ts';
import { body, multipart, startApiOn, STORE_BACKENDS, type Api, type CallOptions } from './api-harness.ts';

const family = contentFamilies.homeCourse;
const pictured = contentFamilies.career;

describe.each(STORE_BACKENDS)('item versions on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  let phone: (path: string, options?: CallOptions) => Promise<Response>;
  let desktop: (path: string, options?: CallOptions) => Promise<Response>;

  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'versions'));
    await api.account({ userId: 'priya', name: 'Priya Sharma', role: 'editor' });
    await api.account({ userId: 'arjun', name: 'Arjun Rao', role: 'editor' });
    phone = (path, options = {}) => api.call(path, { ...options, session: api.session('priya') });
    desktop = (path, options = {}) => api.call(path, { ...options, session: api.session('arjun') });
  });
  afterAll(() => stop());

  const itemPath = (target: ContentFamily, id: string) => `${target.path}/${id}`;
  const add = async (target: ContentFamily, fields: Record<string, unknown> = {}) => {
    const response = await api.admin(target.path, {
      method: 'POST',
      json: { ...sampleInput(target, 'Versioned'), ...fields },
    });
    expect(response.status).toBe(201);
    return (await body(response)).data as StoredItem;
  };
  /** A staff read of one item: its version in the body and as the ETag. */
  const staffRead = async (target: ContentFamily, id: string) => {
    const response = await api.admin(`${itemPath(target, id)}?drafts=1`);
    expect(response.status).toBe(200);
    return { etag: response.headers.get('ETag'), item: (await body(response)).data as StoredItem };
  };
  const stored = async (target: ContentFamily, id: string) => ({
    item: await api.repository.get(target.key, id),
    revisions: await api.repository.revisions(target.key, id),
  });

  it('a staff read answers the version in the item and as the ETag; the list carries it too', async () => {
    const item = await add(family);
    expect(item.version).toBe(0);
    const read = await staffRead(family, item._id);
    expect(read).toMatchObject({ etag: '"0"', item: { version: 0 } });
    const list = (await body(await api.admin(`${family.path}?drafts=1`))).data as StoredItem[];
    expect(list.find((candidate) => candidate._id === item._id)?.version).toBe(0);
  });

  it('the second of two saves from the same version is refused with 412, who and when, and changes nothing', async () => {
    const item = await add(family, { title: 'Start' });
    const { etag } = await staffRead(family, item._id);
    const fromPhone = await phone(itemPath(family, item._id), {
      method: 'PUT',
      json: { ...sampleInput(family, 'Phone'), title: 'From the phone' },
      headers: { 'If-Match': etag! },
    });
    expect(fromPhone.status).toBe(200);
    expect(fromPhone.headers.get('ETag')).toBe('"1"');
    const saved = (await body(fromPhone)).data as StoredItem;
    expect(saved).toMatchObject({ title: 'From the phone', version: 1 });
    expect(saved).not.toHaveProperty('updatedBy');
    const before = await stored(family, item._id);

    const fromDesktop = await desktop(itemPath(family, item._id), {
      method: 'PUT',
      json: { ...sampleInput(family, 'Desktop'), title: 'From the desktop' },
      headers: { 'If-Match': etag! },
    });
    expect(fromDesktop.status).toBe(412);
    expect(fromDesktop.headers.get('ETag')).toBe('"1"');
    expect(await fromDesktop.json()).toEqual({
      success: false,
      message: API.staleWrite('Priya Sharma', formatIst(saved.updatedAt)),
      current: { version: 1, updatedAt: saved.updatedAt, updatedBy: 'Priya Sharma' },
    });
    expect(API.staleWrite('Priya Sharma', formatIst(saved.updatedAt))).toMatch(/IST/);
    expect(await stored(family, item._id)).toEqual(before);

    // Having reviewed the difference, the desktop saves over the version it now knows.
    const again = await desktop(itemPath(family, item._id), {
      method: 'PUT',
      json: { ...sampleInput(family, 'Desktop'), title: 'From the desktop' },
      headers: { 'If-Match': '"1"' },
    });
    expect(again.status).toBe(200);
    const history = (await body(await api.admin(revisionsPath(family, item._id)))).data as {
      savedBy: string | null;
      data: StoredItem;
    }[];
    expect(history.map((revision) => [revision.data.title, revision.savedBy])).toEqual([
      ['From the desktop', 'Arjun Rao'],
      ['From the phone', 'Priya Sharma'],
      ['Start', 'Owner'],
    ]);
  });

  it('saves without If-Match (older clients) or with * still land; a malformed If-Match is a 400 that changes nothing', async () => {
    const item = await add(family);
    for (const headers of [{}, { 'If-Match': '*' }] as Record<string, string>[]) {
      const response = await api.admin(itemPath(family, item._id), {
        method: 'PUT',
        json: sampleInput(family, 'Old client'),
        headers,
      });
      expect(response.status).toBe(200);
    }
    expect((await api.repository.get(family.key, item._id))?.version).toBe(2);
    const before = await stored(family, item._id);
    for (const malformed of ['3', '"three"', '"1", "2"', 'W/']) {
      const response = await api.admin(itemPath(family, item._id), {
        method: 'PUT',
        json: sampleInput(family, 'Malformed'),
        headers: { 'If-Match': malformed },
      });
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ success: false, message: API.ifMatchInvalid });
    }
    expect(await stored(family, item._id)).toEqual(before);
  });

  it('a stale save with a new picture is refused before the picture is stored', async () => {
    const photo = await jpegWithExifAndGps(480, 360);
    const item = await add(pictured, { title: 'Analyst' });
    await phone(itemPath(pictured, item._id), { method: 'PUT', json: sampleInput(pictured, 'Phone') });
    const before = await stored(pictured, item._id);
    const response = await desktop(itemPath(pictured, item._id), {
      method: 'PUT',
      form: multipart(sampleInput(pictured, 'Desktop'), { bytes: photo }),
      headers: { 'If-Match': '"0"' },
    });
    expect(response.status).toBe(412);
    expect(await stored(pictured, item._id)).toEqual(before);
  });

  it("publishing sends only the flag: a colleague's newer edit stays", async () => {
    const item = await add(family, { title: 'Loaded on the desktop' });
    await phone(itemPath(family, item._id), {
      method: 'PUT',
      json: { ...sampleInput(family, 'Phone'), title: 'Edited on the phone' },
    });
    const toggled = await desktop(itemPath(family, item._id), { method: 'PUT', json: { published: false } });
    expect(toggled.status).toBe(200);
    expect((await body(toggled)).data).toMatchObject({ title: 'Edited on the phone', published: false });
    expect(await api.repository.get(family.key, item._id)).toMatchObject({
      title: 'Edited on the phone',
      published: false,
      version: 2,
    });
    const refused = await desktop(itemPath(family, item._id), { method: 'PUT', json: { published: 'no' } });
    expect(refused.status).toBe(400);
    expect((await api.repository.get(family.key, item._id))?.published).toBe(false);
  });

  it('site settings: a staff read has the version; a stale save is refused; of two first saves one lands', async () => {
    const read = await api.admin(`${settingsFamily.path}?drafts=1`);
    expect(read.status).toBe(200);
    expect(read.headers.get('ETag')).toBe('"0"');
    expect(read.headers.get('Cache-Control')).toBe('no-store');
    const answer = await body(read);
    expect(answer.data).toEqual(SITE_SETTINGS_SEED);
    expect((answer as { version?: unknown }).version).toBe(0);
    expect((await api.call(`${settingsFamily.path}?drafts=1`)).status).toBe(401);

    const edited = (changes: Partial<SiteSettings>) => ({ ...SITE_SETTINGS_SEED, ...changes });
    const first = await Promise.all([
      phone(settingsFamily.path, {
        method: 'PUT',
        json: edited({ phone: '+91 90000 00001' }),
        headers: { 'If-Match': '"0"' },
      }),
      desktop(settingsFamily.path, {
        method: 'PUT',
        json: edited({ phone: '+91 90000 00002' }),
        headers: { 'If-Match': '"0"' },
      }),
    ]);
    expect(first.map((response) => response.status).sort()).toEqual([200, 412]);
    const winner = first.find((response) => response.status === 200)!;
    expect(winner.headers.get('ETag')).toBe('"1"');
    const kept = (await body(winner)).data as SiteSettings;
    expect((await body(await api.call(settingsFamily.path))).data).toEqual(kept);
    const history = (await body(await api.admin(settingsRevisionsPath))).data as { data: SiteSettings }[];
    expect(history.map((version) => version.data)).toEqual([kept, SITE_SETTINGS_SEED]);

    const stale = await desktop(settingsFamily.path, {
      method: 'PUT',
      json: edited({ phone: '+91 90000 00003' }),
      headers: { 'If-Match': '"0"' },
    });
    expect(stale.status).toBe(412);
    expect((await body(stale)).message).toMatch(/^(Priya Sharma|Arjun Rao) saved a newer version at .* IST/);
    expect((await body(await api.call(settingsFamily.path))).data).toEqual(kept);
    const oldClient = await desktop(settingsFamily.path, {
      method: 'PUT',
      json: edited({ phone: '+91 90000 00004' }),
    });
    expect(oldClient.status).toBe(200);
    expect(oldClient.headers.get('ETag')).toBe('"2"');
  });
});
