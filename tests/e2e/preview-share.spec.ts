/**
 * Preview and share in Chromium (issue 24.4): staff make a draft change to a career, "Preview" opens the page with
 * the typed (unsaved) text and the PREVIEW banner; "Share preview" makes a link that a fresh, signed-out browser
 * context opens to see the saved draft with the banner, and after Revoke the same URL shows the clear page and
 * none of the draft's text.
 */
import { FORM } from '../../src/admin/admin-copy.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { PREVIEW_PAGE } from '../../src/lib/messages.ts';
import { PREVIEW } from '../../src/lib/staff-messages.ts';
import { unique } from './admin-support.ts';
import { expect, test } from './fixtures.ts';

test('a draft is previewed, shared with a signed-out browser, and shows nothing once revoked', async ({
  adminPage: page,
  adminApi,
  browser,
}) => {
  const family = contentFamilies.career;
  const title = unique('Preview role');
  const secret = unique('Draft-only duty');
  const created = await adminApi.post(family.path, {
    data: { title, description: 'Saved description.', points: ['Curiosity'], published: false },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;

  await page.goto(screenHref('career'));
  await page.locator(`[data-item-id="${id}"]`).getByRole('button', { name: FORM.edit }).click();
  const description = page.getByLabel('Description', { exact: true });
  await description.fill(`Typed, not saved: ${secret}`);

  // Preview: the unsaved text, in a tab of its own, with the banner and noindex.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: PREVIEW.preview, exact: true }).click(),
  ]);
  await tab.waitForLoadState();
  await expect(tab.locator('[data-preview-banner]')).toContainText(PREVIEW_PAGE.banner);
  await expect(tab.locator('main')).toContainText(secret);
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await tab.close();

  // Saved as a draft, then shared.
  await page.getByRole('button', { name: `${FORM.update} ${'Career'}`, exact: false }).click();
  await expect
    .poll(async () => JSON.stringify(await (await adminApi.get(`${family.path}/${id}?drafts=1`)).json()))
    .toContain(secret);
  await page.locator(`[data-item-id="${id}"]`).getByRole('button', { name: FORM.edit }).click();
  await page.getByRole('button', { name: PREVIEW.share, exact: true }).click();
  const url = await page.getByLabel(PREVIEW.urlLabel, { exact: true }).inputValue();
  expect(url).toContain('/preview/');

  // A fresh browser, signed out.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  const opened = await visitor.goto(url);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['cache-control']).toBe('private, no-store');
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  await expect(visitor.locator('[data-preview-banner]')).toContainText(PREVIEW_PAGE.banner);
  await expect(visitor.locator('main')).toContainText(title);
  await expect(visitor.locator('main')).toContainText(secret);
  // In the deployed page's own shell: its stylesheet and navbar, without its scripts.
  await expect(visitor.locator('link[rel="stylesheet"][href^="/_astro/"]')).toHaveCount(1);
  await expect(visitor.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(visitor.locator('script')).toHaveCount(0);

  // Revoked from the admin: the same URL shows the clear page and nothing of the draft.
  const links = page.locator('[data-preview-link]');
  await expect(links).toHaveCount(1);
  await links.getByRole('button', { name: PREVIEW.revoke }).click();
  await expect(page.getByText(PREVIEW.revoked)).toBeVisible();
  const closed = await visitor.goto(url);
  expect(closed?.status()).toBe(410);
  await expect(visitor.getByRole('alert')).toHaveText(PREVIEW_PAGE.revoked);
  const html = await visitor.content();
  expect(html).not.toContain(secret);
  expect(html).not.toContain(title);
  await stranger.close();
});
