/**
 * The whole-store fingerprint the fuzz suite compares after every case (security-harness.ts blobsFingerprint):
 * it must see every real write, however small, and only the keys that change per request may pass unseen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFamilies, statsFamily } from '../../src/lib/collections.ts';
import type { StoredItem } from '../../src/server/repository/port.ts';
import { body, startApi, type Api } from '../integration/api-harness.ts';
import { sampleInput } from '../support/family-samples.ts';
import { blobsFingerprint } from './security-harness.ts';

let api: Api;
let item: StoredItem;
beforeAll(async () => {
  api = await startApi();
  const created = await api.admin(contentFamilies.homeCourse.path, {
    method: 'POST',
    json: sampleInput(contentFamilies.homeCourse, 'Fingerprinted'),
  });
  expect(created.status).toBe(201);
  item = (await body(created)).data as StoredItem;
  await api.settle();
});
afterAll(() => api.stop());

const fingerprint = async () => {
  await api.settle();
  return blobsFingerprint(api.blobs);
};

describe('blobsFingerprint', () => {
  it('reads the stored items, with a digest per blob', async () => {
    const keys = Object.keys(await fingerprint());
    expect(keys).toContainEqual(expect.stringMatching(`/items/homeCourse/${item._id}$`));
    expect(keys).toContainEqual(expect.stringMatching('/items/accounts/'));
  });

  it('is unchanged by a refused request from a fresh session and client (its session and rate-limit hit aside)', async () => {
    const before = await fingerprint();
    const refused = await api.call(contentFamilies.homeCourse.path, {
      method: 'POST',
      json: { title: '' },
      session: api.session(),
      ip: '198.51.100.7',
    });
    expect(refused.status).toBe(400);
    expect(await fingerprint()).toEqual(before);
  });

  it('sees a same-length rewrite of one field straight after the last write (bytes, not timestamps)', async () => {
    const stored = await api.repository.get(contentFamilies.homeCourse.key, item._id);
    if (!stored) throw new Error('the item is gone');
    const title = String(stored.title);
    const before = await fingerprint();
    // One character swapped, the same length, bookkeeping only (no revision): the smallest possible write.
    const swapped = `${title.slice(0, -1)}${title.endsWith('X') ? 'Y' : 'X'}`;
    await api.repository.put(contentFamilies.homeCourse.key, { ...stored, title: swapped });
    const after = await fingerprint();
    const changed = Object.keys(after).filter((key) => after[key] !== before[key]);
    expect(changed).toEqual([expect.stringMatching(`/items/homeCourse/${item._id}$`)]);
    await api.repository.put(contentFamilies.homeCourse.key, stored);
    expect(await fingerprint()).toEqual(before);
  });

  it('sees a document write, a deletion, a new blob in any store and a metadata-only change', async () => {
    const before = await fingerprint();
    expect((await api.admin(statsFamily.path, { method: 'PUT', json: { totalCourses: 3 } })).status).toBe(
      200,
    );
    const afterStats = await fingerprint();
    expect(afterStats).not.toEqual(before);

    const images = api.blobs.getStore('fingerprint-images');
    await images.set('uploads/x.jpg', 'bytes');
    const withImage = await fingerprint();
    expect(Object.keys(withImage).filter((key) => !(key in afterStats))).toEqual([
      expect.stringMatching(':fingerprint-images/uploads/x.jpg$'),
    ]);
    await images.set('uploads/x.jpg', 'bytes', { metadata: { contentType: 'image/png' } });
    expect(await fingerprint()).not.toEqual(withImage);

    await images.delete('uploads/x.jpg');
    await api.repository.delete(contentFamilies.homeCourse.key, item._id);
    const afterDelete = await fingerprint();
    expect(Object.keys(afterStats).filter((key) => !(key in afterDelete))).toContainEqual(
      expect.stringMatching(`/items/homeCourse/${item._id}$`),
    );
  });
});
