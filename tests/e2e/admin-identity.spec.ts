/**
 * Named accounts in Chromium (issue 13): the owner adds an editor, who signs in with the password the owner gave,
 * replaces it with their own, registers a passkey on Chromium's virtual authenticator (CDP WebAuthn, not a mock),
 * signs out, signs in with the passkey and cannot open Team or Activity; the owner sees the editor's edit in
 * Activity and disables the editor, whose open session is then refused. The editor is deleted at the end, so the
 * login page is the spec's again for the specs that follow.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  ACCOUNT,
  ACTIVITY,
  PASSKEY_LOGIN,
  PASSWORD_CHANGE,
  SHELL,
  TEAM,
} from '../../src/admin/admin-copy.ts';
import { CONTENT_SCREENS } from '../../src/admin/content-screens.ts';
import { SCREENS } from '../../src/admin/stores/router.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { USERS_PATH, type AccountView } from '../../src/lib/identity.ts';
import { AUTH, DATA_RIGHTS, ENQUIRY, IDENTITY } from '../../src/lib/staff-messages.ts';
import { replaceOwnersPassword, unique } from './admin-support.ts';
import { expect, projectBaseURL, test } from './fixtures.ts';

const PASSWORD = 'violet-harbour-lantern-42';
/** The editor's own password, chosen at the first sign-in in place of the one the owner gave. */
const CHOSEN = 'copper-meadow-signal-58';

async function removeAccount(api: APIRequestContext, userId: string) {
  const people = ((await (await api.get(USERS_PATH)).json()) as { data: AccountView[] }).data;
  const person = people.find((candidate) => candidate.userId === userId);
  if (person) expect((await api.delete(`${USERS_PATH}/${person._id}`)).status()).toBe(200);
}

test('an editor signs in with a password and a passkey, stays out of Team and Activity, and is shut out when disabled', async ({
  adminPage: page,
  adminApi,
  browser,
}, testInfo) => {
  const baseURL = projectBaseURL(testInfo.project.use);
  const userId = unique('editor')
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '-')
    .slice(0, 40);
  const context = await browser.newContext({ baseURL });
  try {
    // The owner adds the editor on the Team screen.
    await page.goto('/deltaadmin/team');
    await page.getByLabel(TEAM.userId, { exact: true }).fill(userId);
    await page.getByLabel(TEAM.name, { exact: true }).fill('E2E Editor');
    await page.getByLabel(TEAM.role, { exact: true }).selectOption('editor');
    await page.getByLabel(TEAM.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: TEAM.add, exact: true }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(IDENTITY.accountCreated);
    await expect(page.locator(`[data-user-id="${userId}"]`)).toBeVisible();

    // The editor, in a browser of their own with a platform authenticator.
    const editor = await context.newPage();
    const cdp = await context.newCDPSession(editor);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await editor.goto('/deltaadmin/login');
    // With two people the user ID is typed (it is fixed and disabled while the owner is alone).
    await editor.getByLabel('User ID').fill(userId);
    await editor.getByLabel(/password/i).fill(PASSWORD);
    await editor.getByRole('button', { name: 'Login', exact: true }).click();
    // The owner chose that password: the editor replaces it before anything else.
    await replaceOwnersPassword(editor, PASSWORD, CHOSEN);
    await expect(editor).toHaveURL(/\/deltaadmin\/home-content$/);
    // Every staff tool but the owner-only ones (Team, Activity).
    await expect(editor.getByRole('navigation', { name: 'Staff tools' }).getByRole('link')).toHaveText(
      SCREENS.filter(
        (screen: { group: string; ownerOnly?: boolean }) => screen.group === 'tool' && !screen.ownerOnly,
      ).map((screen) => screen.label),
    );
    // Opened by their address, the owners' screens say so instead of showing a form (issue 21).
    for (const [path, refusal] of [
      ['team', IDENTITY.ownersOnlyTeam],
      ['activity', IDENTITY.ownersOnlyActivity],
      ['privacy', DATA_RIGHTS.ownersOnly],
    ] as const) {
      await editor.goto(`/deltaadmin/${path}`);
      await expect(editor.getByRole('status')).toHaveText(refusal);
      await expect(editor.locator('form')).toHaveCount(0);
    }

    await editor.goto('/deltaadmin/account');
    await editor.getByLabel(ACCOUNT.passkeyName, { exact: true }).fill('E2E laptop');
    await editor.getByRole('button', { name: ACCOUNT.addPasskey, exact: true }).click();
    await expect(editor.locator('[data-notice="success"]')).toHaveText(IDENTITY.passkeyAdded);
    await expect(editor.locator('[data-passkey="E2E laptop"]')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    await editor.getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(editor).toHaveURL(/\/deltaadmin\/login$/);
    await editor.getByRole('button', { name: PASSKEY_LOGIN.button, exact: true }).click();
    await expect(editor).toHaveURL(/\/deltaadmin\/home-content$/);

    // An edit by the editor, through their own session.
    const title = unique('Editor course');
    const created = await context.request.post(contentFamilies.homeCourse.path, {
      data: { title, description: 'Added by the e2e editor' },
      headers: { Origin: baseURL },
    });
    expect(created.status()).toBe(201);
    const courseId = ((await created.json()) as { data: { _id: string } }).data._id;

    // The owner sees it in Activity, by the editor's user ID.
    await page.goto('/deltaadmin/activity');
    await page.getByLabel(ACTIVITY.actor, { exact: true }).fill(userId);
    await page.getByRole('button', { name: ACTIVITY.filter, exact: true }).click();
    // The unfiltered log may still be showing when the click lands: wait for the filtered one (a single create).
    await expect(page.locator('tr[data-action="create"]')).toHaveCount(1);
    await expect(page.locator('tr[data-action="create"]')).toContainText(title);
    await expect(page.locator('tr[data-action="sign-in"]')).toHaveCount(2);
    // Issue 21.7: a sentence naming who did what to which item.
    await expect(page.locator('tr[data-action="create"]')).toContainText(
      `E2E Editor added “${title}” in ${CONTENT_SCREENS.homeCourse.heading}`,
    );
    // A date range that ends before it starts is refused beside the field, and the list stays as it is.
    await page.getByLabel(ACTIVITY.from, { exact: true }).fill('2099-01-02');
    await page.getByLabel(ACTIVITY.to, { exact: true }).fill('2099-01-01');
    await page.getByRole('button', { name: ACTIVITY.filter, exact: true }).click();
    await expect(page.getByLabel(ACTIVITY.from, { exact: true })).toHaveAccessibleDescription(
      ENQUIRY.dateRange,
    );
    await expect(page.locator('tr[data-action="create"]')).toHaveCount(1);
    // Today in IST holds the edit; a day long past holds nothing.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await page.getByLabel(ACTIVITY.from, { exact: true }).fill(today);
    await page.getByLabel(ACTIVITY.to, { exact: true }).fill(today);
    await page.getByRole('button', { name: ACTIVITY.filter, exact: true }).click();
    await expect(page.locator('tr[data-action="create"]')).toHaveCount(1);
    await page.getByLabel(ACTIVITY.from, { exact: true }).fill('2001-01-01');
    await page.getByLabel(ACTIVITY.to, { exact: true }).fill('2001-01-01');
    await page.getByRole('button', { name: ACTIVITY.filter, exact: true }).click();
    await expect(page.getByText(IDENTITY.activityEmpty)).toBeVisible();

    // Disabled: the editor's open session is refused on its next request.
    await page.goto('/deltaadmin/team');
    await page
      .locator(`[data-user-id="${userId}"]`)
      .getByRole('button', { name: `${TEAM.disable} ${userId}` })
      .click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(IDENTITY.accountUpdated);
    expect((await context.request.get(contentFamilies.homeCourse.path + '?drafts=1')).status()).toBe(401);
    await editor.goto('/deltaadmin/home-courses');
    await expect(editor).toHaveURL(/\/deltaadmin\/login$/);
    // Told why (issue 21): on the way out, and again when the right password is typed.
    await expect(editor.getByRole('status')).toHaveText(AUTH.accountDisabled);
    await editor.getByLabel('User ID').fill(userId);
    await editor.getByLabel(/password/i).fill('not-the-password-at-all');
    await editor.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(editor.getByRole('alert')).toHaveText(AUTH.invalidPassword);
    await editor.getByLabel(/password/i).fill(CHOSEN);
    await editor.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(editor.getByRole('alert')).toHaveText(AUTH.accountDisabled);

    expect((await adminApi.delete(`${contentFamilies.homeCourse.path}/${courseId}`)).status()).toBe(200);
  } finally {
    await context.close();
    await removeAccount(adminApi, userId);
  }
});

test('an owner sets a temporary password: the colleague can only choose a new one, typed twice, and then works', async ({
  adminPage: page,
  adminApi,
  browser,
}, testInfo) => {
  const baseURL = projectBaseURL(testInfo.project.use);
  const userId = unique('temp')
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '-')
    .slice(0, 40);
  const temporary = 'amber-quarry-falcon-1937';
  const chosen = 'quiet-meadow-copper-kettle-7';
  const context = await browser.newContext({ baseURL });
  try {
    const created = await adminApi.post(USERS_PATH, {
      data: { userId, name: 'E2E Colleague', role: 'editor', password: PASSWORD },
    });
    expect(created.status()).toBe(201);

    await page.goto('/deltaadmin/team');
    const row = page.locator(`[data-user-id="${userId}"]`);
    await row.getByRole('button', { name: `${TEAM.setTemporaryPassword} ${userId}` }).click();
    await row.getByLabel(TEAM.temporaryPassword, { exact: true }).fill(temporary);
    await row.getByLabel(ACCOUNT.confirmPassword, { exact: true }).fill(`${temporary}!`);
    await row.getByRole('button', { name: TEAM.saveTemporaryPassword, exact: true }).click();
    await expect(page.locator('[data-notice="error"]')).toHaveText(IDENTITY.passwordsDiffer);
    await row.getByLabel(ACCOUNT.confirmPassword, { exact: true }).fill(temporary);
    await row.getByRole('button', { name: TEAM.saveTemporaryPassword, exact: true }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(IDENTITY.temporaryPasswordSet(userId));
    await expect(row).toContainText(TEAM.mustChange);

    const colleague = await context.newPage();
    await colleague.goto('/deltaadmin/login');
    await colleague.getByLabel('User ID').fill(userId);
    await colleague.getByLabel(/password/i).fill(temporary);
    await colleague.getByRole('button', { name: 'Login', exact: true }).click();
    // Only the new-password form: no navigation, no screen.
    await expect(colleague.getByRole('heading', { level: 1 })).toHaveText(PASSWORD_CHANGE.heading);
    await expect(colleague.getByRole('status')).toHaveText(IDENTITY.mustChangePassword);
    await expect(colleague.getByRole('navigation')).toHaveCount(0);
    await colleague.getByLabel(PASSWORD_CHANGE.temporaryPassword, { exact: true }).fill(temporary);
    await colleague.getByLabel(ACCOUNT.newPassword, { exact: true }).fill(chosen);
    await colleague.getByLabel(ACCOUNT.confirmPassword, { exact: true }).fill(`${chosen}x`);
    await colleague.getByRole('button', { name: PASSWORD_CHANGE.submit, exact: true }).click();
    await expect(colleague.getByRole('alert')).toHaveText(IDENTITY.passwordsDiffer);
    await colleague.getByLabel(ACCOUNT.confirmPassword, { exact: true }).fill(chosen);
    await colleague.getByRole('button', { name: PASSWORD_CHANGE.submit, exact: true }).click();
    await expect(colleague.getByRole('button', { name: SHELL.logout, exact: true })).toBeVisible();
    await expect(colleague.getByRole('navigation', { name: SHELL.navLabel })).toBeVisible();
    await expect(colleague).toHaveURL(/\/deltaadmin\/home-content$/);
  } finally {
    await context.close();
    await removeAccount(adminApi, userId);
  }
});
