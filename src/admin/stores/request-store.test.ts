/**
 * The request lists' store (contact messages, enrolments) against the real API handlers: newest first, paged
 * with the server's cursor, delete in place, the spec's texts, and a session that has ended; filters, the CSV
 * link, oldest first, status and note with the server's reasons, and the sidebar's count.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { exportPath, requestFamilies } from '../../lib/collections.ts';
import { NOTE_MAX_LENGTH } from '../../lib/enquiries.ts';
import { GENERIC } from '../../lib/messages.ts';
import { VALIDATION } from '../../lib/api-messages.ts';
import { ENQUIRY } from '../../lib/staff-messages.ts';
import { installAdminBrowser, signedInAdminPerTest } from '../../../tests/support/admin-browser.ts';
import {
  createRequestStore,
  exportHref,
  filtersFromSearch,
  filtersSearch,
  NO_FILTERS,
  REQUEST_PAGE_SIZE,
} from './request-store.ts';
import { $adminLoggedIn } from './session.ts';
import { $requestsSummary, refreshSummary } from './summary-store.ts';

const contact = requestFamilies.contact;
const enroll = requestFamilies.enroll;
const TOTAL = REQUEST_PAGE_SIZE + 5;

const admin = signedInAdminPerTest({
  seed: async (api) => {
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
  },
});

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
    expect(admin.browser.sent.filter((line) => line.startsWith(`GET ${contact.path}?`))).toHaveLength(2);
  });

  it('deletes in place with the spec text; the item is gone on the server too', async () => {
    const store = createRequestStore(contact);
    await store.load();
    const victim = store.$list.get().items[0]!;
    const removing = store.remove(victim._id);
    // Off the list at once.
    expect(store.$list.get().items.map((item) => item._id)).not.toContain(victim._id);
    await removing;
    expect(store.$notice.get()).toEqual({ kind: 'success', text: contact.messages.deleted });
    expect(store.$list.get().items.map((item) => item._id)).not.toContain(victim._id);
    expect(store.$list.get().items).toHaveLength(REQUEST_PAGE_SIZE - 1);
    expect(await admin.api.repository.get('contact', victim._id)).toBeNull();

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
    admin.browser.uninstall();
    admin.browser = installAdminBrowser(admin.api);
    const store = createRequestStore(enroll);
    await store.load();
    expect(store.$list.get()).toMatchObject({ status: 'error', error: enroll.messages.fetchFailed });
    expect($adminLoggedIn.get()).toBeUndefined();
  });
});

describe('the follow-up pipeline (issue 11)', () => {
  const tag = 'Pipeline Case';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const [key, email, status] of [
      ['one', 'asha@example.in', 'new'],
      ['two', 'ravi@example.in', 'replied'],
      ['three', 'meera@example.in', 'new'],
    ] as const) {
      admin.api.clock.advance(1000);
      const item = await admin.api.repository.create('contact', {
        name: `${tag} ${key}`,
        email,
        phone: '+91 98765 00000',
        message: `About ${key}`,
        status,
      });
      ids[key] = item._id;
    }
  });

  it('filters on the server by search and status; the CSV link exports exactly what the list shows', async () => {
    const store = createRequestStore(contact);
    await store.setFilters({ q: tag.toUpperCase() });
    expect(store.$list.get().items.map((item) => item.name)).toEqual([
      `${tag} three`,
      `${tag} two`,
      `${tag} one`,
    ]);
    await store.setFilters({ status: 'new' });
    expect(store.$list.get().items.map((item) => item.name)).toEqual([`${tag} three`, `${tag} one`]);
    expect(admin.browser.sent.at(-1)).toBe(
      `GET ${contact.path}?q=PIPELINE+CASE&status=new&limit=${REQUEST_PAGE_SIZE}`,
    );

    const href = exportHref(exportPath('contact'), store.$filters.get());
    expect(href).toBe(`${exportPath('contact')}?q=PIPELINE+CASE&status=new`);
    const csv = await (await admin.api.admin(href)).text();
    const names = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(',')[1]);
    expect(names).toEqual([`${tag} three`, `${tag} one`]);
    expect(exportHref(exportPath('contact'), NO_FILTERS)).toBe(exportPath('contact'));
  });

  it('shows the server’s reasons for bad filters beside them, and an empty list', async () => {
    const store = createRequestStore(contact);
    await store.setFilters({ from: '2025-02-01', to: '2025-01-01' });
    expect(store.$filterErrors.get()).toEqual({ from: ENQUIRY.dateRange });
    expect(store.$list.get()).toMatchObject({ status: 'ready', items: [], nextCursor: null });
    await store.setFilters({ from: '', to: '' });
    expect(store.$filterErrors.get()).toEqual({});
    expect(store.$list.get().items.length).toBeGreaterThan(0);
  });

  it('oldest first reaches every request, a page at a time', async () => {
    const store = createRequestStore(contact);
    await store.setFilters({ sort: 'oldest' });
    const all = await admin.api.repository.list('contact');
    expect(store.$list.get().items[0]?.name).toBe('Person 1');
    expect(store.$list.get().items).toHaveLength(REQUEST_PAGE_SIZE);
    while (store.$list.get().nextCursor) await store.loadMore();
    const shown = store.$list.get().items.map((item) => item._id);
    expect(shown).toEqual(all.map((item) => item._id));
    expect(store.$list.get().items.at(-1)?.name).toBe(`${tag} three`);
  });

  it('sets a status and a note; the sidebar count follows the status', async () => {
    const store = createRequestStore(contact);
    await store.setFilters({ q: tag });
    await refreshSummary();
    const before = $requestsSummary.get().data!.contact.new;

    expect(await store.setStatus(ids.one!, 'replied')).toBe(true);
    const item = store.$list.get().items.find((entry) => entry._id === ids.one);
    expect(item?.status).toBe('replied');
    expect(store.$notice.get()).toEqual({ kind: 'success', text: ENQUIRY.updated });
    expect($requestsSummary.get()).toMatchObject({ status: 'ready', data: { contact: { new: before - 1 } } });
    expect((await admin.api.repository.get('contact', ids.one!))?.status).toBe('replied');

    expect(await store.saveNote(ids.one!, 'Called back on Monday.')).toBe(true);
    expect(store.$list.get().items.find((entry) => entry._id === ids.one)?.note).toBe(
      'Called back on Monday.',
    );
    expect(store.$rows.get()[ids.one!]).toEqual({ saving: null, errors: {} });
  });

  it('keeps an enrolment’s batch name on its card after a status change (not the batch’s id)', async () => {
    const batch = await admin.api.repository.create('batch', {
      name: 'EH evenings',
      course: 'no-course',
      startDate: '2099-01-01T18:30:00.000Z',
      endDate: '2099-02-01T18:30:00.000Z',
      capacity: 5,
    });
    const request = await admin.api.repository.create('enroll', {
      name: 'Batch Student',
      email: 'batch.student@example.com',
      phone: '+91 98765 43210',
      course: 'Ethical Hacking',
      batch: batch._id,
      status: 'waitlisted',
    });
    const store = createRequestStore(enroll);
    await store.setFilters({ q: 'batch.student@example.com' });
    const listed = () => store.$list.get().items.find((entry) => entry._id === request._id);
    expect(listed()).toMatchObject({ batchName: 'EH evenings', waitlistPlace: 1 });
    expect(await store.setStatus(request._id, 'enrolled')).toBe(true);
    expect(listed()).toMatchObject({ status: 'enrolled', batch: batch._id, batchName: 'EH evenings' });
    // No longer on the waitlist: no place shown.
    expect(listed()).not.toHaveProperty('waitlistPlace');
  });

  it('shows the server’s field reason beside an over-long note and keeps the saved one', async () => {
    const store = createRequestStore(contact);
    await store.setFilters({ q: tag });
    await store.saveNote(ids.two!, 'Kept.');
    expect(await store.saveNote(ids.two!, 'x'.repeat(NOTE_MAX_LENGTH + 1))).toBe(false);
    expect(store.$rows.get()[ids.two!]).toEqual({
      saving: null,
      errors: { note: VALIDATION.tooLong(NOTE_MAX_LENGTH) },
    });
    // Shown beside the note, so no second notice.
    expect(store.$notice.get()).toBeNull();
    expect(store.$list.get().items.find((entry) => entry._id === ids.two)?.note).toBe('Kept.');

    expect(await store.setStatus('no-such-request', 'closed')).toBe(false);
    expect(store.$notice.get()).toEqual({ kind: 'error', text: GENERIC.notFound });
  });

  it('opens on the request a notification links to (?q=<id>)', async () => {
    admin.browser.uninstall();
    admin.browser = installAdminBrowser(admin.api, { page: `/deltaadmin/contact-data?q=${ids.three}` });
    admin.browser.signIn();
    const store = createRequestStore(contact);
    expect(store.$filters.get().q).toBe(ids.three);
    await store.load();
    expect(store.$list.get().items.map((item) => item._id)).toEqual([ids.three]);
  });

  it('opens the view a bookmarked address holds, and keeps the address in step with the filters (issue 21.11)', async () => {
    admin.browser.uninstall();
    admin.browser = installAdminBrowser(admin.api, {
      page: `/deltaadmin/contact-data?q=${encodeURIComponent(tag)}&from=2000-01-01&sort=oldest`,
    });
    admin.browser.signIn();
    const addresses: string[] = [];
    vi.stubGlobal('history', {
      state: null,
      replaceState: (_state: unknown, _title: string, address: string) => addresses.push(address),
    });
    const store = createRequestStore(contact);
    expect(store.$filters.get()).toEqual({ ...NO_FILTERS, q: tag, from: '2000-01-01', sort: 'oldest' });
    await store.load();
    expect(store.$list.get().items.map((item) => item._id)).toEqual([ids.one, ids.two, ids.three]);
    expect(addresses).toEqual([]);

    await store.setFilters({ status: 'replied', sort: 'newest' });
    expect(addresses).toEqual([
      `/deltaadmin/contact-data?q=${tag.replace(' ', '+')}&status=replied&from=2000-01-01`,
    ]);
    expect(filtersFromSearch(filtersSearch(store.$filters.get()))).toEqual(store.$filters.get());
    await store.setFilters({ q: '', status: '', from: '' });
    expect(addresses.at(-1)).toBe('/deltaadmin/contact-data');
  });

  it('a saved note says who wrote it and when; clearing the note clears both', async () => {
    const store = createRequestStore(contact);
    await store.setFilters({ q: tag });
    expect(await store.saveNote(ids.three!, 'Sent the brochure.')).toBe(true);
    const noted = store.$list.get().items.find((entry) => entry._id === ids.three);
    expect(noted).toMatchObject({
      note: 'Sent the brochure.',
      noteBy: 'Owner',
      noteAt: admin.api.clock.now.toISOString(),
    });
    expect(await store.saveNote(ids.three!, '')).toBe(true);
    const stored = await admin.api.repository.get('contact', ids.three!);
    expect(stored).not.toHaveProperty('note');
    expect(stored).not.toHaveProperty('noteBy');
    expect(stored).not.toHaveProperty('noteAt');
  });
});
