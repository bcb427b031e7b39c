/**
 * The student's "Your enrolment" page at its signed link, through the real functions on both stores with a real
 * SMTP server: the enrolment's answer and acknowledgement carry the link; the page shows the batch (IST dates),
 * the status, the amount, the UPI link and the reference, then each receipt once staff record a payment, and the
 * certificate once issued; the calendar file has the batch's IST days; a tampered, revoked, erased or expired link
 * shows nothing of the enrolment; withdrawing marks the request and notifies staff; a cross-site form is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFamilies, requestFamilies } from '../../src/lib/collections.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { ENROLMENT_PAGE } from '../../src/lib/messages.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { ENROLMENT_LINK } from '../../src/lib/staff-messages.ts';
import { readAudit } from '../../src/server/audit/audit-log.ts';
import { ENROLMENT_PAGE_CSP } from '../../src/server/handlers/enrolment-page-handler.ts';
import { paymentPath } from '../../src/server/handlers/enroll-payment-handler.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/local/mail-catcher.ts';
import {
  addBatch,
  addCourse,
  addEnrolNames,
  addTrainer,
  mailingEnv,
  saveSiteSettings,
  type Item,
} from '../support/catalogue.ts';
import { pdfText } from '../support/pdf.ts';
import { body, ORIGIN, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const { certificate } = contentFamilies;
const enroll = requestFamilies.enroll;

const COURSE_NAME = 'Web Application Security';
const UPI = {
  upiVpa: 'deltasecure@okhdfcbank',
  upiPayeeName: 'DeltaSecure Technologies',
  whatsappNumber: '+91 98765 43210',
};
const TEST_MS = 60_000;
const form = (fields: Record<string, string>, origin?: string | null) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  ...(origin === undefined ? {} : { origin }),
});
/** The same token with one character of its signature changed. */
const tampered = (path: string) => `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;

describe.each(STORE_BACKENDS)('the student’s enrolment page on %s', (backend) => {
  let api: Api;
  let mail: MailCatcher;
  let stop: () => Promise<void> = async () => {};
  let course: Item;
  let batch: Item;
  let nextStudent = 1;

  const enrol = async () => {
    const email = `page${nextStudent}-${backend}@example.in`;
    const response = await api.call(enroll.path, {
      method: 'POST',
      ip: `198.51.100.${nextStudent++}`,
      json: {
        name: 'Asha Rao',
        email,
        phone: '9876543210',
        course: COURSE_NAME,
        message: '',
        batch: batch._id,
      },
    });
    expect(response.status).toBe(201);
    await api.settle();
    const answer = await body(response);
    const stored = (await api.repository.list(enroll.key)).find((item) => item.email === email) as Item;
    const page = (answer.enrolmentPage as { href: string; text: string }).href;
    return { answer, stored, page, email };
  };
  const html = async (path: string) => {
    const response = await api.call(path);
    return { status: response.status, text: await response.text(), headers: response.headers };
  };

  beforeAll(async () => {
    mail = await startMailCatcher();
    ({ api, stop } = await startApiOn(backend, 'enrolment-page', {
      env: mailingEnv(mail.url, 'staff@delta.example', 'website@delta.example'),
    }));
    api.clock.now = new Date('2026-11-26T05:30:00.000Z');
    await addEnrolNames(api, COURSE_NAME);
    course = await addCourse(api, await addTrainer(api), COURSE_NAME);
    batch = await addBatch(api, course, 'Weekend, December', {
      mode: 'classroom',
      venue: 'Koramangala, Bengaluru',
      feeOverride: 2_200_000,
    });
    expect((await saveSiteSettings(api, { ...SITE_SETTINGS_SEED, ...UPI }, { keep: true })).status).toBe(200);
  });
  afterAll(async () => {
    await stop();
    await mail?.stop();
  });

  it(
    'is e-mailed and answered, and shows the batch, status, amount, UPI link and reference, privately',
    async () => {
      const { stored, page, email } = await enrol();
      const reference = String(stored.reference);
      expect(page).toMatch(/^\/enrolment\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      const ack = mail.mails().find((m) => m.to.includes(email));
      expect(ack?.text).toContain(`${ENROLMENT_PAGE.mailLine}\n${ORIGIN}${page}\n`);

      const { status, text, headers } = await html(page);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('private, no-store');
      expect(headers.get('x-robots-tag')).toBe('noindex');
      expect(headers.get('content-security-policy')).toBe(ENROLMENT_PAGE_CSP);
      expect(text).toContain('<meta name="robots" content="noindex">');
      expect(text).not.toMatch(/<script/i);
      expect(text).toContain(reference);
      expect(text).toContain('Weekend, December');
      // IST days: the batch's first day is stored as 11 Dec 18:30 UTC.
      expect(text).toContain(ENROLMENT_PAGE.datesValue('12 Dec 2026', '7 Feb 2027'));
      expect(text).toContain('Koramangala, Bengaluru');
      expect(text).toContain(ENROLMENT_PAGE.statuses.received);
      expect(text).toContain(ENROLMENT_PAGE.payText('₹22,000', reference));
      const upi = (stored.paymentAsked as { upiLink: string }).upiLink;
      expect(text).toContain(`href="${upi.replaceAll('&', '&amp;')}"`);
      expect(text).toContain('src="data:image/png;base64,');
      expect(text).toContain(
        `https://wa.me/919876543210?text=${encodeURIComponent(ENROLMENT_PAGE.contactMessage(reference))}`,
      );
      // Nothing the sender typed: not even the name.
      expect(text).not.toContain('Asha Rao');
      expect(text).not.toContain(ENROLMENT_PAGE.receiptsHeading);
    },
    TEST_MS,
  );

  it(
    'shows nothing for a tampered link, another enrolment’s id, or a revoked link',
    async () => {
      const { stored, page } = await enrol();
      const reference = String(stored.reference);
      for (const path of [
        tampered(page),
        page.replace(stored._id, `${stored._id.slice(0, -1)}x`),
        `${page}x`,
      ]) {
        const shown = await html(path);
        expect(shown.status).toBe(404);
        expect(shown.text).toContain(ENROLMENT_PAGE.invalid);
        expect(shown.text).not.toContain(reference);
      }
      const receipt = await api.call(`${tampered(page)}/receipt`);
      expect(receipt.status).toBe(404);

      const revoked = await api.admin(`${enroll.path}/${stored._id}/page-link/revoke`, { method: 'POST' });
      expect(revoked.status).toBe(200);
      const after = await html(page);
      expect(after.status).toBe(404);
      expect(after.text).not.toContain(reference);
      const actions = (await readAudit(api.deps, { limit: 5 })).entries.map((entry) => entry.action);
      expect(actions).toContain('enrolment-link-revoke');
      expect(
        (await api.call(`${enroll.path}/${stored._id}/page-link/revoke`, { method: 'POST' })).status,
      ).toBe(401);
    },
    TEST_MS,
  );

  it(
    'offers each receipt once a payment is recorded, and the batch as an IST calendar file',
    async () => {
      const { stored, page } = await enrol();
      // Paid after the course was added (stored at the real time this suite runs), while the batch runs.
      api.clock.now = new Date('2027-01-05T05:30:00.000Z');
      const paid = await api.admin(paymentPath(stored._id), {
        method: 'POST',
        json: { amount: 500_000, upiRef: `4321987650${nextStudent}`, paidOn: '2027-01-05' },
      });
      expect(paid.status, JSON.stringify(await body(paid.clone()))).toBe(201);
      await api.settle();
      api.clock.now = new Date('2026-11-26T05:30:00.000Z');
      const { text } = await html(page);
      expect(text).toContain(ENROLMENT_PAGE.receiptsHeading);
      const href = /href="([^"]*\/receipt\?payment=[^"]*)"/.exec(text)?.[1]?.replaceAll('&amp;', '&') ?? '';
      expect(href.startsWith(`${page}/receipt?payment=`)).toBe(true);
      const pdf = await api.call(href);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('5,000');
      // What is still due, in the UPI link too.
      expect(text).toContain(ENROLMENT_PAGE.payText('₹17,000', String(stored.reference)));
      expect(text).toContain('am=17000.00');

      const ics = await api.call(`${page}/batch.ics`);
      expect(ics.status).toBe(200);
      expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const calendar = await ics.text();
      expect(calendar).toContain('DTSTART;VALUE=DATE:20261212\r\n');
      // All-day events end the day after their last.
      expect(calendar).toContain('DTEND;VALUE=DATE:20270208\r\n');
      expect(calendar).toContain('LOCATION:Koramangala\\, Bengaluru\r\n');
      expect((await api.call(`${tampered(page)}/batch.ics`)).status).toBe(404);
    },
    TEST_MS,
  );

  it(
    'withdraws the request through the page: the request is marked, staff are told, a cross-site form is refused',
    async () => {
      const { stored, page } = await enrol();
      const foreign = await api.call(page, form({ action: 'withdraw' }, 'https://evil.example'));
      expect(foreign.status).toBe(403);
      expect((await api.repository.get(enroll.key, stored._id))?.withdrawnAt).toBeUndefined();

      const before = mail.mails().length;
      const done = await api.call(page, form({ action: 'withdraw' }));
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe(`${page}?done=withdrawn`);
      await api.settle();
      const marked = (await api.repository.get(enroll.key, stored._id)) as Item;
      expect(typeof marked.withdrawnAt).toBe('string');
      expect(String(marked.note)).toMatch(/^Withdrawn by the student on /);
      const told = mail.mails().slice(0, mail.mails().length - before);
      expect(told.map((m) => m.subject)).toContain(ENROLMENT_LINK.withdrawnSubject('Asha Rao', COURSE_NAME));

      const { text } = await html(`${page}?done=withdrawn`);
      expect(text).toContain(ENROLMENT_PAGE.withdrawnNotice);
      expect(text).not.toContain(ENROLMENT_PAGE.withdraw);
      expect(text).not.toContain('upi://');
    },
    TEST_MS,
  );

  it(
    'shows the certificate once issued, expires a year after the batch ends, and opens nothing once erased',
    async () => {
      const { stored, page, email } = await enrol();
      expect(
        (await api.admin(`${enroll.path}/${stored._id}`, { method: 'PATCH', json: { status: 'enrolled' } }))
          .status,
      ).toBe(200);
      expect((await html(page)).text).not.toContain(ENROLMENT_PAGE.certificateHeading);
      api.clock.now = new Date('2027-02-10T05:30:00.000Z');
      const issued = await api.admin(`${certificate.path}/batch/${batch._id}`, {
        method: 'POST',
        json: { enrollIds: [stored._id] },
      });
      expect(issued.status, JSON.stringify(await body(issued.clone()))).toBe(200);
      const number = ((await body(issued)).data as { issued: { number: string }[] }).issued[0]?.number ?? '';
      const { text } = await html(page);
      expect(text).toContain(ENROLMENT_PAGE.certificatePdf(number));
      expect(text).toContain(`href="/verify/${number}/certificate.pdf"`);
      expect(text).toContain(`href="/verify/${number}"`);
      expect(text).toContain(`${ORIGIN}/testimonial/`);
      expect(text).toContain(ENROLMENT_PAGE.statuses.enrolled);

      const exported = await body(await api.admin(`${ENQUIRY_PATHS.privacyExport}?email=${email}`));
      expect((exported.data as { enrolmentPages: { url: string }[] }).enrolmentPages).toEqual([
        { enrollId: stored._id, reference: stored.reference, url: `${ORIGIN}${page}` },
      ]);

      // A year after the batch's last day (7 Feb 2027 IST) it still opens; the day after, it has expired.
      api.clock.now = new Date('2028-02-06T05:30:00.000Z');
      expect((await html(page)).status).toBe(200);
      api.clock.now = new Date('2028-02-08T05:30:00.000Z');
      const expired = await html(page);
      expect(expired.status).toBe(410);
      expect(expired.text).toContain(ENROLMENT_PAGE.expired);
      expect(expired.text).not.toContain(String(stored.reference));
      api.clock.now = new Date('2027-02-10T05:30:00.000Z');

      const erased = await api.admin(ENQUIRY_PATHS.privacyErase, { method: 'POST', json: { email } });
      expect(erased.status).toBe(200);
      const after = await html(page);
      expect(after.status).toBe(404);
      expect(after.text).not.toContain(String(stored.reference));
    },
    TEST_MS,
  );
});
