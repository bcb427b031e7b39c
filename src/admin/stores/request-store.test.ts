/**
 * The request lists' store (contact messages, enrolments) against the real API handlers: newest first, paged
 * with the server's cursor, delete in place, the spec's texts, and a session that has ended.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestFamilies } from '../../lib/collections.ts';
import { GENERIC } from '../../lib/messages.ts';
import { startApi, type Api } from '../../../tests/integration/api-harness.ts';
import { installAdminBrowser, type AdminBrowser } from '../../../tests/support/admin-browser.ts';
import { createRequestStore, REQUEST_PAGE_SIZE } from './request-store.ts';
import { $adminLoggedIn } from './session.ts';

let api: Api;
let browser: AdminBrowser;
const contact = requestFamilies.contact;
const enroll = requestFamilies.enroll;
const TOTAL = REQUEST_PAGE_SIZE + 5;

beforeAll(async () => {
  api = await startApi();
  // Written through the store the handlers read, one by one so that each has its own, later creation time.
  for (let n = 1; n <= TOTAL; n += 1) {
    api.clock.advance(1000);
    await api.repository.create('contact', {
      name: `Person ${n}`,
      email: `p${n}@example.com`,
      phone: '+91 98765 43210',
      message: `Message ${n}`,
    });
  }
});
afterAll(() => api.stop());
beforeEach(() => {
  browser = installAdminBrowser(api);
  browser.signIn();
  $adminLoggedIn.set('true');
});
afterEach(() => browser.uninstall());

describe('request lists', () => {
  it('loads the newest page first and the rest with "Load more", without duplicates', async () => {
    const store = createRequestStore(contact);
    await store.load();
    const first = store.$list.get();
    expect(first.status).toBe('ready');
    expect(first.items).toHaveLength(REQUEST_PAGE_SIZE);
    expect(first.items[0]?.name).toBe(`Person ${TOTAL}`);
    expect(first.nextCursor).not.toBeNull();

    await store.loadMore();
    const all = store.$list.get();
    expect(all.items).toHaveLength(TOTAL);
    expect(new Set(all.items.map((item) => item._id)).size).toBe(TOTAL);
    expect(all.items.at(-1)?.name).toBe('Person 1');
    expect(all.nextCursor).toBeNull();
    expect(all.loadingMore).toBe(false);
    expect(browser.sent.filter((line) => line.startsWith(`GET ${contact.path}?`))).toHaveLength(2);
  });

  it('deletes in place with the spec text; the item is gone on the server too', async () => {
    const store = createRequestStore(contact);
    await store.load();
    const victim = store.$list.get().items[0]!;
    const removing = store.remove(victim._id);
    // Off the list at once (issue 10.9).
    expect(store.$list.get().items.map((item) => item._id)).not.toContain(victim._id);
    await removing;
    expect(store.$notice.get()).toEqual({ kind: 'success', text: contact.messages.deleted });
    expect(store.$list.get().items.map((item) => item._id)).not.toContain(victim._id);
    expect(store.$list.get().items).toHaveLength(REQUEST_PAGE_SIZE - 1);
    expect(await api.repository.get('contact', victim._id)).toBeNull();

    await store.remove(victim._id);
    expect(store.$notice.get()).toEqual({ kind: 'error', text: GENERIC.notFound });
    expect(store.$deleting.get()).toBeNull();
  });

  it('an empty list is ready with no items', async () => {
    const store = createRequestStore(enroll);
    await store.load();
    expect(store.$list.get()).toEqual({
      status: 'ready',
      items: [],
      error: null,
      nextCursor: null,
      loadingMore: false,
    });
  });

  it('without a session: the spec fetch text, and the admin is signed out', async () => {
    browser.uninstall();
    browser = installAdminBrowser(api);
    const store = createRequestStore(enroll);
    await store.load();
    expect(store.$list.get()).toMatchObject({ status: 'error', error: enroll.messages.fetchFailed });
    expect($adminLoggedIn.get()).toBeUndefined();
  });
});
