/**
 * The Privacy screen's store against the real API handlers: the JSON export of everything stored about one
 * address, its erasure (the sidebar's counts follow), the address checked before any call and the server's
 * reason for a malformed one shown beside the field.
 */
import { describe, expect, it } from 'vitest';
import { ENQUIRY_PATHS } from '../../lib/enquiry-paths.ts';
import { DATA_RIGHTS } from '../../lib/staff-messages.ts';
import { installAdminBrowser, signedInAdminPerTest } from '../../../tests/support/admin-browser.ts';
import { createPrivacyStore } from './privacy-store.ts';
import { $adminLoggedIn } from './session.ts';
import { $requestsSummary, refreshSummary } from './summary-store.ts';

const person = { name: 'Asha Verma', email: 'Asha.Verma@Example.in', phone: '+91 98765 43210' };

const admin = signedInAdminPerTest({
  seed: async (api) => {
    await api.repository.create('contact', { ...person, message: 'First', status: 'new' });
    await api.repository.create('contact', { ...person, email: 'asha.verma@example.in', message: 'Second' });
    await api.repository.create('enroll', {
      ...person,
      course: 'Ethical Hacking',
      message: '',
      status: 'new',
    });
    await api.repository.create('contact', {
      ...person,
      name: 'Someone Else',
      email: 'other@example.in',
      message: 'Hi',
    });
  },
  browser: { page: '/deltaadmin/privacy' },
});

describe('privacy tools', () => {
  it('exports everything stored about an address, whatever its case', async () => {
    const store = createPrivacyStore();
    const data = await store.exportData('  ASHA.verma@example.in ');
    expect(data?.contact).toHaveLength(2);
    expect(data?.enroll).toHaveLength(1);
    expect(store.$result.get()).toEqual({
      kind: 'export',
      email: 'ASHA.verma@example.in',
      contact: 2,
      enroll: 1,
      trash: 0,
    });
    expect(admin.browser.sent.at(-1)).toBe(
      `GET ${ENQUIRY_PATHS.privacyExport}?email=ASHA.verma%40example.in`,
    );
  });

  it('asks for an address before any call, and shows the server’s reason for a malformed one', async () => {
    const store = createPrivacyStore();
    expect(await store.erase('   ')).toBe(false);
    expect(await store.exportData('')).toBeNull();
    expect(store.$fieldError.get()).toBe(DATA_RIGHTS.emailRequired);
    expect(admin.browser.sent).toEqual([]);

    expect(await store.exportData('not an address')).toBeNull();
    expect(store.$fieldError.get()).toEqual(expect.any(String));
    expect(store.$fieldError.get()).not.toBe(DATA_RIGHTS.emailRequired);
    expect(store.$notice.get()).toBeNull();
  });

  it('erases every request from the address, reports the counts, and the sidebar counts follow', async () => {
    await refreshSummary();
    expect($requestsSummary.get().data).toEqual({
      contact: { new: 3, total: 3 },
      enroll: { new: 1, total: 1 },
    });
    const store = createPrivacyStore();
    expect(await store.erase('asha.verma@example.in')).toBe(true);
    expect(store.$result.get()).toEqual({
      kind: 'erase',
      email: 'asha.verma@example.in',
      contact: 2,
      enroll: 1,
    });
    expect(store.$notice.get()).toEqual({ kind: 'success', text: DATA_RIGHTS.erased(2, 1) });
    expect($requestsSummary.get().data).toEqual({
      contact: { new: 1, total: 1 },
      enroll: { new: 0, total: 0 },
    });
    expect((await admin.api.repository.list('contact')).map((item) => item.name)).toEqual(['Someone Else']);
    expect(await admin.api.repository.list('enroll')).toEqual([]);
  });

  it('says when a paid enrolment stays as a tax record after the erasure', async () => {
    const paid = await admin.api.repository.create('enroll', {
      ...person,
      email: 'paid.person@example.in',
      course: 'Ethical Hacking',
      fee: 1_000_000,
      payments: [
        {
          id: 'p1',
          kind: 'payment',
          amount: 1_000_000,
          upiRef: 'UTR1234567890',
          paidOn: '2026-11-25T18:30:00.000Z',
          recordedAt: '2026-11-26T05:30:00.000Z',
          recordedBy: 'Owner',
          receipt: 'RCPT/2026-27/0001',
        },
      ],
    });
    const store = createPrivacyStore();
    expect(await store.erase('paid.person@example.in')).toBe(true);
    expect(store.$notice.get()).toEqual({
      kind: 'success',
      text: `${DATA_RIGHTS.erased(0, 1)} ${DATA_RIGHTS.taxRecordsKept(1)}`,
    });
    expect(await admin.api.repository.get('enroll', paid._id)).toMatchObject({ email: '', name: '' });
  });

  it('without a session: the failure texts, and the admin is signed out', async () => {
    admin.browser.uninstall();
    admin.browser = installAdminBrowser(admin.api, { page: '/deltaadmin/privacy' });
    const store = createPrivacyStore();
    expect(await store.erase('other@example.in')).toBe(false);
    expect(store.$notice.get()).toMatchObject({ kind: 'error' });
    expect($adminLoggedIn.get()).toBeUndefined();
    expect(await admin.api.repository.list('contact')).toHaveLength(1);
  });
});
