/**
 * Issue 23, the parts after the core (certificates.test.ts): the certificate PDF (staff and the public download),
 * issuing for a batch from its roster, the CSV import of old certificates, the certificate e-mail through the
 * outbox, and testimonials from verified learners.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFamilies } from '../../src/lib/collections.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { CERTIFICATE_PDF, TESTIMONIAL_PAGE } from '../../src/lib/messages.ts';
import { API } from '../../src/lib/api-messages.ts';
import { CERTIFICATE_MAIL } from '../../src/lib/staff-messages.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/local/mail-catcher.ts';
import { pdfQrCodes, pdfText } from '../support/pdf.ts';
import { body, freshAddresses, ORIGIN, startApi, type Api } from './api-harness.ts';

const family = contentFamilies.certificate;
const signingKey = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
type Item = Record<string, unknown> & { _id: string };

let api: Api;
let mail: MailCatcher;
const STAFF = 'staff@delta.example';
const address = freshAddresses('198.61');
beforeAll(async () => {
  mail = await startMailCatcher();
  api = await startApi({
    env: {
      CERT_SIGNING_KEY: signingKey,
      SMTP_URL: mail.url,
      NOTIFY_EMAIL_TO: STAFF,
      NOTIFY_EMAIL_FROM: STAFF,
    },
  });
});
afterAll(async () => {
  await api.stop();
  await mail.stop();
});
const mailsTo = (to: string) => mail.mails().filter((m) => m.to.includes(to));

async function issue(json: Record<string, unknown>): Promise<Item> {
  const response = await api.admin(family.path, { method: 'POST', json });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}

async function published(collection: string, fields: Record<string, unknown>): Promise<Item> {
  return (await api.repository.create(collection, { ...fields, status: 'published' })) as Item;
}

describe('the certificate PDF', () => {
  it('prints the holder in Devanagari, the course, batch dates, number, IST date and a QR code to its page', async () => {
    const course = await published('course', { title: 'Web Application Security', slug: 'web-app-sec' });
    const batch = await published('batch', {
      name: 'WAS-Jan',
      course: course._id,
      startDate: '2026-01-05T00:00:00.000Z',
      endDate: '2026-02-27T00:00:00.000Z',
    });
    // 20:00 UTC on 14 March is 15 March in IST: the PDF shows the Indian date.
    const item = await issue({
      holderName: 'प्रिया वर्मा',
      course: course._id,
      batch: batch._id,
      issuedOn: '2026-03-14T20:00:00.000Z',
    });
    const number = String(item.number);
    const staff = await api.admin(`${family.path}/${item._id}/pdf`);
    expect(staff.status).toBe(200);
    expect(staff.headers.get('Content-Type')).toBe('application/pdf');
    expect(staff.headers.get('Content-Disposition')).toContain(`certificate-${number}.pdf`);
    const bytes = new Uint8Array(await staff.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('/Encrypt');

    const text = await pdfText(bytes);
    for (const letter of ['प', 'र', 'ि', 'य', 'ा', 'व', 'म', '्']) expect(text).toContain(letter);
    expect(text).not.toContain('\uFFFD');
    expect(text).toContain('DeltaSecure');
    expect(text).toContain(CERTIFICATE_PDF.title);
    expect(text).toContain('Web Application Security');
    expect(text).toContain('Batch WAS-Jan, 5 Jan 2026 to 27 Feb 2026');
    expect(text).toContain(CERTIFICATE_PDF.number(number));
    expect(text).toContain(CERTIFICATE_PDF.issuedOn('15 Mar 2026'));
    expect(text).toContain('To verify this certificate');
    expect(await pdfQrCodes(bytes)).toEqual([`${ORIGIN}/verify/${number}`]);

    // Staff only; the public copy comes from the verification page.
    expect((await api.call(`${family.path}/${item._id}/pdf`)).status).toBe(401);
    const page = await (await api.call(`/verify/${number}`, { ip: address() })).text();
    expect(page).toContain(`href="/verify/${number}/certificate.pdf"`);
    const download = await api.call(`/verify/${number}/certificate.pdf`, { ip: address() });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(await pdfQrCodes(new Uint8Array(await download.arrayBuffer()))).toEqual([
      `${ORIGIN}/verify/${number}`,
    ]);
  });

  it('never gives the public a clean PDF of a revoked certificate; staff get one marked revoked', async () => {
    const item = await issue({
      holderName: 'Kiran Shah',
      courseName: 'Cloud Security',
      issuedOn: '2026-02-01',
    });
    const number = String(item.number);
    const revoked = await api.admin(`${family.path}/${item._id}/revoke`, {
      method: 'POST',
      json: { reason: 'Issued in error' },
    });
    expect(revoked.status).toBe(200);
    const download = await api.call(`/verify/${number}/certificate.pdf`, { ip: address() });
    expect(download.status).toBe(303);
    expect(download.headers.get('Location')).toBe(`/verify/${number}`);
    const page = await (await api.call(`/verify/${number}`, { ip: address() })).text();
    expect(page).not.toContain('certificate.pdf');

    const staff = await api.admin(`${family.path}/${item._id}/pdf`);
    const text = await pdfText(new Uint8Array(await staff.arrayBuffer()));
    expect(text).toContain('REVOKED on');
    expect(text).toContain('Issued in error');
    expect((await api.call('/verify/DLT-2026-ZZZZ-ZZZZ/certificate.pdf', { ip: address() })).status).toBe(
      404,
    );
  });
});

describe('issuing for a batch from its roster', () => {
  it('lists the enrolled students, issues to the ticked ones with an e-mail each, and never twice', async () => {
    const course = await published('course', { title: 'Cloud Security Essentials', slug: 'cloud-sec' });
    const batch = await published('batch', {
      name: 'CSE-Mar',
      course: course._id,
      startDate: '2026-03-02T00:00:00.000Z',
      endDate: '2026-04-10T00:00:00.000Z',
    });
    const other = await published('batch', { name: 'CSE-Apr', course: course._id });
    const enrol = (name: string, email: string, status: string, batchId = batch._id) =>
      api.repository.create('enroll', {
        name,
        email,
        phone: '9876543210',
        course: 'Cloud Security Essentials',
        batch: batchId,
        status,
      });
    const asha = await enrol('Asha Rao', 'asha.batch@example.in', 'enrolled');
    const ravi = await enrol('रवि कुमार', 'ravi.batch@example.in', 'enrolled');
    const meena = await enrol('Meena Iyer', 'meena.batch@example.in', 'enrolled');
    await enrol('Not Yet', 'new.batch@example.in', 'new');
    const elsewhere = await enrol('Other Batch', 'other.batch@example.in', 'enrolled', other._id);

    const roster = await api.admin(`${family.path}/batch/${batch._id}/candidates`);
    expect(roster.status).toBe(200);
    const { candidates } = (await body(roster)).data as {
      candidates: { enrollId: string; certificate: unknown }[];
    };
    expect(candidates.map((c) => c.enrollId).sort()).toEqual([asha._id, ravi._id, meena._id].sort());
    expect(candidates.every((c) => c.certificate === null)).toBe(true);
    expect((await api.call(`${family.path}/batch/${batch._id}/candidates`)).status).toBe(401);

    // Someone not on this batch's roster: refused, nothing issued.
    const wrong = await api.admin(`${family.path}/batch/${batch._id}`, {
      method: 'POST',
      json: { enrollIds: [asha._id, elsewhere._id] },
    });
    expect(wrong.status).toBe(400);
    expect((await body(wrong)).message).toBe(API.certificateBatchNotEnrolled);
    const none = await api.admin(`${family.path}/batch/${batch._id}`, {
      method: 'POST',
      json: { enrollIds: [] },
    });
    expect(none.status).toBe(400);
    const countBefore = await api.repository.count(family.key);

    const first = await api.admin(`${family.path}/batch/${batch._id}`, {
      method: 'POST',
      json: { enrollIds: [asha._id, ravi._id], issuedOn: '2026-04-11' },
    });
    expect(first.status, JSON.stringify(await body(first.clone()))).toBe(200);
    const firstBody = await body(first);
    expect(firstBody.message).toBe(API.certificateBatchIssued(2, 0));
    const issued = (firstBody.data as { issued: { enrollId: string; _id: string; number: string }[] }).issued;
    expect(issued).toHaveLength(2);
    expect(await api.repository.count(family.key)).toBe(countBefore + 2);
    const stored = await api.repository.get(family.key, issued.find((i) => i.enrollId === ravi._id)!._id);
    expect(stored).toMatchObject({
      holderName: 'रवि कुमार',
      holderEmail: 'ravi.batch@example.in',
      course: course._id,
      batch: batch._id,
      enrollId: ravi._id,
    });

    // Again, with all three ticked: only Meena is new.
    const second = await api.admin(`${family.path}/batch/${batch._id}`, {
      method: 'POST',
      json: { enrollIds: [asha._id, ravi._id, meena._id] },
    });
    expect((await body(second)).message).toBe(API.certificateBatchIssued(1, 2));
    expect(await api.repository.count(family.key)).toBe(countBefore + 3);
    const after = (await body(await api.admin(`${family.path}/batch/${batch._id}/candidates`))).data as {
      candidates: { certificate: { number: string } | null }[];
    };
    expect(after.candidates.every((c) => c.certificate !== null)).toBe(true);

    // Each issue is in the audit log.
    const log = JSON.stringify((await body(await api.admin('/api/v1/audit'))).data);
    for (const { _id } of issued) expect(log).toContain(`"id":"${_id}"`);

    // Each holder's e-mail, through the outbox: the verification link and the PDF.
    await api.settle();
    const [ravisMail, ...more] = mailsTo('ravi.batch@example.in');
    expect(more).toEqual([]);
    const raviNumber = issued.find((i) => i.enrollId === ravi._id)!.number;
    expect(ravisMail?.subject).toBe(CERTIFICATE_MAIL.subject('Cloud Security Essentials'));
    expect(ravisMail?.text).toContain(`${ORIGIN}/verify/${raviNumber}`);
    expect(ravisMail?.text).toMatch(new RegExp(`${ORIGIN}/testimonial/[A-Za-z0-9_.-]+`));
    const [attached] = ravisMail?.attachments ?? [];
    expect(attached?.contentType).toBe('application/pdf');
    expect(await pdfQrCodes(attached!.content)).toEqual([`${ORIGIN}/verify/${raviNumber}`]);
    expect((await api.repository.get(family.key, stored!._id))?.mail).toMatchObject({
      state: 'sent',
      attempts: 1,
    });
    expect(mailsTo('meena.batch@example.in')).toHaveLength(1);
  });

  it('retries a refused e-mail from the scheduled run and sends it once', async () => {
    mail.refuseNext(1);
    const item = await issue({
      holderName: 'Retry Person',
      holderEmail: 'retry@example.in',
      courseName: 'Forensics',
      issuedOn: '2026-05-01',
    });
    await api.settle();
    expect(mailsTo('retry@example.in')).toHaveLength(0);
    expect((await api.repository.get(family.key, item._id))?.mail).toMatchObject({
      state: 'pending',
      attempts: 1,
    });
    api.clock.advance(2 * 60_000);
    const { runScheduledEnquiries } = await import('../../src/server/enquiries/scheduled.ts');
    await runScheduledEnquiries(api.deps);
    await runScheduledEnquiries(api.deps);
    expect(mailsTo('retry@example.in')).toHaveLength(1);
    expect((await api.repository.get(family.key, item._id))?.mail).toMatchObject({
      state: 'sent',
      attempts: 2,
    });
  });
});

describe('CSV import of old certificates', () => {
  const importCsv = (csv: string, dryRun: boolean) =>
    api.admin(`${family.path}/import${dryRun ? '?dryRun=1' : ''}`, {
      method: 'POST',
      body: csv,
      headers: { 'Content-Type': 'text/csv' },
    });

  it('checks every row in a dry run, names each bad row, and imports all or nothing', async () => {
    await published('course', { title: 'Ethical Hacking Pro', slug: 'ehp' });
    const good = [
      'number,holderName,holderEmail,course,courseName,issuedOn,grade',
      'OLD-2019-0001,Sunita Patil,sunita@example.in,Ethical Hacking Pro,,2019-06-30,A',
      '"OLD-2019-0002","Das, Arjun",,,"Network Defence, Level 1",2019-07-15,',
      'OLD-2019-0003,प्रिया वर्मा,,,CEH v9,2019-08-01,B+',
    ];
    const before = await api.repository.count(family.key);
    const bad = [
      ...good,
      'OLD-2019-0001,Twice,,,X,2019-09-01,',
      ',No Number,,,X,2019-09-01,',
      'OLD-9,Bad Date,,,X,31/02/2019,',
      'OLD-10,No Course,,Unknown Course,,2019-09-01,',
    ];
    const refused = await importCsv(bad.join('\r\n'), true);
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as {
      message: string;
      rowErrors: { row: number; field: string; message: string }[];
    };
    expect(answer.message).toBe(API.certificateImportInvalid(4));
    expect((answer as unknown as { errors: Record<string, string> }).errors['6.number']).toBe(
      API.certificateImportNumberRequired,
    );
    expect(answer.rowErrors).toEqual([
      { row: 5, field: 'number', message: API.certificateImportNumberTwice(2) },
      { row: 6, field: 'number', message: API.certificateImportNumberRequired },
      expect.objectContaining({ row: 7, field: 'issuedOn' }),
      { row: 8, field: 'course', message: API.certificateImportCourseUnknown('Unknown Course') },
    ]);
    // The same file for real: refused the same way, nothing written.
    expect((await importCsv(bad.join('\n'), false)).status).toBe(400);
    expect(await api.repository.count(family.key)).toBe(before);

    // The admin's file picker sends the file in a form.
    const form = new FormData();
    form.set('file', new File([`${good.join('\n')}\n`], 'old.csv', { type: 'text/csv' }));
    const dry = await api.admin(`${family.path}/import?dryRun=1`, { method: 'POST', form });
    expect(dry.status).toBe(200);
    const dryBody = await body(dry);
    expect(dryBody.message).toBe(API.certificateImportChecked(3));
    expect((dryBody.data as { rows: { holderName: string }[] }).rows.map((r) => r.holderName)).toEqual([
      'Sunita Patil',
      'Das, Arjun',
      'प्रिया वर्मा',
    ]);
    expect(await api.repository.count(family.key)).toBe(before);

    const sentBefore = mail.mails().length;
    const done = await importCsv(good.join('\n'), false);
    expect(done.status).toBe(201);
    const doneBody = await body(done);
    expect(doneBody.message).toBe(API.certificateImported(3));
    const importedIds = (doneBody.data as { imported: { _id: string }[] }).imported.map((i) => i._id);
    expect(await api.repository.count(family.key)).toBe(before + 3);
    const verified = await body(
      await api.call('/api/v1/certificate/verify/old-2019-0002', { ip: address() }),
    );
    expect(verified.data).toMatchObject({
      number: 'OLD-2019-0002',
      holderName: 'Das, Arjun',
      course: 'Network Defence, Level 1',
      status: 'valid',
    });
    const linked = await body(await api.call('/api/v1/certificate/verify/OLD-2019-0001', { ip: address() }));
    expect(linked.data).toMatchObject({ course: 'Ethical Hacking Pro' });
    // Old certificates are not mailed out.
    await api.settle();
    expect(mail.mails().length).toBe(sentBefore);
    const log = JSON.stringify((await body(await api.admin('/api/v1/audit'))).data);
    for (const id of importedIds) expect(log).toContain(`"id":"${id}"`);

    // Importing the same file again: every number is taken now.
    const again = await importCsv(good.join('\n'), true);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { rowErrors: unknown[] }).rowErrors).toHaveLength(3);
  });

  it('refuses a file that is not CSV or lacks the columns, with a clear reason', async () => {
    const json = await api.admin(`${family.path}/import?dryRun=1`, { method: 'POST', json: { csv: 'x' } });
    expect(json.status).toBe(415);
    expect((await body(json)).message).toBe(API.certificateImportNotCsv);
    const columns = await importCsv('name,date\nA,2019-01-01', true);
    expect(columns.status).toBe(400);
    expect((await body(columns)).message).toBe(
      API.certificateImportColumns('number, holderName, issuedOn, courseName', 'name, date'),
    );
    const quote = await importCsv('number,holderName,courseName,issuedOn\n"OLD-1,A,B,2019-01-01', true);
    expect((await body(quote)).message).toBe(API.certificateImportBadCsv(2));
  });
});

describe('testimonials from verified learners', () => {
  const testimonials = contentFamilies.learnerTestimonial;
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  async function linkFor(email: string, holderName: string) {
    await issue({ holderName, holderEmail: email, courseName: 'Malware Analysis', issuedOn: '2026-06-10' });
    await api.settle();
    const found = /\/testimonial\/[A-Za-z0-9_.-]+/.exec(mailsTo(email)[0]?.text ?? '');
    expect(found, 'the certificate e-mail carries the link').not.toBeNull();
    return found![0];
  }

  it('round trip: the e-mailed link, a refused empty form that keeps what was typed, a draft, publishing, withdrawal', async () => {
    const path = await linkFor('lata@example.in', 'Lata Menon');
    const blank = await api.call(path);
    expect(blank.status).toBe(200);
    const blankPage = await blank.text();
    expect(blankPage).toContain(TESTIMONIAL_PAGE.intro('Lata Menon', 'Malware Analysis'));
    expect(blankPage).toContain(`<form method="post" action="${path}">`);
    expect(blankPage).not.toContain('<script');

    const empty = await api.call(path, form({ action: 'save', quote: '  ', rating: '4', showName: 'yes' }));
    expect(empty.status).toBe(400);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain(TESTIMONIAL_PAGE.quoteRequired);
    expect(emptyPage).toContain('value="4" checked');
    expect(await api.repository.count(testimonials.key)).toBe(await countBefore());

    const sent = await api.call(
      path,
      form({
        action: 'save',
        quote: 'Real malware, safely: the best lab course I took.',
        rating: '5',
        showName: 'yes',
      }),
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe(`${path}?done=saved`);
    const again = await (await api.call(`${path}?done=saved`)).text();
    expect(again).toContain(TESTIMONIAL_PAGE.saved);
    expect(again).toContain('Real malware, safely');
    expect(again).toContain(TESTIMONIAL_PAGE.withdraw);

    const stored = (await api.repository.list(testimonials.key)).find((item) => item.name === 'Lata Menon')!;
    expect(stored).toMatchObject({ published: false, rating: '5', showName: true, showCourse: false });
    expect(String(stored.certificateNumber)).toMatch(/^DLT-2026-/);
    // A draft is not public; once staff publish it, the public sees what the learner allowed: not the course.
    expect(
      ((await body(await api.call(testimonials.path))).data as Item[]).some((i) => i._id === stored._id),
    ).toBe(false);
    const published = await api.admin(`${testimonials.path}/${stored._id}`, {
      method: 'PUT',
      json: { published: true },
    });
    expect(published.status).toBe(200);
    const shown = ((await body(await api.call(testimonials.path))).data as Item[]).find(
      (i) => i._id === stored._id,
    );
    expect(shown).toMatchObject({ name: 'Lata Menon', certificateNumber: stored.certificateNumber });
    expect(shown).not.toHaveProperty('course');

    // The learner changes their mind about the name: a draft again, for staff to read once more.
    await api.call(path, form({ action: 'save', quote: 'Edited words.', rating: '' }));
    const edited = await api.repository.get(testimonials.key, stored._id);
    expect(edited).toMatchObject({ quote: 'Edited words.', published: false, showName: false });
    expect((await api.repository.revisions(testimonials.key, stored._id)).length).toBeGreaterThan(0);

    const withdrawn = await api.call(path, form({ action: 'withdraw' }));
    expect(withdrawn.status).toBe(303);
    expect(await api.repository.get(testimonials.key, stored._id)).toBeNull();
    expect(await api.repository.revisions(testimonials.key, stored._id)).toEqual([]);
    expect(await (await api.call(`${path}?done=withdrawn`)).text()).toContain(TESTIMONIAL_PAGE.withdrawn);
  });

  it('refuses a forged or expired link', async () => {
    const path = await linkFor('expiry@example.in', 'Expiry Test');
    const forged = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const refused = await api.call(forged, form({ action: 'save', quote: 'Forged' }));
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain(TESTIMONIAL_PAGE.invalid);
    api.clock.advance(61 * 86_400_000);
    const expired = await api.call(path);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(TESTIMONIAL_PAGE.expired);
  });

  it('the privacy tools export and erase a learner’s testimonials', async () => {
    const path = await linkFor('gopal@example.in', 'Gopal Nair');
    const saved = await api.call(
      path,
      form({ action: 'save', quote: 'Worth every weekend.', showName: 'yes', showCourse: 'yes' }),
    );
    expect(saved.status, await saved.clone().text()).toBe(303);
    const exported = await body(await api.admin(`${ENQUIRY_PATHS.privacyExport}?email=gopal@example.in`));
    const mine = (exported.data as { testimonials: Item[] }).testimonials;
    expect(mine.map((item) => item.quote)).toEqual(['Worth every weekend.']);
    const erased = await api.admin(ENQUIRY_PATHS.privacyErase, {
      method: 'POST',
      json: { email: 'gopal@example.in' },
    });
    expect((await body(erased)).data).toMatchObject({ certificates: 1, testimonials: 1 });
    expect(await api.repository.get(contentFamilies.learnerTestimonial.key, mine[0]!._id)).toBeNull();
    // The certificate is revoked on request, so its link no longer takes a testimonial.
    expect((await api.call(path)).status).toBe(410);
  });
});

async function countBefore() {
  return (await api.repository.list(contentFamilies.learnerTestimonial.key)).filter(
    (i) => i.name === 'Lata Menon',
  ).length;
}
