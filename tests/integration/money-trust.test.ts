/**
 * The money path's trust signals (docs/decisions.md §62), through the real API on both stores with a real SMTP
 * server: a batch enrolment names its catalogue course by one name on the form's submission, the stored request,
 * staff's e-mail, the receipt and the certificate; the receipt's GST words follow the one GSTIN setting as the
 * course pages' do; a payment dated before its batch's course existed is refused, one in a closed financial year
 * (`RCPT/1899-00/0001`) needs an owner and a reason; the enrolment CSV gives batch, reference, fee, paid and
 * balance; a privacy erasure and the retention purge keep a paid enrolment's tax record without the person's
 * details (through backup and restore, in the person's export beforehand), until its 8 years are over.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFamilies, exportPath, requestFamilies } from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { CSV_HEADERS, RECEIPT } from '../../src/lib/staff-messages.ts';
import { readAudit } from '../../src/server/audit/audit-log.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiry-paths.ts';
import { DATA_RIGHTS } from '../../src/lib/staff-messages.ts';
import { purgeExpiredRequests } from '../../src/server/enquiries/privacy.ts';
import { createImageStore } from '../../src/server/images/image-store.ts';
import { backupBuffer, collectBackup } from '../../src/server/migration/backup.ts';
import { restoreBackup } from '../../scripts/migration/restore.ts';
import { VERIFY_API_PATH } from '../../src/server/certificates/lookup.ts';
import { paymentPath, receiptPath } from '../../src/server/handlers/enroll-payment-handler.ts';
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
import { pdfText } from '../support/pdf.ts';
import { body, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const { certificate } = contentFamilies;
const enroll = requestFamilies.enroll;

const STAFF = 'staff@delta.example';
const GSTIN = '27AAPFU0939F1ZV';
/** The catalogue course's one name, and the other Courses name it is listed under. */
const TITLE = 'Ethical Hacking';
const LISTED = 'Certified Ethical Hacking Foundations';
const signingKey = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
const PDF_TEST_MS = 90_000;

describe.each(STORE_BACKENDS)('the money path on %s', (backend) => {
  let api: Api;
  let mail: MailCatcher;
  let stop: () => Promise<void> = async () => {};
  let nextIp = 1;
  const freshIp = () => `198.51.100.${nextIp++}`;
  let course: Item;
  let plainCourse: Item;

  const batchOf = (of: Item, name: string) => addBatch(api, of, name);
  const enrol = async (json: Record<string, unknown>) => {
    const response = await api.call(enroll.path, {
      method: 'POST',
      ip: freshIp(),
      json: { name: 'Asha Rao', phone: '9876543210', message: '', ...json },
    });
    const stored = (await api.repository.list(enroll.key)).find((item) => item.email === json.email);
    return { response, stored: stored as Item };
  };
  const pay = (id: string, json: Record<string, unknown>) =>
    api.admin(paymentPath(id), { method: 'POST', json });
  const settings = (fields: Record<string, unknown>) => saveSiteSettings(api, fields);
  const receiptText = async (id: string) => {
    const pdf = await api.admin(receiptPath(id));
    expect(pdf.status).toBe(200);
    return pdfText(new Uint8Array(await pdf.arrayBuffer()));
  };

  beforeAll(async () => {
    mail = await startMailCatcher();
    ({ api, stop } = await startApiOn(backend, 'money-trust', {
      env: { CERT_SIGNING_KEY: signingKey, ...mailingEnv(mail.url, STAFF, STAFF) },
    }));
    // 26 November 2026, 11 am IST.
    api.clock.now = new Date('2026-11-26T05:30:00.000Z');
    await addEnrolNames(api, LISTED, 'Web Application Security');
    const trainer = await addTrainer(api);
    const catalogueCourse = (title: string, fields: Record<string, unknown>) =>
      addCourse(api, trainer, title, {
        syllabus: [{ title: 'Reconnaissance', topics: ['OSINT'] }],
        refundPolicy: 'Full refund up to 7 days before the start.',
        ...fields,
      });
    course = await catalogueCourse(TITLE, { enrollName: LISTED, gstIncluded: true });
    plainCourse = await catalogueCourse('Web Application Security', { gstIncluded: false });
    // The courses were made on the test's day, 26 Nov 2026 (IST).
    for (const item of [course, plainCourse]) await backdateCourse(api, item, '2026-11-26T03:00:00.000Z');
  });
  afterAll(async () => {
    await stop();
    await mail?.stop();
  });

  it(
    'names a batch’s course by its title on the request, staff’s e-mail, the receipt and the certificate',
    async () => {
      const weekend = await batchOf(course, 'EH weekend');
      // The form as /enroll now sends it (the course page's name), and a page built before (the listed name).
      const email = `asha-${backend}@example.in`;
      const { response, stored } = await enrol({ email, course: TITLE, batch: weekend._id });
      expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
      expect(stored.course).toBe(TITLE);
      const older = await enrol({ email: `old-${backend}@example.in`, course: LISTED, batch: weekend._id });
      expect(older.response.status).toBe(201);
      expect(older.stored.course).toBe(TITLE);
      // Another course's name with this batch is still refused.
      const other = await enrol({
        email: `other-${backend}@example.in`,
        course: 'Web Application Security',
        batch: weekend._id,
      });
      expect(other.response.status).toBe(400);

      await api.settle();
      const notified = mail.mails().find((m) => m.to.includes(STAFF) && m.text.includes(email));
      expect(notified?.text).toContain(`Course: ${TITLE}\n`);
      expect(notified?.text).not.toContain(LISTED);

      const paid = await pay(stored._id, {
        amount: 1_850_000,
        upiRef: `UTR${backend}4001`,
        paidOn: '2026-11-26',
      });
      expect(paid.status, JSON.stringify(await body(paid.clone()))).toBe(201);
      const receipt = await receiptText(stored._id);
      expect(receipt).toContain(TITLE);
      expect(receipt).not.toContain(LISTED);

      const issued = await api.admin(`${certificate.path}/batch/${weekend._id}`, {
        method: 'POST',
        // The batch is still running: an owner issues early with a reason (decisions §63).
        json: {
          enrollIds: [stored._id],
          issuedOn: '2026-11-26',
          earlyIssueReason: 'Finished the syllabus early',
        },
      });
      expect(issued.status, JSON.stringify(await body(issued.clone()))).toBe(200);
      const [made] = ((await body(issued)).data as { issued: { number: string }[] }).issued;
      const verified = await api.call(`${VERIFY_API_PATH}/${made!.number}`, { ip: freshIp() });
      expect(((await body(verified)).data as { course: string }).course).toBe(TITLE);
    },
    PDF_TEST_MS,
  );

  it(
    'words GST on the receipt from the GSTIN setting and the course, as the course pages do',
    async () => {
      const included = await batchOf(course, 'EH GST');
      const extra = await batchOf(plainCourse, 'WAS GST');
      const a = await enrol({ email: `gst-a-${backend}@example.in`, course: TITLE, batch: included._id });
      const b = await enrol({
        email: `gst-b-${backend}@example.in`,
        course: 'Web Application Security',
        batch: extra._id,
      });
      for (const [n, item] of [a.stored, b.stored].entries())
        expect(
          (await pay(item._id, { amount: 100_000, upiRef: `GST${backend}${n}0001`, paidOn: '2026-11-26' }))
            .status,
        ).toBe(201);

      // Not registered (no GSTIN): the receipt says so, whatever the course's "Fee includes GST".
      expect((await settings({ gstin: '' })).status).toBe(200);
      for (const item of [a.stored, b.stored]) {
        const text = await receiptText(item._id);
        expect(text).toContain(RECEIPT.noGstNote);
        expect(text).not.toContain('GSTIN');
      }
      // Registered: the GSTIN, and each course's own words.
      expect((await settings({ gstin: GSTIN })).status).toBe(200);
      const withIncluded = await receiptText(a.stored._id);
      expect(withIncluded).toContain(RECEIPT.gstin(GSTIN));
      expect(withIncluded).toContain(RECEIPT.gstIncludedNote);
      expect(await receiptText(b.stored._id)).toContain(RECEIPT.gstExtraNote);
    },
    PDF_TEST_MS,
  );

  it('refuses a payment dated before its course existed; a closed financial year needs an owner and a reason', async () => {
    const evening = await batchOf(course, 'EH dates');
    const { stored } = await enrol({
      email: `dates-${backend}@example.in`,
      course: TITLE,
      batch: evening._id,
    });
    // The course was made on 26 Nov 2026 (IST): the day before is no day this course was paid for, even for an owner.
    const early = await pay(stored._id, {
      amount: 100_000,
      upiRef: `EARLY${backend}01`,
      paidOn: '2026-11-25',
      reason: 'Paid at the counter',
    });
    expect(early.status).toBe(400);
    expect((await body(early)).errors).toEqual({ paidOn: API.paymentBeforeCourse('26 Nov 2026') });

    // An enrolment without a batch: the financial years before 2025-26 are closed.
    const plain = await enrol({ email: `plain-${backend}@example.in`, course: 'Web Application Security' });
    expect(plain.response.status).toBe(201);
    await api.account({ userId: `editor-${backend}`, role: 'editor' });
    const editor = api.session(`editor-${backend}`);
    const far = { amount: 100_000, upiRef: `FAR${backend}0001`, paidOn: '1899-04-01' };
    const byEditor = await api.call(paymentPath(plain.stored._id), {
      method: 'POST',
      json: { ...far, reason: 'Old ledger' },
      session: editor,
    });
    expect(byEditor.status).toBe(400);
    expect((await body(byEditor)).errors).toEqual({ paidOn: API.paymentBackdatedOwner('2025-26') });
    const noReason = await pay(plain.stored._id, far);
    expect(noReason.status).toBe(400);
    expect((await body(noReason)).errors).toEqual({ reason: API.paymentReasonRequired });
    // Nothing was written by any refusal.
    expect((await api.repository.get(enroll.key, stored._id))?.payments).toBeUndefined();
    expect((await api.repository.get(enroll.key, plain.stored._id))?.payments).toBeUndefined();
    // The previous financial year is still open to any staff member.
    const lastYear = await api.call(paymentPath(plain.stored._id), {
      method: 'POST',
      json: { amount: 50_000, upiRef: `LASTYR${backend}1`, paidOn: '2025-04-01' },
      session: editor,
    });
    expect(lastYear.status, JSON.stringify(await body(lastYear.clone()))).toBe(201);
    // An owner with a reason: kept on the payment and in the audit log.
    const owned = await pay(plain.stored._id, { ...far, reason: 'Ledger of the old office, typed in' });
    expect(owned.status).toBe(201);
    expect((await body(owned)).payment).toMatchObject({
      reason: 'Ledger of the old office, typed in',
      receipt: expect.stringMatching(/^RCPT\/1899-00\//),
    });
    const audit = (await readAudit(api.deps, { limit: 5 })).entries.find(
      (entry) => entry.action === 'payment',
    );
    expect(audit?.detail?.to).toContain('Ledger of the old office, typed in');
  });

  it('gives each enrolment’s batch, reference, fee, paid and balance in the CSV', async () => {
    const csvBatch = await batchOf(course, 'EH CSV batch');
    const { stored } = await enrol({
      email: `csv-${backend}@example.in`,
      course: TITLE,
      batch: csvBatch._id,
    });
    expect(
      (await pay(stored._id, { amount: 500_000, upiRef: `CSV${backend}00001`, paidOn: '2026-11-26' })).status,
    ).toBe(201);
    const csv = (await (await api.admin(exportPath('enroll'))).text())
      .replace('\uFEFF', '')
      .trim()
      .split('\r\n');
    const header = csv[0]!.split(',');
    expect(header.slice(-5)).toEqual([
      CSV_HEADERS.batch,
      CSV_HEADERS.reference,
      CSV_HEADERS.fee,
      CSV_HEADERS.amountPaid,
      CSV_HEADERS.balance,
    ]);
    const row = csv.find((line) => line.includes(`csv-${backend}@example.in`));
    expect(row).toContain(`,EH CSV batch,${String(stored.reference)},"₹18,500","₹5,000","₹13,500"`);
  });

  it(
    'keeps a paid enrolment’s tax record through an erasure, without the person, in backups, until 8 years pass',
    async () => {
      const taxBatch = await batchOf(course, 'EH tax');
      const email = `erase-${backend}@example.in`;
      const paidOne = await enrol({ email, name: 'Kavya Menon', course: TITLE, batch: taxBatch._id });
      const paid = await pay(paidOne.stored._id, {
        amount: 700_000,
        upiRef: `TAX${backend}00001`,
        paidOn: '2026-11-26',
      });
      expect(paid.status).toBe(201);
      const receipt = String(((await body(paid)).payment as { receipt: string }).receipt);
      // A second, unpaid enrolment of theirs goes entirely.
      await api.call(enroll.path, {
        method: 'POST',
        ip: freshIp(),
        json: {
          name: 'Kavya Menon',
          email,
          phone: '9876543210',
          message: 'Call me',
          course: 'Web Application Security',
        },
      });
      await api.settle();
      // Staff's follow-up puts the person's details into the request's history too.
      await api.admin(`${enroll.path}/${paidOne.stored._id}`, {
        method: 'PATCH',
        json: { note: 'Kavya paid' },
      });

      // Their export says what an erasure would keep.
      const exported = (await body(await api.admin(`${ENQUIRY_PATHS.privacyExport}?email=${email}`)))
        .data as {
        taxRecords: Item[];
      };
      expect(exported.taxRecords).toHaveLength(1);
      expect(exported.taxRecords[0]).toMatchObject({ _id: paidOne.stored._id, name: '', email: '' });

      const erased = await api.admin(ENQUIRY_PATHS.privacyErase, { method: 'POST', json: { email } });
      expect(erased.status).toBe(200);
      const answer = await body(erased);
      expect(answer.data).toMatchObject({ enroll: 2, taxRecords: 1 });
      expect(answer.message).toContain(DATA_RIGHTS.taxRecordsKept(1));

      const kept = (await api.repository.get(enroll.key, paidOne.stored._id)) as Item;
      expect(kept).toMatchObject({
        name: '',
        email: '',
        phone: '',
        course: TITLE,
        batch: taxBatch._id,
        fee: 1_850_000,
        reference: paidOne.stored.reference,
        // 8 years after the financial year 2026-27 ends: 1 April 2035, IST midnight.
        taxRecord: { keepUntil: '2035-03-31T18:30:00.000Z' },
      });
      expect(kept.payments).toEqual([
        expect.objectContaining({ amount: 700_000, upiRef: `TAX${backend.toUpperCase()}00001`, receipt }),
      ]);
      const everything = JSON.stringify([kept, await api.repository.revisions(enroll.key, kept._id)]);
      for (const personal of ['Kavya', email, '9876543210', 'Call me'])
        expect(everything).not.toContain(personal);
      expect((await api.repository.list(enroll.key)).filter((item) => item.email === email)).toEqual([]);
      // The receipt still reads back, with its number and amount, and no name.
      const text = await receiptText(kept._id);
      expect(text).toContain(RECEIPT.number(receipt));
      expect(text).toContain('₹7,000');
      expect(text).not.toContain('Kavya');

      // A backup carries it and a restore brings it back.
      const images = createImageStore(api.blobs.getStore(`money-images-${backend}`));
      const archive = await backupBuffer(await collectBackup(api.repository, images, api.clock.now));
      await api.repository.delete(enroll.key, kept._id);
      await restoreBackup(archive, { repository: api.repository, images });
      expect(await api.repository.get(enroll.key, kept._id)).toMatchObject({ taxRecord: kept.taxRecord });

      // The retention purge leaves it while its 8 years run, and deletes it after.
      const retention = { ...api.deps, now: () => new Date('2035-03-31T18:00:00.000Z') };
      await purgeExpiredRequests(retention);
      expect(await api.repository.get(enroll.key, kept._id)).not.toBeNull();
      await purgeExpiredRequests({ ...api.deps, now: () => new Date('2035-04-01T00:00:00.000Z') });
      expect(await api.repository.get(enroll.key, kept._id)).toBeNull();
    },
    PDF_TEST_MS,
  );

  it('makes the retention purge keep a paid enrolment’s tax record rather than delete it', async () => {
    const oldBatch = await batchOf(course, 'EH retention');
    const { stored } = await enrol({
      email: `old-paid-${backend}@example.in`,
      course: TITLE,
      batch: oldBatch._id,
    });
    expect(
      (await pay(stored._id, { amount: 100_000, upiRef: `RET${backend}00001`, paidOn: '2026-11-26' })).status,
    ).toBe(201);
    // Three years on: past the requests' retention, well inside the tax record's.
    const later = { ...api.deps, now: () => new Date('2029-12-01T00:00:00.000Z') };
    const purged = await purgeExpiredRequests(later);
    expect(purged.taxRecords).toBeGreaterThanOrEqual(1);
    expect(await api.repository.get(enroll.key, stored._id)).toMatchObject({
      email: '',
      payments: [expect.objectContaining({ upiRef: `RET${backend.toUpperCase()}00001` })],
      taxRecord: { keepUntil: '2035-03-31T18:30:00.000Z' },
    });
  });

  // Last: the trash purge moves the test clock past the trash's retention.
  it('keeps the tax record of a paid enrolment in the trash, erased or purged with the trash', async () => {
    const trashBatch = await batchOf(course, 'EH trash');
    const paidAndTrashed = async (email: string, upiRef: string) => {
      const { stored } = await enrol({ email, course: TITLE, batch: trashBatch._id });
      expect((await pay(stored._id, { amount: 100_000, upiRef, paidOn: '2026-11-26' })).status).toBe(201);
      expect((await api.admin(`${enroll.path}/${stored._id}`, { method: 'DELETE' })).status).toBe(200);
      return stored;
    };
    const erasedOne = await paidAndTrashed(`trash-erase-${backend}@example.in`, `TRE${backend}00001`);
    const purgedOne = await paidAndTrashed(`trash-purge-${backend}@example.in`, `TRP${backend}00001`);

    const erased = await api.admin(ENQUIRY_PATHS.privacyErase, {
      method: 'POST',
      json: { email: `trash-erase-${backend}@example.in` },
    });
    expect((await body(erased)).data).toMatchObject({ enroll: 1, taxRecords: 1 });
    expect(await api.repository.get(enroll.key, erasedOne._id)).toMatchObject({ email: '', taxRecord: {} });

    await api.purgeExpiredTrash();
    expect(await api.repository.get(enroll.key, purgedOne._id)).toMatchObject({
      name: '',
      email: '',
      payments: [expect.objectContaining({ upiRef: `TRP${backend.toUpperCase()}00001` })],
      taxRecord: {},
    });
    expect((await api.repository.listTrash()).some((entry) => entry.item._id === purgedOne._id)).toBe(false);
  });
});
