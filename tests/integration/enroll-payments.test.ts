/**
 * Issue 22.6, fees by UPI, through the real API on both stores with a real SMTP server: an enrolment into a batch
 * with a fee answers its amount, `upi://pay` link and QR code (decoded here) when Site settings name a payee; staff
 * record a payment (history, paid, enrolled when a seat is free, audited), which numbers a receipt per financial
 * year; the receipt PDF reads back with the amount and a Devanagari name and is e-mailed to the student; the same
 * UPI reference never counts twice; a refund is recorded and cannot exceed what was paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPath, requestFamilies } from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { ENROLL_PAYMENT, ENROLMENT_PAGE } from '../../src/lib/messages.ts';
import { RECEIPT } from '../../src/lib/staff-messages.ts';
import { readAudit } from '../../src/server/audit/audit-log.ts';
import { paymentPath, receiptPath } from '../../src/server/handlers/enroll-payment-handler.ts';
import { retryOutbox } from '../../src/server/enquiries/outbox.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/local/mail-catcher.ts';
import {
  addBatch,
  addCourse,
  addEnrolNames,
  addTrainer,
  backdateCourse,
  mailingEnv,
  saveSiteSettings,
  type Item,
} from '../support/catalogue.ts';
import { decodeQr, pdfText, showsDevanagari } from '../support/pdf.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const enroll = requestFamilies.enroll;

const STAFF = 'staff@delta.example';
const FROM = 'DeltaSecure website <website@delta.example>';
const UPI = {
  upiVpa: 'deltasecure@okhdfcbank',
  upiPayeeName: 'DeltaSecure Technologies',
  gstin: '27AAPFU0939F1ZV',
};
const COURSE_NAME = 'Web Application Security';
/** Each test makes and reads back PDFs and mails on a shared machine: more than the default 30 s. */
const PDF_TEST_MS = 90_000;

describe.each(STORE_BACKENDS)('fees by UPI on %s', (backend) => {
  let api: Api;
  let mail: MailCatcher;
  let stop: () => Promise<void> = async () => {};
  let nextIp = 1;
  const freshIp = () => `198.51.100.${nextIp++}`;
  let course: Item;

  const batch = (name: string, fields: Record<string, unknown> = {}) => addBatch(api, course, name, fields);
  const enrol = async (batchId: string, fields: Record<string, unknown> = {}) => {
    const response = await api.call(enroll.path, {
      method: 'POST',
      ip: freshIp(),
      json: {
        name: 'प्रिया वर्मा',
        email: `priya-${backend}@example.in`,
        phone: '9876543210',
        course: COURSE_NAME,
        message: '',
        batch: batchId,
        ...fields,
      },
    });
    const stored = (await api.repository.list(enroll.key)).at(-1) as Item;
    return { response, answer: await body(response), stored };
  };
  const pay = (id: string, json: Record<string, unknown>) =>
    api.admin(paymentPath(id), { method: 'POST', json });

  beforeAll(async () => {
    mail = await startMailCatcher();
    ({ api, stop } = await startApiOn(backend, 'enroll-pay', { env: mailingEnv(mail.url, STAFF, FROM) }));
    // 26 November 2026, 11 am IST.
    api.clock.now = new Date('2026-11-26T05:30:00.000Z');
    await addEnrolNames(api, COURSE_NAME);
    course = await addCourse(api, await addTrainer(api), COURSE_NAME, {
      refundPolicy: 'Full refund up to 7 days before the start.',
    });
    // Made on 1 November 2026: these payments are dated from 25 November.
    await backdateCourse(api, course, '2026-11-01T05:30:00.000Z');
  });
  afterAll(async () => {
    await stop();
    await mail?.stop();
  });

  it(
    'answers no payment while Site settings name no UPI payee (the spec’s answer)',
    async () => {
      const plain = await batch('Weekend, no UPI yet');
      const { response, answer, stored } = await enrol(plain._id);
      expect(response.status).toBe(201);
      // With the student's enrolment page added (docs/decisions.md §74).
      expect(answer).toEqual({
        success: true,
        data: null,
        message: API.enrollReceived,
        enrolmentPage: { href: expect.stringMatching(/^\/enrolment\//), text: ENROLMENT_PAGE.formLink },
      });
      // The fee is fixed at enrolment all the same.
      expect(stored.fee).toBe(1_850_000);
    },
    PDF_TEST_MS,
  );

  it(
    'answers the amount, the UPI link with the reference and its QR code, and the early-bird fee while it lasts',
    async () => {
      const put = await saveSiteSettings(api, UPI);
      expect(put.status).toBe(200);
      const early = await batch('Weekend, early bird', {
        feeOverride: 1_650_000,
        earlyBirdFee: 1_500_000,
        earlyBirdUntil: '2026-11-26',
      });
      const { response, answer, stored } = await enrol(early._id);
      expect(response.status).toBe(201);
      // The spec's fields are unchanged; the payment is added beside them.
      expect(answer).toMatchObject({ success: true, data: null, message: API.enrollReceived });
      const payment = answer.payment as Record<string, string | number>;
      const reference = String(stored.reference);
      expect(reference).toMatch(/^DS-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      const link = `upi://pay?pa=deltasecure%40okhdfcbank&pn=DeltaSecure%20Technologies&am=15000.00&cu=INR&tn=${reference}`;
      expect(payment).toMatchObject({
        amount: 1_500_000,
        reference,
        upiLink: link,
        linkText: ENROLL_PAYMENT.link,
      });
      expect(payment.text).toBe(ENROLL_PAYMENT.due('₹15,000', reference));
      // The QR code a phone scans says exactly the link.
      const png = Buffer.from(String(payment.qr).replace(/^data:image\/png;base64,/, ''), 'base64');
      expect(await decodeQr(png)).toBe(link);
      expect(stored.fee).toBe(1_500_000);

      // The day after the early bird's last IST day: the batch's own fee.
      api.clock.now = new Date('2026-11-26T18:30:00.000Z');
      const late = await enrol(early._id, { email: `late-${backend}@example.in` });
      expect((late.answer.payment as { amount: number }).amount).toBe(1_650_000);
      api.clock.now = new Date('2026-11-26T05:30:00.000Z');
    },
    PDF_TEST_MS,
  );

  it(
    'records a payment: history, paid, enrolled, audited, a numbered receipt PDF e-mailed to the student',
    async () => {
      const weekend = await batch('Weekend, December');
      const { stored } = await enrol(weekend._id, { email: `receipt-${backend}@example.in` });
      await api.settle();
      // Staff's notification names the batch under the course.
      const notified = mail
        .mails()
        .find((m) => m.to.includes(STAFF) && m.text.includes(`receipt-${backend}@`));
      expect(notified?.text).toContain(
        `Course: ${COURSE_NAME}\nBatch: Weekend, December (12 Dec 2026 – 7 Feb 2027)`,
      );

      // A part payment: recorded, not yet paid in full, still new.
      const part = await pay(stored._id, { amount: 500_000, upiRef: '432198765012', paidOn: '2026-11-25' });
      expect(part.status, JSON.stringify(await body(part.clone()))).toBe(201);
      const partAnswer = await body(part);
      expect(partAnswer.message).toBe(API.paymentRecorded);
      const first = partAnswer.payment as Record<string, unknown>;
      expect(first).toMatchObject({ kind: 'payment', amount: 500_000, upiRef: '432198765012' });
      expect(first.receipt).toMatch(/^RCPT\/2026-27\/\d{4}$/);
      expect(partAnswer.data).toMatchObject({ paid: false, status: 'new' });

      // The rest: paid in full, and enrolled (the batch has seats).
      const rest = await body(
        await pay(stored._id, { amount: 1_350_000, upiRef: '432198765099', paidOn: '2026-11-26' }),
      );
      const second = rest.payment as Record<string, unknown>;
      expect(rest.data).toMatchObject({ paid: true, status: 'enrolled' });
      // Numbered in order within the financial year.
      const n = (receipt: unknown) => Number(String(receipt).slice(-4));
      expect(n(second.receipt)).toBe(n(first.receipt) + 1);
      const item = (await api.repository.get(enroll.key, stored._id)) as Item;
      expect((item.payments as unknown[]).length).toBe(2);
      // The batch's roster says who has paid.
      const roster = await (await api.admin(`${exportPath('enroll')}?batch=${weekend._id}`)).text();
      const [header, row] = roster.replace('\uFEFF', '').trim().split('\r\n');
      expect(header).toContain(',Batch,Paid,Waitlist place');
      expect(row).toContain(`receipt-${backend}@example.in`);
      expect(row).toContain(',"Weekend, December",Yes,');

      const actions = (await readAudit(api.deps, { limit: 10 })).entries.map((entry) => entry.action);
      expect(actions.filter((action) => action === 'payment')).toHaveLength(2);
      expect(actions).toContain('status-change');

      // The receipt of the latest payment, and of the first by its id: same number each time it is asked for.
      const pdf = await api.admin(receiptPath(stored._id));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      for (const part of [
        RECEIPT.number(String(second.receipt)),
        '₹13,500',
        '432198765099',
        COURSE_NAME,
        'Weekend, December',
        RECEIPT.gstin(UPI.gstin),
        String(stored.reference),
        '26 Nov 2026',
      ])
        expect(text, part).toContain(part);
      // The student's Devanagari name prints (its letters in drawing order, no missing-glyph boxes).
      expect(showsDevanagari(text, 'प्रिया वर्मा')).toBe(true);
      expect(showsDevanagari(text, 'अर्जुन')).toBe(false);
      const firstPdf = await pdfText(
        new Uint8Array(await (await api.admin(receiptPath(stored._id, String(first.id)))).arrayBuffer()),
      );
      expect(firstPdf).toContain(RECEIPT.number(String(first.receipt)));
      expect(firstPdf).toContain('₹5,000');

      // Each payment's receipt went to the student, as a PDF attachment.
      await api.settle();
      const toStudent = mail.mails().filter((m) => m.to.includes(`receipt-${backend}@example.in`));
      const subjects = toStudent.map((m) => m.subject);
      expect(subjects.some((subject) => subject.includes(String(second.receipt)))).toBe(true);
      const withSecond = toStudent.find((m) => m.subject.includes(String(second.receipt)));
      expect(withSecond?.attachments[0]?.contentType).toBe('application/pdf');
      expect(await pdfText(withSecond!.attachments[0]!.content)).toContain('₹13,500');
      expect(((await api.repository.get(enroll.key, stored._id)) as Item).outbox).toMatchObject({
        receipt: { state: 'sent' },
      });
    },
    PDF_TEST_MS,
  );

  it(
    'never counts one UPI reference twice, and records a refund no larger than what was paid',
    async () => {
      const evening = await batch('Evenings, January', { startDate: '2027-01-04', endDate: '2027-02-26' });
      const a = (await enrol(evening._id, { email: `a-${backend}@example.in` })).stored;
      const b = (await enrol(evening._id, { email: `b-${backend}@example.in` })).stored;
      expect(
        (await pay(a._id, { amount: 1_850_000, upiRef: 'UTR778899001', paidOn: '2026-11-26' })).status,
      ).toBe(201);

      // The same reference again, on this enrolment or another, in any case: 409, nothing changes.
      for (const [id, upiRef] of [
        [a._id, 'UTR778899001'],
        [b._id, 'utr778899001'],
      ] as const) {
        const again = await pay(id, { amount: 1_850_000, upiRef, paidOn: '2026-11-26' });
        expect(again.status).toBe(409);
        expect((await body(again)).message).toBe(API.paymentDuplicate('UTR778899001'));
      }
      expect(((await api.repository.get(enroll.key, b._id)) as Item).payments).toBeUndefined();

      // Bad input: a clear reason on its field, nothing stored.
      for (const [json, field, reason] of [
        [{ amount: 0, upiRef: 'UTR1234567', paidOn: '2026-11-26' }, 'amount', API.paymentAmountInvalid],
        [{ amount: 12.5, upiRef: 'UTR1234567', paidOn: '2026-11-26' }, 'amount', API.paymentAmountInvalid],
        [{ amount: 100, upiRef: 'no', paidOn: '2026-11-26' }, 'upiRef', API.paymentRefInvalid],
        [{ amount: 100, upiRef: 'UTR1234567', paidOn: '2026-11-27' }, 'paidOn', API.paymentDateInvalid],
        [{ amount: 100, upiRef: 'UTR1234567', paidOn: '26/11/2026' }, 'paidOn', API.paymentDateInvalid],
      ] as const) {
        const refused = await pay(b._id, json);
        expect(refused.status, JSON.stringify(json)).toBe(400);
        expect((await body(refused)).errors?.[field]).toBe(reason);
      }
      expect(((await api.repository.get(enroll.key, b._id)) as Item).payments).toBeUndefined();

      // A refund: more than was paid is refused; part of it is recorded, without a receipt, and the request is no
      // longer paid in full.
      const tooMuch = await pay(a._id, {
        amount: 1_850_001,
        upiRef: 'RFD000111222',
        paidOn: '2026-11-26',
        kind: 'refund',
      });
      expect(tooMuch.status).toBe(400);
      expect((await body(tooMuch)).errors?.amount).toBe(API.refundTooLarge('₹18,500'));
      const refund = await pay(a._id, {
        amount: 850_000,
        upiRef: 'RFD000111222',
        paidOn: '2026-11-26',
        kind: 'refund',
      });
      expect(refund.status).toBe(201);
      const answer = await body(refund);
      expect(answer.message).toBe(API.refundRecorded);
      expect(answer.payment).toMatchObject({ kind: 'refund', amount: 850_000 });
      expect((answer.payment as Item).receipt).toBeUndefined();
      expect(answer.data).toMatchObject({ paid: false });

      // An enrolment without a payment has no receipt; an unknown one is 404.
      expect((await api.admin(receiptPath(b._id))).status).toBe(404);
      expect(
        (
          await api.admin(paymentPath('nope'), {
            method: 'POST',
            json: { amount: 100, upiRef: 'UTR9999999', paidOn: '2026-11-26' },
          })
        ).status,
      ).toBe(404);
      // Staff only.
      expect((await api.call(receiptPath(a._id))).status).toBe(401);
    },
    PDF_TEST_MS,
  );

  it(
    'numbers past the receipts the store already holds (a restored backup brings no counter)',
    async () => {
      // As a restore leaves it: an enrolment holding receipt 0090 of this year, and a counter that knows nothing.
      await api.repository.create(enroll.key, {
        name: 'Restored Student',
        email: `restored-${backend}@example.in`,
        phone: '9876543210',
        course: COURSE_NAME,
        message: '',
        status: 'enrolled',
        reference: 'DS-REST-ORED',
        payments: [
          {
            id: 'restored-1',
            kind: 'payment',
            amount: 100_000,
            upiRef: 'UTR000RESTORED',
            paidOn: '2026-10-01T18:30:00.000Z',
            recordedAt: '2026-10-02T05:30:00.000Z',
            recordedBy: 'Owner',
            receipt: 'RCPT/2026-27/0090',
          },
        ],
      });
      const next = await batch('Weekend, March', { startDate: '2027-03-06', endDate: '2027-04-25' });
      const { stored } = await enrol(next._id, { email: `after-restore-${backend}@example.in` });
      const answer = await body(
        await pay(stored._id, { amount: 100_000, upiRef: 'UTR000AFTER', paidOn: '2026-11-26' }),
      );
      expect((answer.payment as Item).receipt).toBe('RCPT/2026-27/0091');
    },
    PDF_TEST_MS,
  );

  it(
    'retries a receipt the mail server refused, from when it was queued, even for an old enrolment',
    async () => {
      const later = await batch('Weekend, February', { startDate: '2027-02-06', endDate: '2027-03-28' });
      const { stored } = await enrol(later._id, { email: `retry-${backend}@example.in` });
      await api.settle();
      // Three days later the student pays; the mail server refuses the first try.
      api.clock.advance(3 * 86_400_000);
      mail.refuseNext(1);
      expect(
        (await pay(stored._id, { amount: 1_850_000, upiRef: 'UTR555666777', paidOn: '2026-11-29' })).status,
      ).toBe(201);
      await api.settle();
      const pending = ((await api.repository.get(enroll.key, stored._id)) as Item).outbox as Record<
        string,
        Item
      >;
      expect(pending.receipt).toMatchObject({ state: 'pending', attempts: 1 });
      api.clock.advance(5 * 60_000);
      const run = await retryOutbox(api.deps);
      expect(run.sent).toBeGreaterThanOrEqual(1);
      const sent = ((await api.repository.get(enroll.key, stored._id)) as Item).outbox as Record<
        string,
        Item
      >;
      expect(sent.receipt).toMatchObject({ state: 'sent', attempts: 2 });
      expect(
        mail.mails().some((m) => m.to.includes(`retry-${backend}@example.in`) && m.attachments.length === 1),
      ).toBe(true);
      api.clock.now = new Date('2026-11-26T05:30:00.000Z');
    },
    PDF_TEST_MS,
  );
});
