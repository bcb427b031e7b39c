/**
 * Staff never lose work (issue 21), in Chromium: leaving a form with changes asks first (an in-app link, Back, a
 * reload), what was typed is kept in the tab and offered back, and a save that met a colleague's newer version
 * is refused with the differences and the choice to save over it. The API side is in
 * tests/integration/versions-api.test.ts, the stores' in src/admin/stores/editing-conflict.test.ts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { FORM, SITE_SETTINGS } from '../../src/admin/admin-copy.ts';
import { CONTENT_SCREENS } from '../../src/admin/content-screens.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { contentFamilies, settingsFamily } from '../../src/lib/collections.ts';
import { EDITING } from '../../src/lib/staff-messages.ts';
import { answerDialogs, unique } from './admin-support.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const family = contentFamilies.homeCourse;
const screen = CONTENT_SCREENS.homeCourse;

interface Created {
  _id: string;
  title: string;
}

async function createCourse(api: APIRequestContext, title: string): Promise<Created> {
  const response = await api.post(family.path, { data: { title, description: 'As first written.' } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Created }).data;
}

async function storedCourse(api: APIRequestContext, id: string) {
  const response = await api.get(`${family.path}/${id}?drafts=1`);
  return ((await response.json()) as { data: { description: string; version: number } }).data;
}

const card = (page: Page, title: string) =>
  page.locator('li.item-card', { has: page.getByRole('heading', { name: title, exact: true }) });
const description = (page: Page) => page.getByLabel('Description', { exact: true });
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true });

/** Through the sidebar, as a person does: the page before stays in this document's history (Back is in-app). */
async function editCourse(page: Page, title: string) {
  await sidebarLink(page, 'Home Courses').click();
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await card(page, title)
    .getByRole('button', { name: `${FORM.edit} ${title}` })
    .click();
  await expect(page.getByText(FORM.editing(title))).toBeVisible();
}

test('leaving an edited form asks first; what was typed comes back after another screen and a reload', async ({
  adminPage: page,
  adminApi,
}) => {
  const title = unique('Unsaved course');
  const item = await createCourse(adminApi, title);
  await editCourse(page, title);
  await description(page).fill('Typed on the phone, not saved yet.');

  // An in-app link: declined, the form stays as typed.
  let accept = false;
  const asked = answerDialogs(page, () => accept);
  await sidebarLink(page, 'Career').click();
  expect(asked).toEqual([EDITING.leave]);
  await expect(page).toHaveURL(screenHref('home-courses'));
  await expect(description(page)).toHaveValue('Typed on the phone, not saved yet.');

  // Back (to Home Content, in this document): declined too.
  await page.evaluate(() => history.back());
  await expect.poll(() => asked).toEqual([EDITING.leave, EDITING.leave]);
  await expect(page).toHaveURL(screenHref('home-courses'));
  await expect(description(page)).toHaveValue('Typed on the phone, not saved yet.');

  // Accepted: another screen, then back again — the draft is offered, not forced.
  accept = true;
  await sidebarLink(page, 'Career').click();
  await expect(page).toHaveURL(screenHref('career'));
  await sidebarLink(page, 'Home Courses').click();
  await expect(page.getByText(FORM.editing(title))).toBeHidden();
  await page.getByRole('button', { name: EDITING.draftRestore }).click();
  await expect(page.getByText(FORM.editing(title))).toBeVisible();
  await expect(description(page)).toHaveValue('Typed on the phone, not saved yet.');

  // A reload asks the browser's own question, and the draft survives it too.
  const reloadDialogs: string[] = [];
  page.removeAllListeners('dialog');
  page.on('dialog', (dialog) => {
    reloadDialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(reloadDialogs).toEqual(['beforeunload']);
  await page.getByRole('button', { name: EDITING.draftRestore }).click();
  await expect(description(page)).toHaveValue('Typed on the phone, not saved yet.');

  // Saved: nothing is kept or asked any more.
  await page.getByRole('button', { name: `${FORM.update} ${screen.noun}` }).click();
  await expect(page.locator('[data-notice="success"]')).toHaveText(family.messages.updated);
  expect((await storedCourse(adminApi, item._id)).description).toBe('Typed on the phone, not saved yet.');
  await page.reload();
  await expect(page.getByRole('button', { name: EDITING.draftRestore })).toHaveCount(0);
  expect(reloadDialogs).toEqual(['beforeunload']);
});

test('a save that met a colleague’s newer version shows the differences and saves over it only when asked', async ({
  adminPage: page,
  adminApi,
}) => {
  const title = unique('Contested course');
  const item = await createCourse(adminApi, title);
  await editCourse(page, title);
  // A colleague saves from their phone meanwhile.
  const colleague = await adminApi.put(`${family.path}/${item._id}`, {
    data: { title, description: 'Saved from the phone.' },
  });
  expect(colleague.status()).toBe(200);

  await description(page).fill('Written on the desktop.');
  await page.getByRole('button', { name: `${FORM.update} ${screen.noun}` }).click();
  const panel = page.locator('.conflict-panel');
  await expect(panel.getByRole('heading', { name: EDITING.conflictHeading })).toBeVisible();
  await expect(panel).toContainText(/saved a newer version at .* IST, after you opened this one/);
  await expect(panel).toBeFocused();
  expect((await storedCourse(adminApi, item._id)).description).toBe('Saved from the phone.');
  await expect(description(page)).toHaveValue('Written on the desktop.');

  await panel.getByRole('button', { name: EDITING.conflictReview }).click();
  const row = panel.getByRole('row', { name: /Description/ });
  await expect(row.getByRole('cell').nth(0)).toHaveText('Saved from the phone.');
  await expect(row.getByRole('cell').nth(1)).toHaveText('Written on the desktop.');
  await expectNoAxeViolations(page);

  await panel.getByRole('button', { name: EDITING.conflictKeepMine }).click();
  await expect(page.locator('[data-notice="success"]')).toHaveText(family.messages.updated);
  await expect(panel).toHaveCount(0);
  expect(await storedCourse(adminApi, item._id)).toMatchObject({
    description: 'Written on the desktop.',
    version: 2,
  });
});

test('Site settings: leaving with changes asks first, and a stale save offers the stored settings', async ({
  adminPage: page,
  adminApi,
}) => {
  await page.goto(screenHref('site-settings'));
  await expect(page.getByRole('heading', { level: 1, name: SITE_SETTINGS.heading })).toBeVisible();
  const read = await adminApi.get(`${settingsFamily.path}?drafts=1`);
  const current = (await read.json()) as { data: Record<string, unknown> };
  const phoneField = page.locator('[name="phone"]');
  await phoneField.fill('+91 90000 11111');

  const asked = answerDialogs(page, () => false);
  await sidebarLink(page, 'Home Courses').click();
  expect(asked).toEqual([EDITING.leave]);
  await expect(page).toHaveURL(screenHref('site-settings'));

  const colleague = await adminApi.put(settingsFamily.path, {
    data: { ...current.data, phone: '+91 90000 22222' },
  });
  expect(colleague.status()).toBe(200);
  await page.getByRole('button', { name: SITE_SETTINGS.save }).click();
  const panel = page.locator('.conflict-panel');
  await expect(panel.getByRole('heading', { name: EDITING.conflictHeading })).toBeVisible();
  await panel.getByRole('button', { name: EDITING.conflictDiscardMine }).click();
  await expect(phoneField).toHaveValue('+91 90000 22222');
  await expect(panel).toHaveCount(0);
  // Restore the demo's settings for the other specs.
  expect((await adminApi.put(settingsFamily.path, { data: current.data })).status()).toBe(200);
});
