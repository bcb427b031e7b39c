/**
 * The enquiry pipeline in Chromium (issue 11), on the public runner (its local SMTP server answers
 * /__local/mail): a contact sent on /contact is e-mailed within 5 s; staff find it by search, mark it replied
 * with a note, and the sidebar's count of new requests drops; the CSV holds exactly the filtered rows; the
 * Privacy screen exports and then erases it, after which it is nowhere. The table turns into cards on a phone.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { PRIVACY, REQUESTS, SHELL } from '../../src/admin/admin-copy.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { exportPath, requestFamilies, TRASH_PATH } from '../../src/lib/collections.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiry-paths.ts';
import { PUBLIC } from '../../src/lib/messages.ts';
import { CONTACT } from '../../src/lib/public-copy.ts';
import { DATA_RIGHTS, ENQUIRY, NOTIFY } from '../../src/lib/staff-messages.ts';
import { LOCAL_MAIL_PATH } from '../../scripts/local/local-notifications.ts';
import { answerDialogs, unique } from './admin-support.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { waitForIsland } from './public-helpers.ts';

const family = requestFamilies.contact;

interface Mail {
  to: string[];
  subject: string;
  text: string;
  at: string;
}

const newContacts = async (api: APIRequestContext) =>
  ((await (await api.get(ENQUIRY_PATHS.summary)).json()) as { data: { contact: { new: number } } }).data
    .contact.new;

/** The Contact Requests link: its name stays the label; the badge's count is its description. */
const contactLink = (page: Page) =>
  page
    .getByRole('navigation', { name: SHELL.navLabel })
    .getByRole('link', { name: 'Contact Requests', exact: true });

const expectBadge = async (page: Page, count: number) => {
  if (count > 0) await expect(contactLink(page)).toHaveAccessibleDescription(SHELL.newRequests(count));
  else await expect(page.getByTestId('nav-badge-contactData')).toHaveCount(0);
};

const csvNames = (csv: string) =>
  csv
    .replace('\uFEFF', '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((row) => row.split(',')[1]);

test('a contact is e-mailed, found, followed up, exported and erased', async ({
  adminPage: page,
  adminApi,
  request,
}) => {
  const name = unique('Enquiry E2E');
  const email = `enquiry-${Date.now().toString(36)}@example.com`;
  try {
    // A visitor writes on /contact.
    await page.goto('/contact');
    await waitForIsland(page, 'ContactForm');
    await page.getByLabel(CONTACT.name, { exact: true }).fill(name);
    await page.getByLabel(CONTACT.email, { exact: true }).fill(email);
    await page.getByLabel(CONTACT.phone, { exact: true }).fill('+91 98765 43210');
    await page.getByLabel(CONTACT.message, { exact: true }).fill('Please call me about a security audit.');
    await page.getByRole('button', { name: CONTACT.submit }).click();
    await expect(page.getByText(PUBLIC.contactSuccess, { exact: true })).toBeVisible();

    // The local SMTP server has the notification within 5 s of the answer.
    await expect
      .poll(
        async () => {
          const mails = (await (await request.get(LOCAL_MAIL_PATH)).json()) as Mail[];
          return mails.find((mail) => mail.subject === NOTIFY.contactSubject(name))?.text ?? null;
        },
        { timeout: 5_000, intervals: [250] },
      )
      .toContain(email);

    // Staff: the badge counts it as new; a search finds it alone.
    const admin = page;
    const before = await newContacts(adminApi);
    expect(before).toBeGreaterThan(0);
    await admin.goto(screenHref('contact-data'));
    await expect(admin.getByRole('heading', { level: 1, name: 'Contact Requests' })).toBeVisible();
    await expectBadge(admin, before);
    await admin.getByLabel(REQUESTS.search, { exact: true }).fill(email);
    const rows = admin.locator('li.item-card');
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row.getByRole('heading', { name, exact: true })).toBeVisible();
    // Delivered: the outbox recorded the sent e-mail.
    await expect(row).toContainText(ENQUIRY.deliveryLabels.sent!);
    await expectNoAxeViolations(admin);

    // Replied, with a note; the count of new requests drops by one.
    const status = row.getByLabel(REQUESTS.statusOf(name), { exact: true });
    await status.selectOption('replied');
    await expect(admin.locator('[data-notice="success"]')).toHaveText(ENQUIRY.updated);
    await expect(status).toHaveValue('replied');
    await expectBadge(admin, before - 1);
    await row.getByRole('button', { name: `${REQUESTS.addNote} ${name}` }).click();
    await row
      .getByLabel(REQUESTS.noteFor(name), { exact: true })
      .fill('Called back; audit booked for Monday.');
    await row.getByRole('button', { name: REQUESTS.saveNote }).click();
    await expect(row).toContainText('Called back; audit booked for Monday.');
    await expect(row.getByRole('button', { name: `${REQUESTS.editNote} ${name}` })).toBeFocused();
    const stored = (await (await adminApi.get(family.path, { params: { q: email } })).json()) as {
      data: { status: string; note: string }[];
    };
    expect(stored.data).toEqual([
      expect.objectContaining({ status: 'replied', note: 'Called back; audit booked for Monday.' }),
    ]);

    // The CSV is what the filters show: this request alone, then nothing once "new" is the status asked for.
    await admin.getByLabel(REQUESTS.status, { exact: true }).selectOption('replied');
    await expect(rows).toHaveCount(1);
    const exportLink = admin.getByRole('link', { name: REQUESTS.exportCsv });
    await expect(exportLink).toHaveAttribute(
      'href',
      `${exportPath('contact')}?${new URLSearchParams({ q: email, status: 'replied' })}`,
    );
    const download = admin.waitForEvent('download');
    await exportLink.click();
    expect(csvNames(await readFile((await (await download).path())!, 'utf8'))).toEqual([name]);
    await admin.getByLabel(REQUESTS.status, { exact: true }).selectOption('new');
    await expect(admin.getByText(ENQUIRY.noMatches, { exact: true })).toBeVisible();
    const none = await adminApi.get((await exportLink.getAttribute('href'))!);
    expect(csvNames(await none.text())).toEqual([]);

    // On a phone the table is a list of cards: no heading row, the labels show.
    await admin.getByRole('button', { name: REQUESTS.clearFilters }).click();
    await admin.getByLabel(REQUESTS.search, { exact: true }).fill(email);
    await expect(rows).toHaveCount(1);
    await admin.setViewportSize({ width: 400, height: 800 });
    await expect(admin.locator('.request-head')).toBeHidden();
    await expect(row.getByText(REQUESTS.email, { exact: true })).toBeVisible();
    await admin.setViewportSize({ width: 1280, height: 720 });
    await expect(admin.locator('.request-head')).toBeVisible();

    // Privacy: the export holds it; erasing asks first, then reports what went.
    await admin
      .getByRole('navigation', { name: SHELL.toolsNavLabel })
      .getByRole('link', { name: PRIVACY.heading, exact: true })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: PRIVACY.heading })).toBeVisible();
    await expect(admin.getByTestId('stored-counts')).toBeVisible();
    await admin.getByLabel(PRIVACY.emailLabel, { exact: true }).fill(email.toUpperCase());
    const exported = admin.waitForEvent('download');
    await admin.getByRole('button', { name: PRIVACY.export }).click();
    const file = await exported;
    expect(file.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const held = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
      contact: { name: string; note: string }[];
      enroll: unknown[];
    };
    expect(held.contact).toEqual([
      expect.objectContaining({ name, note: 'Called back; audit booked for Monday.' }),
    ]);
    expect(held.enroll).toEqual([]);
    await expect(admin.getByTestId('privacy-result')).toContainText(PRIVACY.exported(email.toUpperCase()));
    await expectNoAxeViolations(admin);

    const dialogs = answerDialogs(admin, () => true);
    await admin.getByRole('button', { name: PRIVACY.erase }).click();
    await expect(admin.locator('[data-notice="success"]')).toHaveText(DATA_RIGHTS.erased(1, 0));
    expect(dialogs).toEqual([DATA_RIGHTS.confirmErase(email.toUpperCase())]);
    await expect(admin.getByTestId('privacy-result')).toContainText(PRIVACY.erasedFor(email.toUpperCase()));

    // Nowhere any more: not listed, not in the trash, nothing to export, not on the screen.
    const listed = (await (await adminApi.get(family.path, { params: { q: email } })).json()) as {
      data: unknown[];
    };
    expect(listed.data).toEqual([]);
    expect(await (await adminApi.get(TRASH_PATH)).text()).not.toContain(email);
    const after = (await (await adminApi.get(ENQUIRY_PATHS.privacyExport, { params: { email } })).json()) as {
      data: { contact: unknown[]; enroll: unknown[]; trash: unknown[] };
    };
    expect(after.data).toMatchObject({ contact: [], enroll: [], trash: [] });
    await contactLink(admin).click();
    await admin.getByLabel(REQUESTS.search, { exact: true }).fill(email);
    await expect(admin.getByText(ENQUIRY.noMatches, { exact: true })).toBeVisible();
  } finally {
    // Whatever happened above, nothing of this person stays.
    await adminApi.post(ENQUIRY_PATHS.privacyErase, { data: { email } });
  }
});
