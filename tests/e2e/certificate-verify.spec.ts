/**
 * Issue 23 on the built site: /verify's plain form (no JavaScript) lands on /verify/{number}, which the function
 * renders live for the demo certificate: Valid, the holder, the course, LinkedIn and the signed credential, which
 * verifies against the published keys; an unknown number says Not found. In the admin, each certificate of the list
 * downloads its own PDF.
 */
import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { VERIFY } from '../../src/lib/messages.ts';
import { VERIFIED_LEARNERS } from '../../src/lib/page-words.ts';
import { CERTIFICATES } from '../../src/families/certificate.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { demoContent } from '../../scripts/seed/demo-content.ts';
import { pdfQrCodes } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';

const demo = demoContent.certificate[0]!.fields;
const number = String(demo.number);

test.use({ javaScriptEnabled: false });

test('a number typed at /verify shows the certificate, without JavaScript', async ({ page, request }) => {
  await page.goto('/verify');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('textbox', { name: VERIFY.numberLabel }).fill(number.toLowerCase());
  await page.getByRole('button', { name: VERIFY.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${number}$`));
  await expect(page.getByRole('status')).toHaveText(VERIFY.valid);
  await expect(page.locator('dl')).toContainText(String(demo.holderName));
  await expect(page.locator('dl')).toContainText('Ethical Hacking');
  await expect(page.getByRole('link', { name: VERIFY.addToLinkedIn })).toHaveAttribute(
    'href',
    /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=Ethical\+Hacking/,
  );
  const download = await page.getByRole('link', { name: VERIFY.download }).getAttribute('href');
  const jwt = await (await request.get(download ?? '')).text();
  const keys = (await (await request.get('/.well-known/jwks.json')).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(jwt, createLocalJWKSet(keys));
  expect(payload.type).toContain('OpenBadgeCredential');

  await page.goto('/verify/DLT-2026-0000-0000');
  await expect(page.getByRole('status')).toHaveText(VERIFY.notFound);
});

test('the PDF’s QR code scans to the certificate’s page, which says Valid and the name', async ({
  page,
  request,
}) => {
  await page.goto(`/verify/${number}`);
  const href = await page.getByRole('link', { name: VERIFY.downloadPdf }).getAttribute('href');
  const pdf = await request.get(href ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = new Uint8Array(await pdf.body());
  expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
  const [scanned, ...others] = await pdfQrCodes(bytes);
  expect(others).toEqual([]);
  const target = new URL(scanned ?? '');
  expect(target.pathname).toBe(`/verify/${number}`);

  await page.goto('/verify');
  await page.goto(target.pathname);
  await expect(page.getByRole('status')).toHaveText(VERIFY.valid);
  await expect(page.locator('dl')).toContainText(String(demo.holderName));
});

test('a published testimonial shows on the home page as a verified learner, linking to the certificate', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: VERIFIED_LEARNERS.heading }),
  });
  await expect(section).toContainText('The labs were real systems');
  const link = section.getByRole('link', {
    name: new RegExp(`^${VERIFIED_LEARNERS.verified} · Ethical Hacking, `),
  });
  await expect(link).toHaveAttribute('href', `/verify/${number}`);
  // The learner who kept their name private: no name, no link to their certificate.
  await expect(section).toContainText('Clear explanations and patient trainers');
  await expect(section).not.toContainText('A learner');
  await link.click();
  await expect(page.getByRole('status')).toHaveText(VERIFY.valid);
});

test.describe('the admin’s certificate list', () => {
  test.use({ javaScriptEnabled: true });

  test('each certificate downloads its own PDF, named by its number', async ({ adminPage: page }) => {
    await page.goto(screenHref('certificates'));
    await expect(page.getByRole('heading', { level: 1, name: CERTIFICATES.heading })).toBeVisible();
    const link = page.getByRole('link', { name: CERTIFICATES.pdf.label(number), exact: true });
    await expect(link).toHaveText(CERTIFICATES.pdf.button);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`certificate-${number}.pdf`);
    const bytes = new Uint8Array(await readFile(await download.path()));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // That certificate's PDF: its QR code leads to its own verification page.
    const [scanned, ...others] = await pdfQrCodes(bytes);
    expect(others).toEqual([]);
    expect(new URL(scanned ?? '').pathname).toBe(`/verify/${number}`);
  });
});
