/**
 * Issue 25: assessment requests (JSON and a plain HTML form), the acknowledgement to the sender (a real SMTP
 * server: no typed text, one per address per day, switched off per kind in the settings) and lead sources
 * (stored, filtered, counted, in the CSV), through the API function on both stores.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrollCourseFamily, requestFamilies, settingsFamily } from '../../src/lib/collections.ts';
import { HONEYPOT_FIELD } from '../../src/lib/constants.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { utcToIstDay } from '../../src/lib/ist.ts';
import { API, ASSESSMENT_VALIDATION, VALIDATION } from '../../src/lib/api-messages.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { ACKNOWLEDGE } from '../../src/lib/staff-messages.ts';
import type { StoredItem } from '../../src/server/repository/port.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/local/mail-catcher.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const STAFF = 'staff@delta.example';
const FROM = 'DeltaSecure website <website@delta.example>';
const DAY_MS = 86_400_000;
const inDays = (days: number) => utcToIstDay(new Date(Date.now() + days * DAY_MS).toISOString());

const assessment = (overrides: Record<string, unknown> = {}) => ({
  organisation: 'Kaveri Fintech Pvt Ltd',
  name: 'Lakshmi Rao',
  email: 'lakshmi@kaveri.example',
  phone: '+91 98450 11111',
  scope: { webApps: 2, apis: 3, mobileApps: 0, ipAddresses: 16, cloudAccounts: 1 },
  environment: 'staging',
  compliance: ['rbi', 'cert-in'],
  wantedBy: inDays(30),
  nda: 'yes',
  gstin: '27AAPFU0939F1ZV',
  notes: 'Payment gateway in scope.',
  source: { utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'vapt-q4' },
  ...overrides,
});

let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++ % 250}`;

describe.each(STORE_BACKENDS)('issue 25 on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  let mail: MailCatcher;
  const family = requestFamilies.assessment;

  beforeAll(async () => {
    mail = await startMailCatcher();
    const env = {
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: STAFF,
      NOTIFY_EMAIL_FROM: FROM,
      SUBMISSION_RATE_LIMIT_MAX: '10000',
      SUBMISSION_SENDER_LIMIT_MAX: '10000',
    };
    ({ api, stop } = await startApiOn(backend, 'assessment', { env }));
  });
  afterAll(async () => {
    await stop();
    await mail?.stop();
  });
  beforeEach(async () => {
    await api.settle();
  });

  const post = (path: string, json: unknown) => api.call(path, { method: 'POST', json, ip: freshIp() });
  const postForm = (fields: [string, string][]) =>
    api.call(family.path, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      ip: freshIp(),
    });
  const all = async (key: 'contact' | 'enroll' | 'assessment') => api.repository.list(key);
  const newest = async (key: 'contact' | 'enroll' | 'assessment') =>
    (await api.repository.listPage(key, { limit: 1 })).items[0] as StoredItem;
  const acksTo = (address: string) =>
    mail.mails().filter((m) => m.to.includes(address) && !m.to.includes(STAFF));

  describe('assessment requests', () => {
    it('round-trips: stored with its source and a reference, notified, listed, moved on, in the CSV', async () => {
      const response = await post(family.path, assessment());
      expect(response.status).toBe(201);
      expect(await body(response)).toEqual({ success: true, data: null, message: API.assessmentReceived });
      await api.settle();
      const stored = await newest('assessment');
      expect(stored).toMatchObject({
        organisation: 'Kaveri Fintech Pvt Ltd',
        scope: { webApps: 2, apis: 3, mobileApps: 0, ipAddresses: 16, cloudAccounts: 1 },
        compliance: ['rbi', 'cert-in'],
        environment: 'staging',
        nda: 'yes',
        gstin: '27AAPFU0939F1ZV',
        status: 'new',
        source: { utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'vapt-q4' },
        outbox: { email: { state: 'sent' } },
      });
      // The IST day is stored as the UTC instant of its IST midnight.
      expect(utcToIstDay(stored.wantedBy)).toBe(inDays(30));
      expect(String(stored.wantedBy)).toMatch(/T18:30:00\.000Z$/);
      expect(stored.reference).toMatch(/^DS-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      const notified = mail.mails().find((m) => m.to.includes(STAFF) && m.text.includes(stored._id));
      expect(notified?.text).toContain('Kaveri Fintech Pvt Ltd');

      const patched = await api.admin(`${family.path}/${stored._id}`, {
        method: 'PATCH',
        json: { status: 'proposal-sent' },
      });
      expect(patched.status).toBe(200);
      const refused = await api.admin(`${family.path}/${stored._id}`, {
        method: 'PATCH',
        json: { status: 'replied' },
      });
      expect(refused.status).toBe(400);

      const found = await api.admin(`${family.path}?q=${stored.reference as string}`);
      expect(((await body(found)).data as StoredItem[]).map((item) => item._id)).toEqual([stored._id]);

      const csv = await (await api.admin(`${family.path}/export.csv?source=linkedin`)).text();
      const [header, row] = csv.replace('\uFEFF', '').split('\r\n');
      expect(header).toBe(
        'Received (IST),Organisation,Name,Email,Phone,Scope,Environment,Compliance,Wanted by,NDA,GSTIN,Notes,Source,Status,Staff note,Last updated (IST)',
      );
      expect(row).toContain(',linkedin,Proposal sent,');
      expect(row).toContain('webApps: 2; apis: 3; ipAddresses: 16; cloudAccounts: 1');
      expect(row).toContain('rbi; cert-in');

      const summary = (await body(await api.admin(ENQUIRY_PATHS.summary))).data as Record<string, unknown>;
      expect(summary.assessment).toMatchObject({ total: expect.any(Number) });
    });

    it('refuses bad input field by field and stores nothing', async () => {
      const before = (await all('assessment')).length;
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [
          {
            organisation: ' ',
            name: '',
            email: 'not-an-email',
            phone: 'call me',
            scope: { webApps: 0, apis: 0, mobileApps: 0, ipAddresses: 0, cloudAccounts: 0 },
            environment: 'qa',
            compliance: ['gdpr'],
            wantedBy: inDays(-2),
            nda: 'maybe',
            gstin: '27AAPFU0939F1ZA',
          },
          {
            organisation: ASSESSMENT_VALIDATION.organisationRequired,
            name: VALIDATION.nameRequired,
            email: VALIDATION.emailInvalid,
            phone: VALIDATION.phoneInvalid,
            scope: ASSESSMENT_VALIDATION.scopeEmpty,
            environment: ASSESSMENT_VALIDATION.environmentRequired,
            compliance: ASSESSMENT_VALIDATION.complianceInvalid,
            wantedBy: ASSESSMENT_VALIDATION.wantedByPast,
            nda: ASSESSMENT_VALIDATION.ndaRequired,
            gstin: ASSESSMENT_VALIDATION.gstinInvalid,
          },
        ],
        [
          { scope: { webApps: -1 }, wantedBy: '30/12/2030' },
          { scope: ASSESSMENT_VALIDATION.scopeInvalid, wantedBy: ASSESSMENT_VALIDATION.wantedByRequired },
        ],
        [{ scope: { webApps: 1.5 } }, { scope: ASSESSMENT_VALIDATION.scopeInvalid }],
        [{ source: { utmSource: 7 } }, { source: ASSESSMENT_VALIDATION.sourceInvalid }],
        [{ source: { tracker: 'x' } }, { source: ASSESSMENT_VALIDATION.sourceInvalid }],
      ];
      for (const [overrides, errors] of cases) {
        const response = await post(family.path, assessment(overrides));
        expect(response.status, JSON.stringify(overrides)).toBe(400);
        expect((await body(response)).errors).toMatchObject(errors);
      }
      expect((await all('assessment')).length).toBe(before);
    });

    it('takes a plain HTML form: a 303 to the thank-you page; a refusal is a page of reasons; a bot stores nothing', async () => {
      const before = (await all('assessment')).length;
      const fields: [string, string][] = [
        ['organisation', 'Narmada Health'],
        ['name', 'Imran Sheikh'],
        ['email', 'imran@narmada.example'],
        ['phone', '080 4123 4567'],
        ['scope[webApps]', '1'],
        ['scope[apis]', ''],
        ['scope[mobileApps]', '2'],
        ['scope[ipAddresses]', '0'],
        ['scope[cloudAccounts]', '0'],
        ['environment', 'production'],
        ['compliance', 'iso27001'],
        ['compliance', 'client'],
        ['wantedBy', inDays(0)],
        ['nda', 'no'],
        ['gstin', ''],
        ['notes', ''],
        ['source[utmSource]', ''],
        ['source[referrer]', 'www.google.com'],
        [HONEYPOT_FIELD, ''],
      ];
      const response = await postForm(fields);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(family.htmlForm?.thanks);
      const stored = await newest('assessment');
      expect(stored).toMatchObject({
        organisation: 'Narmada Health',
        scope: { webApps: 1, apis: 0, mobileApps: 2, ipAddresses: 0, cloudAccounts: 0 },
        compliance: ['iso27001', 'client'],
        source: { referrer: 'www.google.com' },
      });
      expect(stored).not.toHaveProperty('gstin');

      const refused = await postForm(fields.map(([k, v]) => [k, k === 'email' ? 'nope' : v]));
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const page = await refused.text();
      expect(page).toContain(VALIDATION.emailInvalid);
      expect(page).not.toContain('nope');

      const bot = await postForm(fields.map(([k, v]) => [k, k === HONEYPOT_FIELD ? 'http://spam' : v]));
      expect(bot.status).toBe(303);
      expect((await all('assessment')).length).toBe(before + 1);

      // Contact and enrolment keep their JSON-only API.
      const form = await api.call(requestFamilies.contact.path, {
        method: 'POST',
        body: 'name=a',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
    });
  });

  describe('acknowledgements', () => {
    it('sends the sender a fixed text with the reference and the phone, once a day, never their words', async () => {
      const sender = `ack-${backend}@example.in`;
      const typed = {
        name: 'Evil <b>Name</b> http://spam.example',
        message: 'Buy now at http://spam.example',
      };
      expect(
        (await post(requestFamilies.contact.path, { ...typed, email: sender, phone: '9845012345' })).status,
      ).toBe(201);
      await api.settle();
      const stored = await newest('contact');
      const [ack, ...more] = acksTo(sender);
      expect(more).toHaveLength(0);
      expect(ack?.subject).toBe(ACKNOWLEDGE.contact.subject);
      expect(ack?.text).toContain(ACKNOWLEDGE.reference(String(stored.reference)));
      expect(ack?.text).toContain(ACKNOWLEDGE.phone(SITE_SETTINGS_SEED.phone));
      expect(ack?.text).toContain(ACKNOWLEDGE.contact.next);
      for (const part of ['Evil', 'spam.example', 'Buy now', stored._id])
        expect(`${ack?.headers}\n${ack?.text}`).not.toContain(part);
      expect(ack?.headers).toContain('website@delta.example');
      expect((await api.repository.get('contact', stored._id))?.outbox).toMatchObject({
        ack: { state: 'sent' },
      });

      // The same address again the same day (another kind, another case): stored and notified, not acknowledged.
      expect(
        (await post(family.path, assessment({ email: sender.toUpperCase(), source: undefined }))).status,
      ).toBe(201);
      await api.settle();
      expect(acksTo(sender)).toHaveLength(1);
      expect((await newest('assessment')).outbox).not.toHaveProperty('ack');
    });

    it('is never sent for a honeypot hit or a refused submission', async () => {
      const sender = `never-${backend}@example.in`;
      const contact = { name: 'A', email: sender, phone: '9845012345', message: 'Hello' };
      expect((await post(requestFamilies.contact.path, { ...contact, [HONEYPOT_FIELD]: 'x' })).status).toBe(
        201,
      );
      expect((await post(requestFamilies.contact.path, { ...contact, message: '' })).status).toBe(400);
      await api.settle();
      expect(acksTo(sender)).toHaveLength(0);
      // Neither used up the day's acknowledgement: a real submission still gets one.
      expect((await post(requestFamilies.contact.path, contact)).status).toBe(201);
      await api.settle();
      expect(acksTo(sender)).toHaveLength(1);
    });

    it('staff switch it off per kind in the site settings', async () => {
      const put = await api.admin(settingsFamily.path, {
        method: 'PUT',
        json: { ...SITE_SETTINGS_SEED, ackEnroll: false },
      });
      expect(put.status).toBe(200);
      try {
        await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'Ethical Hacking' } });
        const sender = `off-${backend}@example.in`;
        const enroll = { name: 'B', email: sender, phone: '9845012345', course: 'Ethical Hacking' };
        expect((await post(requestFamilies.enroll.path, enroll)).status).toBe(201);
        await api.settle();
        expect(acksTo(sender)).toHaveLength(0);
        // Contact is still on.
        expect(
          (await post(requestFamilies.contact.path, { ...enroll, course: undefined, message: 'Hi' })).status,
        ).toBe(201);
        await api.settle();
        expect(acksTo(sender)).toHaveLength(1);
      } finally {
        await api.admin(settingsFamily.path, { method: 'PUT', json: SITE_SETTINGS_SEED });
      }
    });
  });

  describe('lead sources', () => {
    it('stores a contact request’s source, filters and counts by it; a client that sends none works as before', async () => {
      const tag = `src-${backend}`;
      const contact = { name: tag, email: `${tag}@example.in`, phone: '9845012345', message: 'Hi' };
      expect(
        (await post(requestFamilies.contact.path, { ...contact, source: { referrer: 'news.example' } }))
          .status,
      ).toBe(201);
      expect(
        (await post(requestFamilies.contact.path, { ...contact, source: { referrer: 'direct' } })).status,
      ).toBe(201);
      expect((await post(requestFamilies.contact.path, contact)).status).toBe(201);
      const mine = (await all('contact')).filter((item) => item.name === tag);
      expect(mine.map((item) => item.source ?? null)).toEqual([
        { referrer: 'news.example' },
        { referrer: 'direct' },
        null,
      ]);

      const filtered = await api.admin(`${requestFamilies.contact.path}?source=news.example&q=${tag}`);
      expect(((await body(filtered)).data as StoredItem[]).map((item) => item.source)).toEqual([
        { referrer: 'news.example' },
      ]);
      const counts = (await body(await api.admin(`${requestFamilies.contact.path}/sources`))).data as Record<
        string,
        number
      >;
      expect(counts['news.example']).toBeGreaterThanOrEqual(1);
      expect(counts.direct).toBeGreaterThanOrEqual(1);
      expect(counts.unknown).toBeGreaterThanOrEqual(1);

      // A part too long is cut to length, not refused: a long campaign name must not cost the visitor a message.
      expect(
        (
          await post(requestFamilies.contact.path, {
            ...contact,
            source: { utmSource: `L${'x'.repeat(300)}` },
          })
        ).status,
      ).toBe(201);
      expect((await newest('contact')).source).toEqual({ utmSource: `L${'x'.repeat(99)}` });
      const bad = await post(requestFamilies.contact.path, { ...contact, source: 'linkedin' });
      expect(bad.status).toBe(400);
      expect((await body(bad)).errors).toEqual({ source: ASSESSMENT_VALIDATION.sourceInvalid });
    });

    it('stores an enrolment request’s source like a contact’s, and counts it', async () => {
      await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'Ethical Hacking' } });
      const tag = `enrol-src-${backend}`;
      const enroll = {
        name: tag,
        email: `${tag}@example.in`,
        phone: '9845012345',
        course: 'Ethical Hacking',
        source: { utmSource: 'LinkedIn', utmMedium: 'social', utmCampaign: 'batch-jan' },
      };
      expect((await post(requestFamilies.enroll.path, enroll)).status).toBe(201);
      expect((await all('enroll')).find((item) => item.name === tag)?.source).toEqual({
        utmSource: 'LinkedIn',
        utmMedium: 'social',
        utmCampaign: 'batch-jan',
      });
      const filtered = await api.admin(`${requestFamilies.enroll.path}?source=linkedin&q=${tag}`);
      expect(((await body(filtered)).data as StoredItem[]).map((item) => item.name)).toEqual([tag]);
      const counts = (await body(await api.admin(`${requestFamilies.enroll.path}/sources`))).data as Record<
        string,
        number
      >;
      expect(counts.linkedin).toBeGreaterThanOrEqual(1);
    });

    it('adds a Source column after the contact and enrolment CSVs’ own columns once a request has a source', async () => {
      const tag = `csv-src-${backend}`;
      const contact = { name: tag, email: `${tag}@example.in`, phone: '9845012345', message: 'Hi' };
      await post(requestFamilies.contact.path, {
        ...contact,
        source: { utmSource: 'linkedin', utmMedium: 'x' },
      });
      await post(requestFamilies.contact.path, { ...contact, source: { referrer: 'news.example' } });
      await post(requestFamilies.contact.path, contact);
      const csv = await (await api.admin(`${requestFamilies.contact.path}/export.csv?q=${tag}`)).text();
      const [header, ...rows] = csv.replace('\uFEFF', '').trim().split('\r\n');
      expect(header).toBe(
        'Received (IST),Name,Email,Phone,Message,Status,Staff note,Last updated (IST),Source',
      );
      // Newest first, as the list: none (an older client), the referring site, the campaign.
      expect(rows.map((row) => row.split(',').at(-1))).toEqual(['', 'news.example', 'linkedin']);
      // Requests without a source (every one stored before issue 25): the columns as they were.
      const older = await (
        await api.admin(`${requestFamilies.contact.path}/export.csv?q=${tag}&source=unknown`)
      ).text();
      expect(older.replace('\uFEFF', '').split('\r\n')[0]).toBe(
        'Received (IST),Name,Email,Phone,Message,Status,Staff note,Last updated (IST)',
      );

      const enrolled = await (
        await api.admin(`${requestFamilies.enroll.path}/export.csv?q=enrol-src-${backend}`)
      ).text();
      const [enrollHeader, enrollRow] = enrolled.replace('\uFEFF', '').trim().split('\r\n');
      expect(enrollHeader).toBe(
        'Received (IST),Name,Email,Phone,Course,Message,Status,Staff note,Last updated (IST),Source',
      );
      expect(enrollRow).toMatch(/,Ethical Hacking,.*,linkedin$/);
    });
  });
});
