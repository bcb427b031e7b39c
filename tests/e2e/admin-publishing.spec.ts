/**
 * Publishing in Chromium: a saved career says, after the spec's sentence, that it is live in a few seconds, and
 * /career shows it with no deploy counted (pages render on demand, decisions §69); the Publishing staff tool says
 * so and shows nothing waiting, with no "Publish now" (decisions §76).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { FORM } from '../../src/admin/admin-copy.ts';
import { CONTENT_SCREENS } from '../../src/admin/content-screens.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { PUBLISHING_PATH, type PublishingStatus } from '../../src/lib/publishing.ts';
import { PUBLISHING } from '../../src/lib/staff-messages.ts';
import { unique } from './admin-support.ts';
import { expect, test } from './fixtures.ts';

/** A page rendered on a loaded 2-core machine: generous. */
const REBUILT = { timeout: 90_000, intervals: [1_000] };

const status = async (api: APIRequestContext) =>
  ((await (await api.get(PUBLISHING_PATH)).json()) as { data: PublishingStatus }).data;

const toast = (page: Page) => page.locator('.notice-toast');

test('a save says it goes live in seconds, and the Publishing tool says so', async ({
  adminPage: page,
  adminApi,
  request,
}) => {
  const family = contentFamilies.career;
  const title = unique('Live role');
  await page.goto(screenHref('career'));
  await expect(page.getByRole('heading', { level: 1, name: CONTENT_SCREENS.career.heading })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Open now.');
  await page.getByLabel(FORM.point(1), { exact: true }).fill('Curiosity');
  await page.getByRole('button', { name: 'Add Career', exact: true }).click();
  // The spec's sentence stays exactly as it is; when it goes live is the line after it.
  await expect(toast(page).locator('[data-notice="success"]')).toHaveText(family.messages.added);
  await expect(toast(page).locator('.notice-detail')).toHaveText(PUBLISHING.liveSoon);
  await expect
    .poll(async () => (await (await request.get('/career')).text()).includes(title), REBUILT)
    .toBe(true);

  // The edit is live without a deploy (decisions §69, §76: nothing in the product asks for one).
  expect((await status(adminApi)).live).toEqual({ when: 'soon' });
  await page
    .getByRole('navigation', { name: 'Staff tools' })
    .getByRole('link', { name: PUBLISHING.heading, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: PUBLISHING.heading })).toBeVisible();
  await expect(page.locator('[data-figure="next"]')).toHaveText(PUBLISHING.liveSoon);
  // Nothing to spend a deploy on: content needs none, and code deploys come from git (decisions §76).
  await expect(page.getByRole('button', { name: /publish now/i })).toHaveCount(0);

  const careers = (await (await adminApi.get(`${family.path}?drafts=1`)).json()) as {
    data: { _id: string; title: string }[];
  };
  const created = careers.data.find((item) => item.title === title);
  if (created) await adminApi.delete(`${family.path}/${created._id}`);
});
