/**
 * Issue 12.7 in Chromium, on the public runner (its rebuild follows a write within seconds): staff change the
 * phone number in Site settings and visitors see it on /contact and in the footer once the pages are rebuilt.
 * The settings are put back afterwards, and the spec waits for that rebuild too: later specs expect the demo
 * content's details.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { SHELL, SITE_SETTINGS } from '../../src/admin/admin-copy.ts';
import { settingsFamily } from '../../src/lib/collections.ts';
import { VALIDATION } from '../../src/lib/messages.ts';
import { telHref, type SiteSettings } from '../../src/lib/site-settings.ts';
import { SETTINGS } from '../../src/lib/staff-messages.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const storedSettings = async (api: APIRequestContext) =>
  ((await (await api.get(settingsFamily.path)).json()) as { data: SiteSettings }).data;

/** Waits until the rebuilt /contact page does (or no longer does) show `text`. */
const contactShows = (page: Page, text: string, shown: boolean) =>
  expect
    .poll(async () => (await (await page.request.get('/contact')).text()).includes(text), {
      message: `/contact rebuilt ${shown ? 'with' : 'without'} ${text}`,
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBe(shown);

async function openSiteSettings(page: Page) {
  await page
    .getByRole('navigation', { name: SHELL.toolsNavLabel })
    .getByRole('link', { name: SITE_SETTINGS.heading })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: SITE_SETTINGS.heading })).toBeVisible();
}

test('the form has no axe violations; a refused save says why beside the field, focuses it and stores nothing', async ({
  adminPage: page,
  adminApi,
}) => {
  const before = await storedSettings(adminApi);
  await openSiteSettings(page);
  const email = page.getByLabel('Company e-mail', { exact: true });
  await expect(email).toHaveValue(before.email);
  await expectNoAxeViolations(page);
  await email.fill('not an e-mail');
  await page.getByRole('button', { name: SITE_SETTINGS.save, exact: true }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(VALIDATION.emailInvalid, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await storedSettings(adminApi)).toEqual(before);
});

test('a phone number changed in Site settings shows on /contact and in the footer after the rebuild', async ({
  adminPage: page,
  adminApi,
}) => {
  const original = await storedSettings(adminApi);
  const phone = `+91 98${String(Date.now()).slice(-8)}`;
  try {
    await openSiteSettings(page);
    const field = page.getByLabel('Phone', { exact: true });
    await expect(field).toHaveValue(original.phone);
    await field.fill(phone);
    await page.getByRole('button', { name: SITE_SETTINGS.save, exact: true }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(SETTINGS.updated);
    expect((await storedSettings(adminApi)).phone).toBe(phone);
    // The earlier number is now a version in the history, restorable from the screen.
    await expect(page.getByRole('button', { name: /^Restore the version saved / }).first()).toBeVisible();

    await contactShows(page, phone, true);
    await page.goto('/contact');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: phone, exact: true })).toHaveAttribute(
      'href',
      telHref(phone),
    );
    await expect(main).not.toContainText(original.phone);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: phone, exact: true })).toHaveAttribute(
      'href',
      telHref(phone),
    );
    // The JSON-LD the search engines read says the same.
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]',
    ) as {
      '@type': string;
      telephone?: string;
    }[];
    expect(ld.find((entry) => entry['@type'] === 'Organization')?.telephone).toBe(phone);
  } finally {
    expect((await adminApi.put(settingsFamily.path, { data: original })).status()).toBe(200);
    await contactShows(page, phone, false);
  }
  await page.goto('/contact');
  await expect(page.locator('footer')).toContainText(original.phone);
});
