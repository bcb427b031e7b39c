/**
 * The runner's CDN emulation (scripts/local/cdn-cache.ts) as a visitor meets it, on the Redis runner (whose store a
 * spec can take down): a public API answer is a CDN hit the second time, a miss once an admin edit purged its tag
 * (through the functions' real purgeCache call to the runner), the family's public list is warmed after the purge
 * before anyone asks, and a kept answer is still served while the store does not answer.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { contentFamilies } from '../../src/lib/collections.ts';
import { E2E_ADMIN_DATA_DIR, storePidFileOf } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

const homeCourse = contentFamilies.homeCourse;
const cacheStatus = (response: { headers(): Record<string, string> }) => response.headers()['cache-status'];

test('an API answer is a CDN hit the second time, a miss after an edit purges it, and served while the store is down', async ({
  adminApi,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `CDN course ${Date.now()}`;
  const created = await adminApi.post(homeCourse.path, { data: { title, description: 'Cached.' } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  const itemPath = `${homeCourse.path}/${id}`;
  try {
    const first = await request.get(itemPath);
    expect(first.status()).toBe(200);
    expect(cacheStatus(first)).toBe('"Netlify Edge"; fwd=miss');
    const second = await request.get(itemPath);
    expect(cacheStatus(second)).toBe('"Netlify Edge"; hit');
    expect(await second.text()).toContain(title);
    // What only the CDN reads never reaches the browser.
    expect(second.headers()['netlify-cdn-cache-control']).toBeUndefined();
    expect(second.headers()['netlify-cache-tag']).toBeUndefined();
    expect(second.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');

    const edited = `${title} (edited)`;
    const updated = await adminApi.put(itemPath, { data: { title: edited, description: 'Cached.' } });
    expect(updated.status(), await updated.text()).toBe(200);
    const afterEdit = await request.get(itemPath);
    expect(cacheStatus(afterEdit)).toBe('"Netlify Edge"; fwd=miss');
    expect(await afterEdit.text()).toContain(edited);

    // The family's list was warmed after the purge: a HEAD is never kept, so only the warming GET makes it a hit.
    await expect
      .poll(async () => cacheStatus(await request.head(homeCourse.path)), { timeout: 20_000 })
      .toBe('"Netlify Edge"; hit');
    expect(await (await request.get(homeCourse.path)).text()).toContain(edited);

    // The store stops answering (its process paused): the kept answer is still served, an unkept one fails.
    const storePid = Number(readFileSync(storePidFileOf(resolve(E2E_ADMIN_DATA_DIR)), 'utf8'));
    expect(storePid).toBeGreaterThan(0);
    process.kill(storePid, 'SIGSTOP');
    try {
      const whileDown = await request.get(itemPath, { timeout: 5_000 });
      expect(whileDown.status()).toBe(200);
      expect(cacheStatus(whileDown)).toBe('"Netlify Edge"; hit');
      expect(await whileDown.text()).toContain(edited);
      const unkept = await request.get(`${itemPath}?never-asked=${Date.now()}`, { timeout: 60_000 });
      expect(unkept.status()).toBeGreaterThanOrEqual(500);
    } finally {
      process.kill(storePid, 'SIGCONT');
    }
  } finally {
    await adminApi.delete(itemPath);
  }
});
