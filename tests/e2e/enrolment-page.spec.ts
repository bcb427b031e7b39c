/**
 * The student's "Your enrolment" page in Chromium, on the public runner (its local SMTP server answers
 * /__local/mail): an enrolment into a batch with a fee shows the page's link on the success screen and e-mails it;
 * the page shows the amount, the UPI link and the reference with no script and no axe violation; once staff record
 * the payment it offers the receipt; a tampered link shows nothing of the enrolment, nor the link once staff revoke
 * it from the enrolment's card.
 */
import { formatPaise } from '../../src/lib/fields/money.ts';
import { ENROLMENT_PAGE } from '../../src/lib/messages.ts';
import { PUBLIC_PATHS } from '../../src/lib/public-api.ts';
import { API } from '../../src/lib/api-messages.ts';
import { ACKNOWLEDGE, ENROLMENT_LINK } from '../../src/lib/staff-messages.ts';
import { paymentPath } from '../../src/server/handlers/enroll-payment-handler.ts';
import { LOCAL_MAIL_PATH } from '../../scripts/local/local-notifications.ts';
import { answerDialogs } from './admin-support.ts';
import { expect, expectNoAxeViolations, test, useAdminSession } from './fixtures.ts';
import { openBatchEnrolment, submitEnrolment, withUpiPayee } from './enrol-support.ts';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

test('an enrolment with a fee e-mails its page: amount, UPI link and reference, then the receipt', async ({
  page,
  adminApi,
  adminCookies,
  request,
}) => {
  await withUpiPayee(adminApi, async () => {
    const batchId = await openBatchEnrolment(page);
    const email = `page-${Date.now()}@example.com`;
    await submitEnrolment(page, { name: 'Meera Iyer', email, phone: '+91 90000 54321' });
    const shown = page.getByRole('link', { name: ENROLMENT_PAGE.formLink });
    await expect(shown).toBeVisible();
    const shownPath = (await shown.getAttribute('href')) ?? '';
    expect(shownPath).toMatch(/^\/enrolment\/[a-z0-9]{20}\.[A-Za-z0-9_-]{43}$/);

    // The acknowledgement carries the same page, as a full address.
    let mailed = '';
    await expect
      .poll(
        async () => {
          const mails = (await (await request.get(LOCAL_MAIL_PATH)).json()) as Mail[];
          const ack = mails.find(
            (mail) => mail.to.includes(email) && mail.subject === ACKNOWLEDGE.enroll.subject,
          );
          mailed = /\n(\S+\/enrolment\/\S+)\n/.exec(ack?.text ?? '')?.[1] ?? '';
          return mailed;
        },
        { timeout: 10_000, intervals: [250] },
      )
      .not.toBe('');
    const path = new URL(mailed).pathname;
    expect(path).toBe(shownPath);

    const listed = (await (await adminApi.get(`${PUBLIC_PATHS.enroll}?batch=${batchId}`)).json()) as {
      data: {
        _id: string;
        email: string;
        reference: string;
        fee: number;
        paymentAsked: { upiLink: string };
      }[];
    };
    const enrolment = listed.data.find((entry) => entry.email === email)!;
    const opened = await page.goto(path);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: ENROLMENT_PAGE.title })).toBeVisible();
    await expect(
      page.getByText(ENROLMENT_PAGE.payText(formatPaise(enrolment.fee), enrolment.reference)),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: ENROLMENT_PAGE.payLink })).toHaveAttribute(
      'href',
      enrolment.paymentAsked.upiLink,
    );
    await expect(page.locator('script')).toHaveCount(0);
    await expectNoAxeViolations(page);
    // Readable on a small phone: nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Staff record the payment: the page offers its receipt.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const paid = await adminApi.post(paymentPath(enrolment._id), {
      data: { amount: enrolment.fee, upiRef: `UTR${Date.now()}`, paidOn: today },
    });
    expect(paid.status()).toBe(201);
    await page.goto(path);
    const receipt = page.getByRole('link', { name: /^Receipt RCPT\// });
    await expect(receipt).toBeVisible();
    await expect(page.getByRole('link', { name: ENROLMENT_PAGE.payLink })).toHaveCount(0);
    const pdf = await page.request.get((await receipt.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // A tampered link: nothing of the enrolment.
    const forged = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
    const refused = await page.goto(forged);
    expect(refused?.status()).toBe(404);
    await expect(page.getByText(ENROLMENT_PAGE.invalid)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(enrolment.reference);

    // Staff revoke the link from the enrolment's card: the link the student was sent opens nothing.
    const asked = answerDialogs(page, () => true);
    await useAdminSession(page, adminCookies);
    await page.goto(`/deltaadmin/enroll-data?q=${encodeURIComponent(email)}`);
    const row = page.locator('li.request-row', { hasText: email });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: `${ENROLMENT_LINK.revoke} Meera Iyer` }).click();
    await expect(page.getByText(API.enrolmentLinkRevoked)).toBeVisible();
    expect(asked).toEqual([ENROLMENT_LINK.revokeConfirm]);
    const revoked = await page.request.get(path);
    expect(revoked.status()).toBe(404);
    expect(await revoked.text()).not.toContain(enrolment.reference);
  });
});
