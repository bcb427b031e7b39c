/**
 * Where students pay is the owners' to change, in Chromium: an editor's Site settings show the UPI ID, payee name,
 * merchant code and GSTIN read-only with a note saying why, while an owner's are editable; an owner gives their
 * alert e-mail on the Team screen. Nothing is saved to the settings (no rebuild); the editor is deleted and the
 * alert e-mail removed at the end, so later specs see the team as before.
 */
import { TEAM } from '../../src/admin/admin-copy.ts';
import { USERS_PATH, type AccountView } from '../../src/lib/identity.ts';
import { COURSE_SETTINGS, IDENTITY } from '../../src/lib/staff-messages.ts';
import { replaceOwnersPassword, unique } from './admin-support.ts';
import { expect, projectBaseURL, test } from './fixtures.ts';

const PASSWORD = 'violet-harbour-lantern-42';
const PAYMENT_LABELS = [
  COURSE_SETTINGS.upiVpaLabel,
  COURSE_SETTINGS.upiPayeeNameLabel,
  COURSE_SETTINGS.upiMerchantCodeLabel,
  COURSE_SETTINGS.gstinLabel,
];

test('an editor sees the payment settings read-only with a note; an owner edits them and gives an alert e-mail', async ({
  adminPage: page,
  adminApi,
  browser,
}, testInfo) => {
  const baseURL = projectBaseURL(testInfo.project.use);
  const userId = unique('pay-editor')
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '-')
    .slice(0, 40);
  const added = await adminApi.post(USERS_PATH, {
    data: { userId, name: 'Payment Editor', role: 'editor', password: PASSWORD },
    headers: { Origin: baseURL },
  });
  expect(added.status()).toBe(201);
  const editorId = ((await added.json()) as { data: AccountView }).data._id;
  const context = await browser.newContext({ baseURL });
  try {
    const editor = await context.newPage();
    await editor.goto('/deltaadmin/login');
    await editor.getByLabel('User ID').fill(userId);
    await editor.getByLabel(/password/i).fill(PASSWORD);
    await editor.getByRole('button', { name: 'Login', exact: true }).click();
    // An account the owner made with a password replaces it at its first sign-in (decisions §65).
    await replaceOwnersPassword(editor, PASSWORD, 'copper-meadow-signal-58');
    await expect(editor).toHaveURL(/\/deltaadmin\/home-content$/);
    await editor.goto('/deltaadmin/site-settings');
    await expect(editor.getByText(COURSE_SETTINGS.ownersOnly)).toBeVisible();
    for (const label of PAYMENT_LABELS)
      await expect(editor.getByLabel(label, { exact: true }), label).toBeDisabled();
    // The rest stays the editor's to change.
    await expect(editor.getByLabel('Footer line', { exact: true })).toBeEnabled();

    await page.goto('/deltaadmin/site-settings');
    await expect(page.getByLabel(COURSE_SETTINGS.upiVpaLabel, { exact: true })).toBeEnabled();
    await expect(page.getByText(COURSE_SETTINGS.ownersOnly)).toHaveCount(0);
    for (const label of PAYMENT_LABELS)
      await expect(page.getByLabel(label, { exact: true }), label).toBeEnabled();

    // The owner's alert e-mail, on the Team screen.
    await page.goto('/deltaadmin/team');
    const own = page.locator('[data-user-id="admin"]');
    await own.getByRole('button', { name: new RegExp(`^${TEAM.alertEmail}`) }).click();
    await own.getByLabel(TEAM.alertEmail, { exact: true }).fill('owner-alerts@delta.example');
    await own.getByRole('button', { name: TEAM.saveAlertEmail, exact: true }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(IDENTITY.accountUpdated);
    await expect(own).toContainText(TEAM.alertEmailShown('owner-alerts@delta.example'));
  } finally {
    await context.close();
    const people = ((await (await adminApi.get(USERS_PATH)).json()) as { data: AccountView[] }).data;
    const owner = people.find((person) => person.userId === 'admin');
    if (owner?.email)
      await adminApi.patch(`${USERS_PATH}/${owner._id}`, {
        data: { email: '' },
        headers: { Origin: baseURL },
      });
    await adminApi.delete(`${USERS_PATH}/${editorId}`, { headers: { Origin: baseURL } });
  }
});
