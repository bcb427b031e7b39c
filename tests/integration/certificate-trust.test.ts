/**
 * What a certificate's public trust rests on, through the real API on a real store: a number is issued once, for
 * good (a deleted certificate's answers revoked, and survives a backup and restore); numbers a reader cannot tell
 * apart are one number, and a testimonial belongs to its certificate, not to a number like it; a revoked learner's
 * testimonial leaves the site; a completion certificate is not issued before its batch has ended (an owner may,
 * with a recorded reason).
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, FIELD_REASONS } from '../../src/lib/api-messages.ts';
import { contentFamilies, TRASH_PATH } from '../../src/lib/collections.ts';
import { VERIFY } from '../../src/lib/messages.ts';
import { verificationOfNumber } from '../../src/server/certificates/lookup.ts';
import { createImageStore } from '../../src/server/images/image-store.ts';
import { backupBuffer, collectBackup } from '../../src/server/migration/backup.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import { UniqueConflictError } from '../../src/server/repository/port.ts';
import { restoreBackup, RestoreRefusedError } from '../../scripts/migration/restore.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { publishedItems } from '../../src/content-loaders.ts';
import { testimonialToken } from '../../src/server/testimonials/token.ts';
import { body, SESSION_SECRET, startApi, type Api } from './api-harness.ts';

const family = contentFamilies.certificate;
const signingKey = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
type Item = Record<string, unknown> & { _id: string };

let api: Api;
beforeAll(async () => {
  api = await startApi({ env: { CERT_SIGNING_KEY: signingKey } });
});
afterAll(() => api.stop());

const testimonials = contentFamilies.learnerTestimonial;
const verifyApi = async (number: string) => {
  const response = await api.call(`/api/v1/certificate/verify/${encodeURIComponent(number)}`, {
    ip: `198.77.0.${(lookups = (lookups % 250) + 1)}`,
  });
  return { status: response.status, data: (await body(response)).data as Item };
};
let lookups = 0;
const post = (json: Record<string, unknown>, session?: string) =>
  api.admin(family.path, { method: 'POST', json, ...(session ? { session } : {}) });

describe('a completion certificate and its batch’s dates', () => {
  it('is refused before the batch has ended, dated or issued; an owner may issue earlier with a reason', async () => {
    // 2 Dec 2026 (IST), a batch running 23 Dec 2026 – 17 Feb 2027 (IST days, stored as their IST midnights).
    api.clock.now = new Date('2026-12-02T06:00:00.000Z');
    const course = await api.repository.create('course', { title: 'Red Team Ops', status: 'published' });
    const batch = await api.repository.create('batch', {
      name: 'RTO-Dec',
      course: course._id,
      startDate: '2026-12-22T18:30:00.000Z',
      endDate: '2027-02-16T18:30:00.000Z',
      capacity: 20,
    });
    const enrolment = await api.repository.create('enroll', {
      name: 'Kiran Shah',
      email: 'kiran.rto@example.in',
      batch: batch._id,
      status: 'enrolled',
    });
    const fields = { holderName: 'Kiran Shah', course: course._id, batch: batch._id };
    const before = await api.repository.count(family.key);
    const tooEarly = FIELD_REASONS.certificateBeforeBatchEnd('17 Feb 2027');

    const today = await post({ ...fields, issuedOn: '2026-12-02' });
    expect(today.status).toBe(400);
    expect((await body(today)).errors).toEqual({ issuedOn: tooEarly });
    // Dated after the end, but issued today: still before the batch has ended.
    const postDated = await post({ ...fields, issuedOn: '2027-02-18' });
    expect((await body(postDated)).errors).toEqual({ issuedOn: tooEarly });
    // The batch's last day is not yet after it.
    const lastDay = await post({ ...fields, issuedOn: '2027-02-17' });
    expect(lastDay.status).toBe(400);
    const fromRoster = await api.admin(`${family.path}/batch/${batch._id}`, {
      method: 'POST',
      json: { enrollIds: [enrolment._id] },
    });
    expect(fromRoster.status).toBe(400);
    expect((await body(fromRoster)).errors).toEqual({ issuedOn: tooEarly });

    await api.account({ userId: 'editor-rto', role: 'editor' });
    const byEditor = await post(
      { ...fields, issuedOn: '2026-12-02', earlyIssueReason: 'Leaving for a posting abroad' },
      api.session('editor-rto'),
    );
    expect(byEditor.status).toBe(400);
    expect((await body(byEditor)).errors).toEqual({
      earlyIssueReason: FIELD_REASONS.certificateEarlyOwnerOnly,
    });
    expect(await api.repository.count(family.key)).toBe(before);

    const byOwner = await post({
      ...fields,
      issuedOn: '2026-12-02',
      earlyIssueReason: 'Leaving for a posting abroad',
    });
    expect(byOwner.status).toBe(201);
    const early = (await body(byOwner)).data as Item;
    expect((await api.repository.get(family.key, early._id))?.earlyIssueReason).toBe(
      'Leaving for a posting abroad',
    );

    // The day after the batch's last day, anyone on the staff issues as usual.
    api.clock.now = new Date('2027-02-17T18:30:00.000Z');
    const after = await post({ ...fields, issuedOn: '2027-02-18' }, api.session('editor-rto'));
    expect(after.status, JSON.stringify(await body(after.clone()))).toBe(201);
  });
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

describe('a number is issued once, for good', () => {
  const csv = (text: string) =>
    api.admin(`${family.path}/import?dryRun=1`, {
      method: 'POST',
      body: text,
      headers: { 'Content-Type': 'text/csv' },
    });

  it('a deleted certificate’s number is never issued again, and checking it answers revoked', async () => {
    const item = (
      await body(
        await post({
          number: 'OLD-2017-OOEF-3333',
          holderName: 'Esha Kapoor',
          courseName: 'CEH',
          issuedOn: '2017-05-01',
        }),
      )
    ).data as Item;
    expect((await verifyApi('OLD-2017-OOEF-3333')).data).toMatchObject({ status: 'valid' });
    expect((await api.admin(`${family.path}/${item._id}`, { method: 'DELETE' })).status).toBe(200);

    const answer = await verifyApi('old-2017-00ef-3333');
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      status: 'revoked',
      revokedReason: VERIFY.withdrawnReason,
      credential: null,
    });
    expect(answer.data).not.toHaveProperty('holderName', 'Esha Kapoor');
    const page = await api.call('/verify/OLD-2017-OOEF-3333', { ip: '198.77.1.1' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(VERIFY.revokedUndated(VERIFY.withdrawnReason));
    expect(html).not.toContain(VERIFY.valid);

    // The same number again, as typed or as a look-alike, from the form or a CSV file: refused, nothing written.
    const before = await api.repository.count(family.key);
    for (const number of ['OLD-2017-OOEF-3333', 'old-2017-00ef-3333']) {
      const again = await post({ number, holderName: 'Forged', courseName: 'CEH', issuedOn: '2017-05-01' });
      expect(again.status).toBe(400);
      expect((await body(again)).errors).toEqual({
        number: FIELD_REASONS.serialRetired(number),
      });
    }
    const imported = await csv(
      'number,holderName,courseName,issuedOn\nOLD-2017-0OEF-3333,Forged,CEH,2017-05-01\n',
    );
    expect(imported.status).toBe(400);
    expect((await body(imported)).errors).toEqual({
      '2.number': FIELD_REASONS.serialRetired('OLD-2017-0OEF-3333'),
    });
    expect(await api.repository.count(family.key)).toBe(before);

    // Deleted for good from the trash: still revoked, still never issued again.
    expect((await api.admin(`${TRASH_PATH}/${family.key}/${item._id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await verifyApi('OLD-2017-OOEF-3333')).data).toMatchObject({ status: 'revoked' });
    expect(
      (
        await post({
          number: 'OLD-2017-OOEF-3333',
          holderName: 'Forged',
          courseName: 'CEH',
          issuedOn: '2017-05-01',
        })
      ).status,
    ).toBe(400);
  });

  it('a revoked certificate cannot be deleted: it keeps answering revoked, with its reason', async () => {
    const item = (
      await body(await post({ holderName: 'Farah Ali', courseName: 'Web Security', issuedOn: '2026-06-10' }))
    ).data as Item;
    await api.admin(`${family.path}/${item._id}/revoke`, {
      method: 'POST',
      json: { reason: 'Issued in error' },
    });
    const refused = await api.admin(`${family.path}/${item._id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect((await body(refused)).message).toBe(API.certificateRevokedKept);
    expect(await api.repository.get(family.key, item._id)).not.toBeNull();
    expect((await verifyApi(String(item.number))).data).toMatchObject({
      status: 'revoked',
      revokedReason: 'Issued in error',
    });
  });

  it('survives a backup and a restore; a store that issued one of its numbers elsewhere is refused', async () => {
    // A site of its own: the other tests' fixtures are not whole items a backup would hold.
    const site = await startApi({ env: { CERT_SIGNING_KEY: signingKey } });
    try {
      const created = await site.admin(family.path, {
        method: 'POST',
        json: { holderName: 'Gita Rao', courseName: 'Web Security', issuedOn: '2026-06-11' },
      });
      const item = (await body(created)).data as Item;
      const number = String(item.number);
      expect((await site.admin(`${family.path}/${item._id}`, { method: 'DELETE' })).status).toBe(200);
      const images = createImageStore(site.blobs.getStore('trust-images'));
      const archive = await backupBuffer(await collectBackup(site.repository, images, site.clock.now));

      const restored = createBlobsRepository({ store: site.blobs.getStore('trust-restored') });
      await restoreBackup(archive, { repository: restored, images });
      expect(await restored.get(family.key, item._id)).toBeNull();
      await expect(
        restored.create(family.key, {
          number,
          holderName: 'Forged',
          courseName: 'X',
          issuedOn: '2026-06-11',
        }),
      ).rejects.toBeInstanceOf(UniqueConflictError);
      expect(
        await verificationOfNumber({ ...site.deps, repository: restored }, number, 'https://x.example'),
      ).toMatchObject({ status: 'revoked', withdrawn: true });

      // A store that issued one of the backup's numbers to another certificate: refused before any write.
      const kept = (
        await body(
          await site.admin(family.path, {
            method: 'POST',
            json: { holderName: 'Indu', courseName: 'Web Security', issuedOn: '2026-06-12' },
          }),
        )
      ).data as Item;
      const keptArchive = await backupBuffer(await collectBackup(site.repository, images, site.clock.now));
      const elsewhere = createBlobsRepository({ store: site.blobs.getStore('trust-elsewhere') });
      const other = await elsewhere.create(family.key, { number: kept.number, holderName: 'Other' });
      await elsewhere.delete(family.key, other._id);
      await expect(restoreBackup(keptArchive, { repository: elsewhere, images })).rejects.toThrow(
        RestoreRefusedError,
      );
      expect(await elsewhere.list(family.key)).toEqual([]);
    } finally {
      await site.stop();
    }
  });
});

describe('a revoked learner’s testimonial', () => {
  it('leaves the home and course pages and the public API, and cannot be published again', async () => {
    const certificate = (
      await body(await post({ holderName: 'Dev Patel', courseName: 'Web Security', issuedOn: '2026-06-10' }))
    ).data as Item;
    const path = `/testimonial/${testimonialToken({ SESSION_SECRET }, certificate._id, api.clock.now)}`;
    const saved = await api.call(path, form({ action: 'save', quote: 'Dev’s words.', showName: 'yes' }));
    expect(saved.status).toBe(303);
    const publish = () =>
      api.admin(`${testimonials.path}/${certificate._id}`, { method: 'PUT', json: { published: true } });
    expect((await publish()).status).toBe(200);
    const shown = async () => ({
      api: ((await body(await api.call(testimonials.path))).data as Item[]).some(
        (item) => item.quote === 'Dev’s words.',
      ),
      build: (await publishedItems(api.repository, testimonials.key, api.clock.now)).some(
        (item) => item.quote === 'Dev’s words.',
      ),
    });
    expect(await shown()).toEqual({ api: true, build: true });

    const revoked = await api.admin(`${family.path}/${certificate._id}/revoke`, {
      method: 'POST',
      json: { reason: 'Exam misconduct' },
    });
    expect(revoked.status).toBe(200);
    expect(await shown()).toEqual({ api: false, build: false });
    const again = await publish();
    expect(again.status).toBe(400);
    expect((await body(again)).errors).toEqual({ published: FIELD_REASONS.testimonialCertificateRevoked });
    expect(await shown()).toEqual({ api: false, build: false });
  });

  it('is never built into a page, however it came to be published (older data, a restore)', async () => {
    const certificate = await api.repository.create(family.key, {
      number: 'OLD-2016-AAAA-4444',
      holderName: 'Hari',
      courseName: 'CEH',
      issuedOn: '2016-05-01T00:00:00.000Z',
      status: 'revoked',
      revokedReason: 'Exam misconduct',
    });
    const keyed = { quote: 'Hari’s words.', showName: true, published: true };
    await api.repository.put(testimonials.key, {
      ...keyed,
      _id: certificate._id,
      createdAt: certificate.createdAt,
      updatedAt: certificate.updatedAt,
    });
    await api.repository.create(testimonials.key, {
      quote: 'Hari’s older words.',
      certificateNumber: 'OLD-2016-AAAA-4444',
      showName: true,
      published: true,
    });
    // A certificate deleted since: its number answers revoked, so its learner is no verified learner either.
    const deleted = await api.repository.create(family.key, {
      number: 'OLD-2016-BBBB-5555',
      holderName: 'Hari',
      courseName: 'CEH',
      issuedOn: '2016-05-01T00:00:00.000Z',
    });
    await api.repository.create(testimonials.key, {
      quote: 'Hari’s words, again.',
      certificateNumber: 'OLD-2016-BBBB-5555',
      published: true,
    });
    await api.repository.delete(family.key, deleted._id);
    const built = await publishedItems(api.repository, testimonials.key, api.clock.now);
    expect(built.filter((item) => String(item.quote).startsWith('Hari’s'))).toEqual([]);
  });
});

describe('numbers that look alike (O and 0, I or L and 1)', () => {
  it('are one number: a second certificate with a look-alike of a stored number is refused', async () => {
    const first = await post({
      number: 'OLD-2019-OOAB-1L11',
      holderName: 'Anil Das',
      courseName: 'CEH',
      issuedOn: '2019-05-01',
    });
    expect(first.status).toBe(201);
    const before = await api.repository.count(family.key);
    const lookAlike = await post({
      number: 'old-2019-00ab-1111',
      holderName: 'Someone Else',
      courseName: 'CEH',
      issuedOn: '2019-05-01',
    });
    expect(lookAlike.status).toBe(400);
    expect((await body(lookAlike)).errors).toEqual({
      number: FIELD_REASONS.serialTaken('old-2019-00ab-1111'),
    });
    expect(await api.repository.count(family.key)).toBe(before);
  });

  it('never lead one certificate’s testimonial link, or its holder’s privacy export, to another’s testimonial', async () => {
    const mine = (
      await body(
        await post({
          number: 'OLD-2018-OOCD-2222',
          holderName: 'Bina Roy',
          holderEmail: 'bina@example.in',
          courseName: 'CEH',
          issuedOn: '2018-05-01',
        }),
      )
    ).data as Item;
    // Someone else's testimonial, stored before testimonials took their certificate's id, naming a number that
    // looks like Bina's.
    const theirs = await api.repository.create(testimonials.key, {
      quote: 'Not Bina’s words.',
      name: 'Chetan',
      certificateNumber: 'OLD-2018-00CD-2222',
      showName: true,
      published: true,
    });
    const token = testimonialToken({ SESSION_SECRET }, mine._id, api.clock.now);
    const path = `/testimonial/${token}`;
    expect(await (await api.call(path)).text()).not.toContain('Not Bina’s words.');
    const saved = await api.call(path, form({ action: 'save', quote: 'Bina’s own words.', showName: 'yes' }));
    expect(saved.status, await saved.clone().text()).toBe(303);
    expect(await api.repository.get(testimonials.key, theirs._id)).toMatchObject({
      quote: 'Not Bina’s words.',
      published: true,
    });
    const exported = await body(await api.admin(`${ENQUIRY_PATHS.privacyExport}?email=bina@example.in`));
    expect((exported.data as { testimonials: Item[] }).testimonials.map((item) => item.quote)).toEqual([
      'Bina’s own words.',
    ]);
    expect((await api.call(path, form({ action: 'withdraw' }))).status).toBe(303);
    expect(await api.repository.get(testimonials.key, theirs._id)).not.toBeNull();
    const exportedAgain = await body(await api.admin(`${ENQUIRY_PATHS.privacyExport}?email=bina@example.in`));
    expect((exportedAgain.data as { testimonials: Item[] }).testimonials).toEqual([]);
  });
});
