/**
 * Where students pay is the owners' to change, on both stores with a real SMTP server: an editor's save or restore
 * that changes the UPI ID, payee name, merchant code or GSTIN is refused (403, naming them) and changes nothing,
 * while the editor's other changes save; every settings save is audited with each value before and after, and
 * the Activity screen reads it; a change of the payment settings e-mails every enabled owner (their accounts'
 * addresses, else the staff address).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  settingsFamily,
  settingsRevisionRestorePath,
  settingsRevisionsPath,
} from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { USERS_PATH, type AuditEntry } from '../../src/lib/identity.ts';
import { COURSE_SETTINGS, PAYMENT_SETTINGS_ALERT } from '../../src/lib/staff-messages.ts';
import { SITE_SETTINGS_SEED, type SiteSettings } from '../../src/lib/site-settings.ts';
import { activitySentence } from '../../src/admin/format/activity.ts';
import { readAudit } from '../../src/server/audit/audit-log.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/local/mail-catcher.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const path = settingsFamily.path;
const STAFF = 'staff@delta.example';
const FIRST_PAYEE = { upiVpa: 'deltasecure@okhdfcbank', upiPayeeName: 'DeltaSecure Technologies' };

describe.each(STORE_BACKENDS)('payment settings are the owners’ on %s', (backend) => {
  let api: Api;
  let mail: MailCatcher;
  let stop: () => Promise<void> = async () => {};
  let editor: string;

  const current = async () => (await body(await api.call(path))).data as SiteSettings;
  const stored = async () => ({
    items: await api.repository.list(settingsFamily.key),
    revisions: await Promise.all(
      (await api.repository.list(settingsFamily.key)).map((item) =>
        api.repository.revisions(settingsFamily.key, item._id),
      ),
    ),
  });
  const latestSettingsEntry = async (): Promise<AuditEntry | undefined> =>
    (await readAudit(api.deps, { limit: 50 })).entries.find(
      (entry) => entry.target.family === settingsFamily.key,
    );
  const alerts = () => mail.mails().filter((m) => m.subject === PAYMENT_SETTINGS_ALERT.subject);

  beforeAll(async () => {
    mail = await startMailCatcher();
    ({ api, stop } = await startApiOn(backend, 'settings-pay', {
      env: { SMTP_URL: mail.url, NOTIFY_EMAIL_TO: STAFF, NOTIFY_EMAIL_FROM: 'website@delta.example' },
    }));
    await api.account({ userId: 'ravi', name: 'Ravi Kumar', role: 'editor' });
    editor = api.session('ravi');
  });
  afterAll(async () => {
    await stop();
    await mail?.stop();
  });

  it('tells the staff address when no owner gave one, with who, each value before and after, and the address', async () => {
    const saved = await api.admin(path, {
      method: 'PUT',
      json: { ...SITE_SETTINGS_SEED, ...FIRST_PAYEE },
      ip: '198.51.100.7',
    });
    expect(saved.status).toBe(200);
    await api.settle();
    const [alert] = alerts();
    expect(alert?.to).toEqual([STAFF]);
    expect(alert?.text).toContain(PAYMENT_SETTINGS_ALERT.intro('Owner (admin)', '').slice(0, 20));
    expect(alert?.text).toContain(
      PAYMENT_SETTINGS_ALERT.change(COURSE_SETTINGS.upiVpaLabel, '', 'deltasecure@okhdfcbank'),
    );
    expect(alert?.text).toContain(
      PAYMENT_SETTINGS_ALERT.change(COURSE_SETTINGS.upiPayeeNameLabel, '', 'DeltaSecure Technologies'),
    );
    expect(alert?.text).toContain(PAYMENT_SETTINGS_ALERT.address('198.51.100.7'));
  });

  it('refuses an editor’s save that changes where students pay (403, naming the fields) and changes nothing', async () => {
    const before = await stored();
    const shown = await current();
    const mailsBefore = mail.mails().length;
    const response = await api.call(path, {
      method: 'PUT',
      session: editor,
      json: {
        ...shown,
        upiVpa: 'someone.else@okaxis',
        upiPayeeName: 'Someone Else',
        phone: '+91 90000 11111',
      },
    });
    expect(response.status).toBe(403);
    const answer = await body(response);
    expect(answer.message).toBe(
      API.paymentSettingsOwnersOnly([COURSE_SETTINGS.upiVpaLabel, COURSE_SETTINGS.upiPayeeNameLabel]),
    );
    expect(answer.errors).toEqual({
      upiVpa: API.paymentSettingOwnersOnly,
      upiPayeeName: API.paymentSettingOwnersOnly,
    });
    // A GSTIN or merchant code alone is refused the same way.
    for (const change of [{ gstin: '27AAPFU0939F1ZV' }, { upiMerchantCode: '8299' }]) {
      const refused = await api.call(path, { method: 'PUT', session: editor, json: { ...shown, ...change } });
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(Object.keys((await body(refused)).errors ?? {})).toEqual(Object.keys(change));
    }
    await api.settle();
    expect(await stored()).toEqual(before);
    expect(await current()).toEqual(shown);
    expect(mail.mails().length).toBe(mailsBefore);
  });

  it('saves an editor’s other changes when the payment settings are sent as they are, audited from → to', async () => {
    const shown = await current();
    const mailsBefore = mail.mails().length;
    const response = await api.call(path, {
      method: 'PUT',
      session: editor,
      json: { ...shown, phone: '+91 90000 22222', footerTagline: 'Security, taught and done.' },
    });
    expect(response.status, JSON.stringify(await body(response.clone()))).toBe(200);
    expect(await current()).toMatchObject({ ...FIRST_PAYEE, phone: '+91 90000 22222' });
    const entry = await latestSettingsEntry();
    expect(entry).toMatchObject({ action: 'update', actor: 'ravi', actorName: 'Ravi Kumar' });
    expect(entry?.detail?.settings).toEqual([
      { field: 'phone', from: shown.phone, to: '+91 90000 22222' },
      { field: 'footerTagline', from: shown.footerTagline, to: 'Security, taught and done.' },
    ]);
    expect(activitySentence(entry as AuditEntry)).toBe(
      `Ravi Kumar changed the site settings: Phone from “${shown.phone}” to “+91 90000 22222”; Footer line from “${shown.footerTagline}” to “Security, taught and done.”`,
    );
    // Nothing about payment changed: no owner is disturbed.
    await api.settle();
    expect(mail.mails().length).toBe(mailsBefore);
  });

  it('e-mails every enabled owner at their own address when an owner changes the payee, and audits it', async () => {
    const owners = (await body(await api.admin(USERS_PATH))).data as { _id: string; userId: string }[];
    const first = owners.find((person) => person.userId === 'admin');
    expect(first).toBeDefined();
    const own = await api.admin(`${USERS_PATH}/${first?._id}`, {
      method: 'PATCH',
      json: { email: ' Owner@Delta.example ' },
    });
    expect(own.status, JSON.stringify(await body(own.clone()))).toBe(200);
    const second = await api.account({ userId: 'meera', name: 'Meera Iyer', role: 'owner' });
    expect(
      (
        await api.admin(`${USERS_PATH}/${second._id}`, {
          method: 'PATCH',
          json: { email: 'meera@delta.example' },
        })
      ).status,
    ).toBe(200);
    const gone = await api.account({ userId: 'old-owner', name: 'Old Owner', role: 'owner' });
    expect(
      (
        await api.admin(`${USERS_PATH}/${gone._id}`, {
          method: 'PATCH',
          json: { email: 'old@delta.example', disabled: true },
        })
      ).status,
    ).toBe(200);
    // A bad address is refused on its field.
    const bad = await api.admin(`${USERS_PATH}/${second._id}`, {
      method: 'PATCH',
      json: { email: 'meera at delta' },
    });
    expect(bad.status).toBe(400);

    const shown = await current();
    const saved = await api.call(path, {
      method: 'PUT',
      session: api.session('meera'),
      json: { ...shown, upiVpa: 'deltasecure@okicici' },
    });
    expect(saved.status).toBe(200);
    await api.settle();
    const sent = alerts().filter((m) => m.text.includes('okicici'));
    expect(sent.map((m) => m.to).sort()).toEqual([['meera@delta.example'], ['owner@delta.example']]);
    expect(sent[0]?.text).toContain('Meera Iyer (meera)');
    expect(sent[0]?.text).toContain(
      PAYMENT_SETTINGS_ALERT.change(
        COURSE_SETTINGS.upiVpaLabel,
        'deltasecure@okhdfcbank',
        'deltasecure@okicici',
      ),
    );
    const entry = await latestSettingsEntry();
    expect(entry?.detail?.settings).toEqual([
      { field: 'upiVpa', from: 'deltasecure@okhdfcbank', to: 'deltasecure@okicici' },
    ]);
    expect(activitySentence(entry as AuditEntry)).toBe(
      `Meera Iyer changed the site settings: ${COURSE_SETTINGS.upiVpaLabel} from “deltasecure@okhdfcbank” to “deltasecure@okicici”`,
    );
  });

  it('refuses an editor’s restore of a version with another payee; an owner’s restore is audited and alerts', async () => {
    const history = (await body(await api.admin(settingsRevisionsPath))).data as {
      rev: string;
      data: SiteSettings;
    }[];
    const older = history.find((version) => version.data.upiVpa === 'deltasecure@okhdfcbank');
    expect(older).toBeDefined();
    const before = await stored();
    const refused = await api.call(settingsRevisionRestorePath(older?.rev ?? ''), {
      method: 'POST',
      session: editor,
    });
    expect(refused.status).toBe(403);
    expect((await body(refused)).errors).toMatchObject({ upiVpa: API.paymentSettingOwnersOnly });
    expect(await stored()).toEqual(before);

    const mailsBefore = alerts().length;
    const restored = await api.admin(settingsRevisionRestorePath(older?.rev ?? ''), { method: 'POST' });
    expect(restored.status).toBe(200);
    await api.settle();
    expect(alerts().length).toBeGreaterThan(mailsBefore);
    const entry = await latestSettingsEntry();
    expect(entry).toMatchObject({ action: 'restore', detail: { source: 'history' } });
    expect(entry?.detail?.settings).toContainEqual({
      field: 'upiVpa',
      from: 'deltasecure@okicici',
      to: 'deltasecure@okhdfcbank',
    });
    expect(activitySentence(entry as AuditEntry)).toMatch(
      /^Owner restored an earlier version of the site settings: /,
    );
  });
});
