/**
 * Issue 23, the parts after the core (certificates.test.ts): the certificate PDF (staff and the public download),
 * issuing for a batch from its roster, the CSV import of old certificates, the certificate e-mail through the
 * outbox, and testimonials from verified learners.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFamilies } from '../../src/lib/collections.ts';
import { CERTIFICATE_PDF } from '../../src/lib/messages.ts';
import { pdfQrCodes, pdfText } from '../support/pdf.ts';
import { body, freshAddresses, ORIGIN, startApi, type Api } from './api-harness.ts';

const family = contentFamilies.certificate;
const signingKey = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
type Item = Record<string, unknown> & { _id: string };

let api: Api;
const address = freshAddresses('198.61');
beforeAll(async () => {
  api = await startApi({ env: { CERT_SIGNING_KEY: signingKey } });
});
afterAll(() => api.stop());

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
