/**
 * Issue 25, the trust half, on the built site: security.txt as RFC 9116 asks (served as text/plain; charset=utf-8),
 * the /security page with the demo hall of fame, the WhatsApp link on every public page with the demo number and a
 * message naming the page, and the credentials and the link following Site settings after a rebuild.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { settingsFamily } from '../../src/lib/collections.ts';
import { CREDENTIALS, SECURITY_PAGE, WHATSAPP } from '../../src/lib/page-words.ts';
import { parseSecurityTxt } from '../../src/lib/security-txt.ts';
import { PUBLIC_PAGES, siteConfig } from '../../src/lib/site-config.ts';
import type { SiteSettings } from '../../src/lib/site-settings.ts';
import { demoContent, demoSettings } from '../../scripts/seed/demo-content.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

test('security.txt has the fields RFC 9116 asks for, an Expires within a year, and is plain UTF-8 text', async ({
  request,
}) => {
  const response = await request.get('/.well-known/security.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const fields = parseSecurityTxt(await response.text());
  expect(fields.get('contact')).toEqual([`mailto:${siteConfig.email}`]);
  const expires = fields.get('expires') ?? [];
  expect(expires).toHaveLength(1);
  const at = Date.parse(expires[0]!);
  // Rendered by this run's build: after now, and at most a year from now.
  expect(at).toBeGreaterThan(Date.now());
  expect(at).toBeLessThanOrEqual(Date.now() + YEAR_MS);
  for (const [name, path] of [
    ['policy', '/security'],
    ['acknowledgments', '/security#hall-of-fame'],
    ['canonical', '/.well-known/security.txt'],
  ] as const) {
    const [value] = fields.get(name) ?? [];
    expect(new URL(value!).pathname + new URL(value!).hash, name).toBe(path);
  }
  expect(fields.get('preferred-languages')).toEqual(['en, hi']);
});

test('/security states the policy, where to report, that there is no paid bounty, and thanks the researchers', async ({
  page,
}) => {
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1, name: SECURITY_PAGE.title })).toBeVisible();
  for (const heading of [
    SECURITY_PAGE.heading,
    SECURITY_PAGE.scopeHeading,
    SECURITY_PAGE.reportHeading,
    SECURITY_PAGE.promiseHeading,
    SECURITY_PAGE.safeHarbourHeading,
    SECURITY_PAGE.hallOfFameHeading,
  ])
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  await expect(page.locator('[data-security-contact]')).toHaveAttribute('href', `mailto:${siteConfig.email}`);
  await expect(page.locator('[data-bounty]')).toHaveText(SECURITY_PAGE.noBounty);
  const hall = page.locator('#hall-of-fame');
  for (const { fields } of demoContent.hallOfFame) {
    const entry = hall.locator('li.card', {
      has: page.getByRole('heading', { name: String(fields.researcher) }),
    });
    await expect(entry).toContainText(String(fields.summary));
  }
  await expect(hall.locator('time').first()).toHaveText('14 Aug 2026');
  await expect(
    page.locator('footer').getByRole('link', { name: SECURITY_PAGE.title, exact: true }),
  ).toHaveAttribute('href', '/security');
  await expectNoAxeViolations(page);
});

test('every public page has the WhatsApp link: the demo number, a message naming the page, no layout shift', async ({
  page,
}) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const link = page.getByRole('link', { name: WHATSAPP.accessibleName, exact: true });
    await expect(link, path).toHaveCount(1);
    await expect(link).toHaveText(WHATSAPP.label);
    const href = new URL((await link.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${demoSettings.whatsappNumber}`);
    // Each inner page's hero shows its title, the name the message gives the page.
    const name = path === '/' ? 'home' : (await page.locator('h1').textContent())!.trim();
    expect(href.searchParams.get('text'), path).toBe(WHATSAPP.message(name));
  }
  // Rendered in the page's flow from the start: nothing moves when it appears (no layout shift at all).
  await page.goto('/privacy-policy');
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 1_000);
      }),
  );
  expect(shifted).toBe(0);
  // No third-party script: every script the pages load is the site's own.
  const scripts = await page
    .locator('script[src]')
    .evaluateAll((all) => all.map((script) => new URL((script as HTMLScriptElement).src).origin));
  expect(scripts.every((origin) => origin === new URL(page.url()).origin)).toBe(true);
});

const storedSettings = async (api: APIRequestContext) =>
  ((await (await api.get(settingsFamily.path)).json()) as { data: SiteSettings }).data;
const pageShows = (page: Page, path: string, text: string, shown: boolean) =>
  expect
    .poll(async () => (await (await page.request.get(path)).text()).includes(text), {
      message: `${path} rebuilt ${shown ? 'with' : 'without'} ${text}`,
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBe(shown);

test('credentials show on /about and /services once listed; the WhatsApp link goes when the number is cleared', async ({
  page,
  adminApi,
}) => {
  test.setTimeout(300_000);
  const original = await storedSettings(adminApi);
  expect(original.credentials).toEqual([]);
  await page.goto('/about');
  await expect(page.locator('[data-credentials]')).toHaveCount(0);
  const name = `ISO/IEC 27001:2022 ${Date.now().toString(36)}`;
  const credential = { name, issuer: 'BSI', reference: 'IS 765432', verifyUrl: 'https://example.com/verify' };
  try {
    expect(
      (
        await adminApi.put(settingsFamily.path, {
          data: { ...original, credentials: [credential], whatsappNumber: '' },
        })
      ).status(),
    ).toBe(200);
    await pageShows(page, '/about', name, true);
    for (const path of ['/about', '/services']) {
      await page.goto(path);
      const section = page.locator('[data-credentials]');
      await expect(section.getByRole('heading', { name: CREDENTIALS.heading })).toBeVisible();
      await expect(section.getByRole('heading', { name, exact: true })).toBeVisible();
      await expect(section).toContainText(`${CREDENTIALS.issuedBy} BSI`);
      await expect(
        section.getByRole('link', { name: `${CREDENTIALS.verify} ${CREDENTIALS.verifyFor(name)}` }),
      ).toHaveAttribute('href', credential.verifyUrl);
      await expect(page.getByRole('link', { name: WHATSAPP.accessibleName })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  } finally {
    expect((await adminApi.put(settingsFamily.path, { data: original })).status()).toBe(200);
    await pageShows(page, '/about', name, false);
  }
});
