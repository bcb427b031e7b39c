/**
 * Issue 12.7 in Chromium, on the public runner (its rebuild follows a write within seconds): staff change the
 * phone number in Site settings and visitors see it on /contact and in the footer once the pages are rebuilt.
 * The settings are put back afterwards, and the spec waits for that rebuild too: later specs expect the demo
 * content's details.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { SHELL, SITE_SETTINGS } from '../../src/admin/admin-copy.ts';
import { contentFamilies, settingsFamily } from '../../src/lib/collections.ts';
import { FIELD_REASONS, VALIDATION } from '../../src/lib/api-messages.ts';
import { CAREER } from '../../src/lib/page-words.ts';
import { telHref, type SiteSettings } from '../../src/lib/site-settings.ts';
import { ADMIN, COURSE_SETTINGS, SETTINGS } from '../../src/lib/staff-messages.ts';
import { expect, expectNoAxeViolations, projectBaseURL, test } from './fixtures.ts';

const storedSettings = async (api: APIRequestContext) =>
  ((await (await api.get(settingsFamily.path)).json()) as { data: SiteSettings }).data;

/** Waits until the rebuilt /contact page does (or no longer does) show `text`. */
const contactShows = (request: APIRequestContext, text: string, shown: boolean) =>
  expect
    .poll(async () => (await (await request.get('/contact')).text()).includes(text), {
      message: `/contact rebuilt ${shown ? 'with' : 'without'} ${text}`,
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBe(shown);

/**
 * Rebuilds a test's cleanup asked for, waited for after the spec's last test: meanwhile the next test's writes
 * share their rebuild window instead of starting builds of their own after it (docs/decisions.md, §54).
 */
const settling: ((request: APIRequestContext) => Promise<void>)[] = [];

test.afterAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  // Later specs expect the demo content's details, in the built pages too.
  const request = await playwright.request.newContext({ baseURL: projectBaseURL(testInfo.project.use) });
  for (const settled of settling) await settled(request);
  await request.dispose();
});

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

    await contactShows(page.request, phone, true);
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
    await contactShows(page.request, phone, false);
  }
  await page.goto('/contact');
  await expect(page.locator('footer')).toContainText(original.phone);
});

test("the public pages' own words and how to apply for a career are edited in Site settings (issue 21)", async ({
  adminPage: page,
  adminApi,
}) => {
  const original = await storedSettings(adminApi);
  const stamp = String(Date.now()).slice(-8);
  const words = {
    'About page: heading': `Why We Exist ${stamp}`,
    'About page: first card, title': 'Red Teaming',
    'About page: contact card, title': 'Say Hello',
    'Contact page: text above the form': 'Tell us about your project.',
    'Home page: line under the slideshow': `Audits, apps and academy ${stamp}.`,
    'Careers page: how to apply': 'https://jobs.example.com/apply',
  };
  const career = contentFamilies.career;
  const ownTitle = `Apply by e-mail ${stamp}`;
  let created: { _id: string } | null = null;
  try {
    // The career form offers its own way to apply, and says what an empty one means.
    await page
      .getByRole('navigation', { name: SHELL.navLabel })
      .getByRole('link', { name: 'Career', exact: true })
      .click();
    await expect(page.getByLabel(ADMIN.career.applyToLabel, { exact: true })).toHaveAccessibleDescription(
      ADMIN.career.applyToHint,
    );

    await openSiteSettings(page);
    for (const [label, value] of Object.entries(words))
      await page.getByLabel(label, { exact: true }).fill(value);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: SITE_SETTINGS.save, exact: true }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(SETTINGS.updated);
    const response = await adminApi.post(career.path, {
      multipart: {
        title: ownTitle,
        description: 'Send us your CV.',
        points: JSON.stringify(['Curiosity']),
        applyTo: 'hiring@example.com',
      },
    });
    expect(response.status()).toBe(201);
    created = ((await response.json()) as { data: { _id: string } }).data;

    await expect
      .poll(async () => (await (await page.request.get('/career')).text()).includes(ownTitle), {
        message: '/career rebuilt with the new career',
        timeout: 120_000,
        intervals: [1_000],
      })
      .toBe(true);
    await page.goto('/about');
    const about = page.locator('main');
    await expect(about.getByRole('heading', { name: words['About page: heading'] })).toBeVisible();
    await expect(about.getByRole('heading', { name: 'Red Teaming', exact: true })).toBeVisible();
    await expect(about.getByRole('heading', { name: 'Say Hello', exact: true })).toBeVisible();
    await expect(about).toContainText(original.aboutCard2Text);

    await page.goto('/contact');
    await expect(page.locator('main')).toContainText('Tell us about your project.');
    await page.goto('/');
    await expect(page.locator('.hero-cta')).toContainText(words['Home page: line under the slideshow']);

    await page.goto('/career');
    const own = page.locator('.career-item', { has: page.getByRole('heading', { name: ownTitle }) });
    await expect(
      own.getByRole('link', { name: `${CAREER.apply} ${CAREER.applyFor(ownTitle)}` }),
    ).toHaveAttribute(
      'href',
      `mailto:hiring@example.com?subject=${encodeURIComponent(CAREER.applySubject(ownTitle))}`,
    );
    await expect(own).toContainText(`${CAREER.applyByEmail} hiring@example.com`);
    // The careers that name no way to apply use the one in Site settings.
    const others = page.locator('.career-item', { hasNot: page.getByRole('heading', { name: ownTitle }) });
    expect(await others.count()).toBeGreaterThan(0);
    for (const link of await others.getByRole('link', { name: new RegExp(`^${CAREER.apply} `) }).all())
      await expect(link).toHaveAttribute('href', 'https://jobs.example.com/apply');
    await expectNoAxeViolations(page);
  } finally {
    if (created) expect((await adminApi.delete(`${career.path}/${created._id}`)).status()).toBe(200);
    expect((await adminApi.put(settingsFamily.path, { data: original })).status()).toBe(200);
    // Waited for once the spec is done, so the next test's writes share this rebuild window.
    settling.push((request) => contactShows(request, 'Tell us about your project.', false));
  }
});

test('the course pages’ and fees’ settings (issue 22) are edited in their own section, refused beside the field when malformed', async ({
  adminPage: page,
  adminApi,
}) => {
  const original = await storedSettings(adminApi);
  try {
    await openSiteSettings(page);
    const section = page.getByRole('group', { name: SITE_SETTINGS.groups.courses });
    await expect(section.getByLabel(COURSE_SETTINGS.refundPolicyLabel, { exact: true })).toHaveValue(
      original.refundPolicy,
    );
    const gstin = section.getByLabel(COURSE_SETTINGS.gstinLabel, { exact: true });
    await gstin.fill('27AAPFU0939F1ZA');
    await section.getByLabel(COURSE_SETTINGS.upiVpaLabel, { exact: true }).fill('deltasecure@okhdfcbank');
    await page.getByRole('button', { name: SITE_SETTINGS.save, exact: true }).click();
    await expect(gstin).toBeFocused();
    await expect(gstin).toHaveAttribute('aria-invalid', 'true');
    await expect(
      section.getByText(FIELD_REASONS.gstin(COURSE_SETTINGS.gstinLabel), { exact: true }),
    ).toBeVisible();
    expect(await storedSettings(adminApi)).toEqual(original);

    await gstin.fill('27aapfu0939f1zv');
    await page.getByRole('button', { name: SITE_SETTINGS.save, exact: true }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(SETTINGS.updated);
    expect(await storedSettings(adminApi)).toEqual({
      ...original,
      gstin: '27AAPFU0939F1ZV',
      upiVpa: 'deltasecure@okhdfcbank',
    });
    await expect(gstin).toHaveValue('27AAPFU0939F1ZV');
    await expectNoAxeViolations(page);
  } finally {
    expect((await adminApi.put(settingsFamily.path, { data: original })).status()).toBe(200);
  }
});
