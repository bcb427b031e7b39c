/**
 * The acknowledgement of an enrolment with a fee carries the payment the page showed (amount, payee, the UPI link,
 * the reference to quote, where to find them again, and the QR code as an attachment), so a student who closes the
 * page loses nothing; a waitlisted enrolment's answer asks for no payment and neither does its e-mail. With a
 * merchant code in Site settings the link is a merchant payment (`mc`, and a `tr` unique per enrolment, NPCI's
 * merchant fields); without one it stays person-to-person. On both stores, with a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFamilies } from '../../src/lib/collections.ts';
import { FIELD_REASONS } from '../../src/lib/api-messages.ts';
import { SETTING_FIELDS } from '../../src/lib/setting-fields.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { ACKNOWLEDGE, COURSE_SETTINGS } from '../../src/lib/staff-messages.ts';
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
import { decodeQr } from '../support/pdf.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const enroll = requestFamilies.enroll;

const COURSE_NAME = 'Web Application Security';
const UPI = { upiVpa: 'deltasecure@okhdfcbank', upiPayeeName: 'DeltaSecure Technologies' };
const MAIL_TEST_MS = 60_000;

describe.each(STORE_BACKENDS)('the payment in the enrolment acknowledgement on %s', (backend) => {
  let api: Api;
  let mail: MailCatcher;
  let stop: () => Promise<void> = async () => {};
  let course: Item;
  let nextIp = 1;
  let nextStudent = 1;

  const batch = (name: string, fields: Record<string, unknown> = {}) =>
    addBatch(api, course, name, { feeOverride: 2_200_000, ...fields });
  /** Enrols a new student (a new address: one acknowledgement per address a day) and waits for the mails. */
  const enrol = async (batchId: string) => {
    const email = `student${nextStudent++}-${backend}@example.in`;
    const response = await api.call(enroll.path, {
      method: 'POST',
      ip: `198.51.100.${nextIp++}`,
      json: {
        name: 'Asha Rao',
        email,
        phone: '9876543210',
        course: COURSE_NAME,
        message: '',
        batch: batchId,
      },
    });
    expect(response.status).toBe(201);
    await api.settle();
    const stored = (await api.repository.list(enroll.key)).find((item) => item.email === email) as Item;
    const ack = mail.mails().find((m) => m.to.includes(email));
    return { answer: await body(response), stored, ack };
  };
  const saveSettings = (changes: Record<string, unknown>) => saveSiteSettings(api, changes, { keep: true });

  beforeAll(async () => {
    mail = await startMailCatcher();
    ({ api, stop } = await startApiOn(backend, 'enroll-ack-pay', {
      env: mailingEnv(mail.url, 'staff@delta.example', 'website@delta.example'),
    }));
    api.clock.now = new Date('2026-11-26T05:30:00.000Z');
    await addEnrolNames(api, COURSE_NAME);
    course = await addCourse(api, await addTrainer(api), COURSE_NAME);
    expect((await saveSettings({ ...SITE_SETTINGS_SEED, ...UPI })).status).toBe(200);
  });
  afterAll(async () => {
    await stop();
    await mail?.stop();
  });

  it(
    'repeats the amount, payee, UPI link, reference and where to find them again, with the QR code attached',
    async () => {
      const open = await batch('Weekend, December');
      const { answer, stored, ack } = await enrol(open._id);
      const payment = answer.payment as { upiLink: string; amount: number; reference: string };
      const reference = String(stored.reference);
      expect(payment).toMatchObject({ amount: 2_200_000, reference });
      // Person-to-person without a merchant code: no mc, no tr.
      expect(payment.upiLink).toBe(
        `upi://pay?pa=deltasecure%40okhdfcbank&pn=DeltaSecure%20Technologies&am=22000.00&cu=INR&tn=${reference}`,
      );
      expect(ack?.subject).toBe(ACKNOWLEDGE.enroll.subject);
      const text = ack?.text ?? '';
      expect(text).toContain(ACKNOWLEDGE.payment.due('₹22,000'));
      expect(text).toContain(ACKNOWLEDGE.payment.payee('DeltaSecure Technologies', 'deltasecure@okhdfcbank'));
      expect(text).toContain(ACKNOWLEDGE.payment.quote(reference));
      expect(text).toContain(`\n${payment.upiLink}\n`);
      expect(text).toContain(ACKNOWLEDGE.payment.again);
      // It no longer promises a call about the fee it has just stated.
      expect(text).not.toContain(ACKNOWLEDGE.enroll.next);
      expect(text).toContain(ACKNOWLEDGE.payment.next);
      const [qr] = ack?.attachments ?? [];
      expect(qr?.contentType).toBe('image/png');
      expect(await decodeQr(Buffer.from(qr?.content ?? []))).toBe(payment.upiLink);
    },
    MAIL_TEST_MS,
  );

  it(
    'asks a waitlisted enrolment for no payment, in the answer and in the e-mail',
    async () => {
      const small = await batch('Weekday, one seat', { capacity: 1 });
      const first = await enrol(small._id);
      expect(first.answer.payment).toBeDefined();
      const enrolled = await api.admin(`${enroll.path}/${first.stored._id}`, {
        method: 'PATCH',
        json: { status: 'enrolled' },
      });
      expect(enrolled.status).toBe(200);

      const { answer, stored, ack } = await enrol(small._id);
      expect(stored.status).toBe('waitlisted');
      // The fee is still fixed at enrolment; nothing asks for it yet.
      expect(stored.fee).toBe(2_200_000);
      expect(answer.payment).toBeUndefined();
      expect(stored.paymentAsked).toBeUndefined();
      const text = ack?.text ?? '';
      expect(text).toContain(ACKNOWLEDGE.reference(String(stored.reference)));
      expect(text).toContain(ACKNOWLEDGE.enroll.next);
      expect(text).not.toContain('upi://');
      expect(text).not.toContain(ACKNOWLEDGE.payment.again);
      expect(ack?.attachments).toEqual([]);
    },
    MAIL_TEST_MS,
  );

  it(
    'makes a merchant link with a merchant code: mc and a tr of its own per enrolment, repeated in the e-mail',
    async () => {
      // The hint says what a payer meets without one.
      const field = SETTING_FIELDS.find((candidate) => candidate.name === 'upiMerchantCode');
      expect(field?.hint).toBe(COURSE_SETTINGS.upiMerchantCodeHint);
      expect(field?.hint).toMatch(/person/);
      const refused = await saveSettings({ upiMerchantCode: '82A9' });
      expect(refused.status).toBe(400);
      expect((await body(refused)).errors).toEqual({
        upiMerchantCode: FIELD_REASONS.mcc(COURSE_SETTINGS.upiMerchantCodeLabel),
      });
      expect((await saveSettings({ upiMerchantCode: '8299' })).status).toBe(200);

      const weekend = await batch('Weekend, January');
      const links: string[] = [];
      for (const _ of [1, 2]) {
        const { answer, stored, ack } = await enrol(weekend._id);
        const link = (answer.payment as { upiLink: string }).upiLink;
        const params = new URLSearchParams(link.replace(/^upi:\/\/pay\?/, ''));
        expect(params.get('mc')).toBe('8299');
        const tr = params.get('tr') ?? '';
        expect(tr).toMatch(/^[0-9a-z]{1,35}$/);
        expect(params.get('tn')).toBe(stored.reference);
        expect(params.get('am')).toBe('22000.00');
        expect((stored.paymentAsked as { transactionRef?: string }).transactionRef).toBe(tr);
        expect(ack?.text).toContain(`\n${link}\n`);
        links.push(tr);
      }
      expect(new Set(links).size).toBe(2);
    },
    MAIL_TEST_MS,
  );
});
