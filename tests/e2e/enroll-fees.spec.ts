/**
 * Fees by UPI (issue 22.6) in a real browser on the demo content: enrolling into a batch with a fee (once Site
 * settings name a UPI payee) shows the amount, a QR code that decodes to the `upi://pay` link with the amount and
 * the enrolment's reference, and the app link (for phones); staff then record the payment on the Enrollment
 * Requests screen and see it paid with its receipt to download. Also the Stats screen's catalogue count (22.8).
 */
import { contentFamilies, statsFamily } from '../../src/lib/collections.ts';
import { ENROLL_PAYMENT } from '../../src/lib/messages.ts';
import { COURSES_PAGE } from '../../src/lib/page-words.ts';
import { PUBLIC_PATHS } from '../../src/lib/public-api.ts';
import { CATALOGUE, PAYMENTS } from '../../src/lib/staff-messages.ts';
import { BROCHURE_MAX_BYTES } from '../../src/course-brochure.ts';
import { formatPaise } from '../../src/lib/fields/money.ts';
import { decodeQr, pdfText } from '../support/pdf.ts';
import { openScreen } from './admin-support.ts';
import { expect, expectNoAxeViolations, test, useAdminSession } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';
import { DEMO_BATCH as BATCH, openBatchEnrolment, submitEnrolment, withUpiPayee } from './enrol-support.ts';

test('an enrolment into a batch with a fee shows its UPI QR code and link; staff record the payment', async ({
  page,
  adminApi,
  adminCookies,
}) => {
  await withUpiPayee(adminApi, async () => {
    const batchId = await openBatchEnrolment(page);
    const email = `fees-${Date.now()}@example.com`;
    await submitEnrolment(page, { name: 'Priya Verma', email, phone: '+91 90000 12345' });

    const listed = (await (await adminApi.get(`${PUBLIC_PATHS.enroll}?batch=${batchId}`)).json()) as {
      data: { _id: string; email: string; reference: string; fee: number }[];
    };
    const request = listed.data.find((entry) => entry.email === email)!;
    const amount = `${request.fee / 100}.00`;
    const link = `upi://pay?pa=deltasecure%40okhdfcbank&pn=DeltaSecure%20Technologies&am=${amount}&cu=INR&tn=${request.reference}`;

    const block = page.locator('.form-pay');
    await expect(block).toContainText(request.reference);
    const qr = block.getByRole('img');
    const src = (await qr.getAttribute('src')) ?? '';
    expect(await decodeQr(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'))).toBe(link);
    // The app link is there for phones; a desktop (a fine pointer that hovers) does not show it.
    const app = block.locator('a');
    await expect(app).toHaveAttribute('href', link);
    await expect(app).toHaveText(ENROLL_PAYMENT.link);
    await expect(app).toBeHidden();
    await expectNoAxeViolations(page);

    // Staff record the payment: paid, with its receipt.
    await useAdminSession(page, adminCookies);
    await page.goto(`/deltaadmin/enroll-data?q=${encodeURIComponent(email)}`);
    const row = page.locator('li.request-row', { hasText: email });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: `${PAYMENTS.record} Priya Verma` }).click();
    await row.getByLabel(PAYMENTS.upiRef).fill(`UTR${Date.now()}`);
    await row.getByRole('button', { name: PAYMENTS.save }).click();
    await expect(row.getByTestId('request-payments')).toContainText(PAYMENTS.paid);
    const receipt = row.getByRole('link', { name: /^Receipt RCPT\// });
    await expect(receipt).toBeVisible();
    // The card's facts (decisions §62): reference, fee, paid and balance; the batch keeps its name, not its id,
    // after a status change.
    await expect(row.getByTestId('request-reference')).toHaveText(request.reference);
    await expect(row.getByTestId('request-fee')).toHaveText(formatPaise(request.fee));
    await expect(row.getByTestId('request-paid')).toHaveText(formatPaise(request.fee));
    await expect(row.getByTestId('request-balance')).toHaveText(formatPaise(0));
    await row.locator('select.status-select').selectOption('contacted');
    await expect(row.locator('select.status-select')).toHaveValue('contacted');
    await expect(row.getByTestId('request-batch')).toContainText(BATCH);
    await expect(row.getByTestId('request-batch')).not.toContainText(batchId);
    await expectNoAxeViolations(page);
    const pdf = await page.request.get((await receipt.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // A staff member's click downloads it too (the admin's router must leave the link to the browser).
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });
});

test('the Stats screen offers the catalogue’s published course count as the total', async ({
  adminPage: page,
  adminApi,
}) => {
  const published = ((await (await adminApi.get(contentFamilies.course.path)).json()) as { data: unknown[] })
    .data.length;
  const stored = ((await (await adminApi.get(statsFamily.path)).json()) as { data: { totalCourses: number } })
    .data.totalCourses;
  expect(published).toBeGreaterThan(0);
  await openScreen(page, 'Stats', 'Stats');
  await expect(page.getByTestId('catalogue-courses')).toContainText(CATALOGUE.publishedCourses(published));
  const input = page.getByLabel('Total courses');
  await expect(input).toHaveValue(String(stored));
  test.skip(stored === published, 'the stored figure already is the catalogue’s');
  await page.getByRole('button', { name: CATALOGUE.useThisNumber }).click();
  // Only the field changes: the spec's Update Stats still saves it.
  await expect(input).toHaveValue(String(published));
  expect(
    ((await (await adminApi.get(statsFamily.path)).json()) as { data: { totalCourses: number } }).data
      .totalCourses,
  ).toBe(stored);
});

test('each course page offers its brochure, a small PDF of the same course built with the site (issue 22.7)', async ({
  page,
}) => {
  await skipSplash(page);
  await page.goto('/courses/ethical-hacking');
  const link = page.getByRole('link', { name: COURSES_PAGE.brochureLabel('Ethical Hacking') });
  await expect(link).toHaveText(COURSES_PAGE.brochure);
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const bytes = await response.body();
  expect(bytes.length).toBeLessThanOrEqual(BROCHURE_MAX_BYTES);
  const text = await pdfText(new Uint8Array(bytes));
  // What the page says is what the brochure says: the title, each syllabus module and each batch on the page.
  for (const module of await page.locator('.syllabus > li > h3').allTextContents())
    expect(text).toContain(module.trim());
  for (const batch of await page.locator('table.batches tbody th').allTextContents())
    expect(text).toContain(batch.trim());
  expect(text).toContain('Ethical Hacking');
  expect(text).toContain(COURSES_PAGE.refundPolicy);
});
