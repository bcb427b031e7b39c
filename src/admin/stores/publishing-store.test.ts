/**
 * The admin's side of publishing against the real API handlers, a real HTTP build hook and purge API: a save's
 * success message keeps the spec's sentence and adds that the change is live in a few seconds, with no deploy;
 * the Publishing tool says so too (docs/decisions.md §76).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { SITE_SETTINGS_SEED } from '../../lib/site-settings.ts';
import { PUBLISHING } from '../../lib/staff-messages.ts';
import { signedInAdminPerTest, until } from '../../../tests/support/admin-browser.ts';
import { CONTENT_SCREENS } from '../content-screens.ts';
import { liveLine } from '../format/publishing.ts';
import { createContentStore } from './content-store.ts';
import { createPublishingStore } from './publishing-store.ts';
import { createSettingsStore } from './settings-store.ts';

let builds = 0;
let purges = 0;
// Plays the build hook and Netlify's purge API: a save purges the CDN, and nothing calls the hook.
const hook = createServer((req, res) => {
  if (req.url?.startsWith('/build_hooks/')) builds += 1;
  else purges += 1;
  req.resume().on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
});
const hookUrl = await new Promise<string>((resolve) =>
  hook.listen(0, '127.0.0.1', () =>
    resolve(`http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/admin`),
  ),
);
afterAll(() => new Promise((resolve) => hook.close(resolve)));

// The hooks sign a browser in before each test; the stores below call the API through it.
signedInAdminPerTest({
  env: {
    BUILD_HOOK_URL: hookUrl,
    NETLIFY_PURGE_API_TOKEN: 'purge-token',
    NETLIFY_PURGE_API_URL: new URL(hookUrl).origin,
    SITE_ID: 'site-1',
  },
});
const courses = CONTENT_SCREENS.homeCourse;

describe('when a change goes live', () => {
  it('words it for staff', () => {
    expect(liveLine({ when: 'soon' })).toBe(PUBLISHING.liveSoon);
  });

  it('adds the line after the spec’s success message; a save starts no deploy, and nothing waits for one', async () => {
    const store = createContentStore(courses);
    await store.load();
    const before = builds;
    expect(
      await store.save({ id: null, fields: { title: 'Live course', description: 'x' }, file: null }),
    ).toEqual({ ok: true });
    expect(store.$notice.get()).toEqual({
      kind: 'success',
      text: courses.family.messages.added,
      detail: PUBLISHING.liveSoon,
    });
    // Pages render on demand behind the CDN: a save purges, and no deploy is started or queued.
    expect(
      await store.save({ id: null, fields: { title: 'Second course', description: 'x' }, file: null }),
    ).toEqual({ ok: true });
    expect(store.$notice.get()?.detail).toBe(PUBLISHING.liveSoon);
    expect(builds).toBe(before);
    expect(purges).toBeGreaterThanOrEqual(2);

    // Site settings say it too, beside their own success message.
    const settings = createSettingsStore();
    await settings.load();
    expect(await settings.save({ ...SITE_SETTINGS_SEED, phone: '+91 90000 00026' })).toBe(true);
    expect(settings.$notice.get()?.detail).toBe(PUBLISHING.liveSoon);

    const publishing = createPublishingStore();
    await publishing.load();
    const ready = await until(publishing.$state, (state) => state.status === 'ready');
    expect(ready.status === 'ready' && ready.data).toMatchObject({ live: { when: 'soon' } });
    expect(builds).toBe(before);
  });
});
