/**
 * The audit log as the handlers tell it (issue 21.7): what was done, to which item (family, id, display title from
 * the family's title field, recorded when it happened), by whom (user ID and name), what changed, from which
 * address; an IST date range; and a request's name struck from the log when the request goes for good. On both
 * adapters: real redis-server behind the Upstash gateway, and Netlify's local Blobs server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFamilies, requestFamilies, revisionsPath, TRASH_PATH } from '../../src/lib/collections.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { AUDIT_PATH, USERS_PATH, type AuditEntry } from '../../src/lib/identity.ts';
import { API } from '../../src/lib/api-messages.ts';
import { ENQUIRY } from '../../src/lib/staff-messages.ts';
import { AUDIT } from '../../src/server/audit/audit-log.ts';
import { purgeExpiredRequests } from '../../src/server/enquiries/privacy.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

describe.each(STORE_BACKENDS)('the audit log, told by the handlers, on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    // One phone number for every request here: the per-sender limit is not what these tests are about.
    ({ api, stop } = await startApiOn(backend, 'audit', { env: { SUBMISSION_SENDER_LIMIT_MAX: '1000' } }));
  });
  afterAll(() => stop());

  let nextIp = 1;
  const freshIp = () => `192.0.2.${nextIp++}`;

  const audit = async (query: string) =>
    (await body(await api.admin(`${AUDIT_PATH}${query}`))).data as AuditEntry[];

  const submitContact = async (name: string, email: string) => {
    const sent = await api.call(requestFamilies.contact.path, {
      method: 'POST',
      json: { name, email, phone: '+91 98765 43210', message: 'Please call me.' },
      ip: freshIp(),
    });
    expect(sent.status).toBe(201);
    const [stored] = (await api.repository.listPage('contact', { limit: 1 })).items;
    return String(stored?._id);
  };

  it('keeps a deleted item’s title, who deleted it and the address the request came from', async () => {
    const family = contentFamilies.homeCourse;
    const created = await api.admin(family.path, {
      method: 'POST',
      json: { title: 'Web basics', description: 'HTML and HTTP' },
      ip: '192.0.2.200',
    });
    const item = (await body(created)).data as { _id: string };
    expect(
      (await api.admin(`${family.path}/${item._id}`, { method: 'DELETE', ip: '192.0.2.201' })).status,
    ).toBe(200);
    const [deleted] = await audit('?action=delete&limit=1');
    expect(deleted).toMatchObject({
      actor: 'admin',
      actorName: 'Owner',
      action: 'delete',
      target: { family: 'homeCourse', id: item._id, title: 'Web basics' },
      ip: '192.0.2.201',
    });
    const [added] = await audit('?action=create&limit=1');
    expect(added).toMatchObject({ target: { id: item._id, title: 'Web basics' }, ip: '192.0.2.200' });
  });

  it('tells a status change (from → to) from a saved note, and names the request by its person', async () => {
    const id = await submitContact('Asha Rao', 'asha.audit@example.in');
    const path = `${requestFamilies.contact.path}/${id}`;
    expect((await api.admin(path, { method: 'PATCH', json: { status: 'replied' } })).status).toBe(200);
    expect((await api.admin(path, { method: 'PATCH', json: { note: 'Called back' } })).status).toBe(200);
    // The same status again changes nothing, so it is no status change.
    expect((await api.admin(path, { method: 'PATCH', json: { status: 'replied' } })).status).toBe(200);

    const about = (await audit('?limit=20')).filter((entry) => entry.target.id === id);
    expect(about.map((entry) => [entry.action, entry.detail])).toEqual([
      ['note-change', undefined],
      ['status-change', { from: 'new', to: 'replied' }],
    ]);
    expect(about.every((entry) => entry.target.title === 'Asha Rao')).toBe(true);

    expect((await api.admin(path, { method: 'PATCH', json: { note: ' ' } })).status).toBe(200);
    const [cleared] = await audit('?action=note-change&limit=1');
    expect(cleared?.detail).toEqual({ cleared: true });
  });

  it('names the person an account change was about and what changed', async () => {
    const ravi = await api.account({ userId: 'ravi', name: 'Ravi Kumar' });
    const patched = await api.admin(`${USERS_PATH}/${ravi._id}`, {
      method: 'PATCH',
      json: { disabled: true, role: 'editor' },
    });
    expect(patched.status).toBe(200);
    const [entry] = await audit('?action=account-update&limit=1');
    expect(entry).toMatchObject({
      actorName: 'Owner',
      target: { family: 'account', id: ravi._id, title: 'Ravi Kumar' },
      // Ravi was an editor already: only the disabling changed anything.
      detail: { changes: ['disabled'] },
    });
  });

  it('filters by an IST date range, both days included, and refuses a range that ends before it starts', async () => {
    // 23:00 IST on one day and 00:30 IST on the next, well after anything logged so far.
    api.clock.now = new Date('2031-05-10T17:30:00.000Z');
    await api.admin(contentFamilies.homeCourse.path, {
      method: 'POST',
      json: { title: 'Late evening', description: 'Logged on the 10th in IST' },
    });
    api.clock.advance(90 * 60_000);
    await api.admin(contentFamilies.homeCourse.path, {
      method: 'POST',
      json: { title: 'Past midnight', description: 'Logged on the 11th in IST' },
    });
    const titles = async (query: string) =>
      (await audit(`?action=create${query}`)).map((entry) => entry.target.title);
    expect(await titles('&from=2031-05-10&to=2031-05-10')).toEqual(['Late evening']);
    expect(await titles('&from=2031-05-11&to=2031-05-11')).toEqual(['Past midnight']);
    expect(await titles('&from=2031-05-10')).toEqual(['Past midnight', 'Late evening']);
    expect(await titles('&to=2031-05-10')).toContain('Late evening');
    expect(await titles('&to=2031-05-10')).not.toContain('Past midnight');

    const backwards = await api.admin(`${AUDIT_PATH}?from=2031-05-11&to=2031-05-10`);
    expect(backwards.status).toBe(400);
    expect((await body(backwards)).errors).toMatchObject({ from: ENQUIRY.dateRange });
    const notADay = await api.admin(`${AUDIT_PATH}?from=10/05/2031`);
    expect((await body(notADay)).errors).toMatchObject({ from: ENQUIRY.dateInvalid });
  });

  it('strikes a request’s name from the log when it is erased, deleted for good or purged, and keeps the rest', async () => {
    const erased = await submitContact('Meera Iyer', 'meera.audit@example.in');
    await api.admin(`${requestFamilies.contact.path}/${erased}`, {
      method: 'PATCH',
      json: { status: 'replied' },
    });
    const purged = await submitContact('Kiran Das', 'kiran.audit@example.in');
    await api.admin(`${requestFamilies.contact.path}/${purged}`, { method: 'DELETE' });
    const kept = await submitContact('Nila Shah', 'nila.audit@example.in');
    await api.admin(`${requestFamilies.contact.path}/${kept}`, {
      method: 'PATCH',
      json: { status: 'closed' },
    });

    const entriesAbout = async (id: string) =>
      (await api.repository.list(AUDIT)).filter(
        (item) => (item.target as AuditEntry['target']).id === id,
      ) as unknown as AuditEntry[];
    expect((await entriesAbout(purged))[0]?.target.title).toBe('Kiran Das');

    const erase = await api.admin(ENQUIRY_PATHS.privacyErase, {
      method: 'POST',
      json: { email: 'meera.audit@example.in' },
    });
    expect(erase.status).toBe(200);
    const forGood = await api.admin(`${TRASH_PATH}/contact/${purged}`, { method: 'DELETE' });
    expect(forGood.status).toBe(200);

    const afterErase = await entriesAbout(erased);
    expect(afterErase.map((entry) => entry.action)).toEqual(['status-change']);
    expect(afterErase[0]?.target).toEqual({ family: 'contact', id: erased });
    const afterPurge = await entriesAbout(purged);
    expect(afterPurge.map((entry) => entry.action).sort()).toEqual(['delete', 'purge']);
    expect(afterPurge.every((entry) => entry.target.title === undefined)).toBe(true);
    expect((await entriesAbout(kept))[0]?.target.title).toBe('Nila Shah');
    expect(JSON.stringify(await api.repository.list(AUDIT))).not.toMatch(/Meera|Kiran/);
  });

  it('the trash says who deleted an item; only an owner deletes one for good, its name leaving the log', async () => {
    const family = contentFamilies.homeCourse;
    await api.account({ userId: 'tara', name: 'Tara Menon', role: 'editor' });
    const tara = api.session('tara');
    const created = await api.call(family.path, {
      method: 'POST',
      session: tara,
      json: { title: 'Old syllabus', description: 'To go' },
    });
    const item = (await body(created)).data as { _id: string };
    expect((await api.call(`${family.path}/${item._id}`, { method: 'DELETE', session: tara })).status).toBe(
      200,
    );
    const trash = (await body(await api.admin(TRASH_PATH))).data as Record<string, unknown>[];
    expect(trash.find((entry) => entry._id === item._id)).toMatchObject({
      title: 'Old syllabus',
      deletedBy: 'Tara Menon',
    });

    const byEditor = await api.call(`${TRASH_PATH}/homeCourse/${item._id}`, {
      method: 'DELETE',
      session: tara,
    });
    expect(byEditor.status).toBe(403);
    const byOwner = await api.admin(`${TRASH_PATH}/homeCourse/${item._id}`, { method: 'DELETE' });
    expect(byOwner.status).toBe(200);
    expect((await body(byOwner)).message).toBe(API.purged);
    expect(await api.repository.listTrash()).not.toContainEqual(
      expect.objectContaining({ item: expect.objectContaining({ _id: item._id }) }),
    );
    expect((await api.admin(`${TRASH_PATH}/homeCourse/${item._id}`, { method: 'DELETE' })).status).toBe(404);
    const [purge] = await audit('?action=purge&limit=1');
    // Content keeps its title: only people's names are struck.
    expect(purge).toMatchObject({ actorName: 'Owner', target: { id: item._id, title: 'Old syllabus' } });

    // A restore takes the name off again: the item is back, deleted by nobody.
    const again = await api.admin(family.path, {
      method: 'POST',
      json: { title: 'Kept', description: 'Back' },
    });
    const kept = (await body(again)).data as { _id: string };
    await api.admin(`${family.path}/${kept._id}`, { method: 'DELETE' });
    await api.admin(`${TRASH_PATH}/homeCourse/${kept._id}/restore`, { method: 'POST' });
    expect(await api.repository.get('homeCourse', kept._id)).not.toHaveProperty('deletedBy');
    const [restored] = await audit('?action=restore&limit=1');
    expect(restored).toMatchObject({ target: { id: kept._id, title: 'Kept' }, detail: { source: 'trash' } });
  });

  it('the scheduled trash purge strikes the names of the requests it removes', async () => {
    const id = await submitContact('Farah Ali', 'farah.audit@example.in');
    await api.admin(`${requestFamilies.contact.path}/${id}`, { method: 'DELETE' });
    expect(await api.purgeExpiredTrash()).toBeGreaterThan(0);
    const about = (await api.repository.list(AUDIT)).filter(
      (item) => (item.target as AuditEntry['target']).id === id,
    );
    expect(about).toHaveLength(1);
    expect(about[0]?.target).toEqual({ family: 'contact', id });
  });

  it('each version in an item’s history says who saved it; public answers never name staff', async () => {
    const family = contentFamilies.homeCourse;
    await api.account({ userId: 'veda', name: 'Veda Pillai', role: 'editor' });
    const veda = api.session('veda');
    const created = await api.admin(family.path, {
      method: 'POST',
      json: { title: 'Network basics', description: 'v1' },
    });
    const item = (await body(created)).data as { _id: string };
    const edited = await api.call(`${family.path}/${item._id}`, {
      method: 'PUT',
      session: veda,
      json: { title: 'Network basics', description: 'v2' },
    });
    expect(edited.status).toBe(200);
    const revisions = (await body(await api.admin(revisionsPath(family, item._id)))).data as {
      data: Record<string, unknown>;
      savedBy: string | null;
    }[];
    expect(revisions.map((revision) => [revision.data.description, revision.savedBy])).toEqual([
      ['v2', 'Veda Pillai'],
      ['v1', 'Owner'],
    ]);
    const publicList = JSON.stringify(await body(await api.call(family.path)));
    const publicItem = JSON.stringify(await body(await api.call(`${family.path}/${item._id}`)));
    expect(publicList).toContain('Network basics');
    for (const text of [publicList, publicItem]) {
      expect(text).not.toContain('updatedBy');
      expect(text).not.toContain('Veda');
    }
  });

  // Last: it ages every request of this store past the retention.
  it('the retention purge strikes the names of the requests it deletes', async () => {
    const id = await submitContact('Ishaan Roy', 'ishaan.audit@example.in');
    await api.admin(`${requestFamilies.contact.path}/${id}`, { method: 'PATCH', json: { status: 'closed' } });
    api.clock.advance((api.deps.env.REQUEST_RETENTION_DAYS + 1) * 86_400_000);
    expect((await purgeExpiredRequests(api.deps)).contact).toBeGreaterThan(0);
    const about = (await api.repository.list(AUDIT)).filter(
      (item) => (item.target as AuditEntry['target']).id === id,
    );
    expect(about.map((item) => item.target)).toEqual([{ family: 'contact', id }]);
  });
});
