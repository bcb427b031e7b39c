/**
 * Admin routes, sign-in, sign-out, an expired session and the shell (spec section 2 "Admin routes", 4 and 8).
 * Login attempts are rate-limited (5 per 5 minutes per client), so only two real attempts are made here; the
 * rest of the suite shares one session (fixtures.ts).
 */
import { FORM } from '../../src/admin/admin-copy.ts';
import { AUTH } from '../../src/lib/staff-messages.ts';
import { E2E_ADMIN_PASSWORD } from './e2e-env.ts';
import { expect, expectNoAxeViolations, signInPage, test } from './fixtures.ts';
import { openScreen } from './admin-support.ts';
import { BOOTSTRAP_USER_ID } from '../../src/lib/identity.ts';
import type { SCREENS } from '../../src/admin/stores/router.ts';
import type { Covers } from '../support/covers.ts';

const SIDEBAR = [
  ['Home Content', 'home-content'],
  ['Home Services', 'home-services'],
  ['Home Courses', 'home-courses'],
  ['Service Content', 'service-content'],
  ['Career', 'career'],
  ['Contact Requests', 'contact-data'],
  ['Enrollment Requests', 'enroll-data'],
  ['Courses', 'courses'],
  ['Stats', 'stats'],
] as const;
// The spec's nine links are the registry's `section` screens, no more, no fewer (tests/support/covers.ts).
type SectionPath = Extract<(typeof SCREENS)[number], { group: 'section' }>['path'];
const _everySection: Covers<SectionPath, (typeof SIDEBAR)[number][1]> = true;
const _onlySections: Covers<(typeof SIDEBAR)[number][1], SectionPath> = true;

const flag = (page: import('@playwright/test').Page) =>
  page.evaluate(() => localStorage.getItem('adminLoggedIn'));

test.describe('signed out', () => {
  test('every admin path leads to the login page, which passes axe', async ({ page }) => {
    for (const path of [
      '/deltaadmin',
      '/deltaadmin/',
      '/deltaadmin/stats',
      '/deltaadmin/dashboard',
      '/deltaadmin/nope',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/deltaadmin\/login$/);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    const userId = page.getByLabel('User ID');
    await expect(userId).toBeDisabled();
    await expect(userId).not.toHaveValue('');
    // The bootstrap owner's real user ID, which is what a password manager should save (issue 21).
    await expect(userId).toHaveValue(BOOTSTRAP_USER_ID);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page);
  });

  test('login: required, wrong password, too many attempts, then success', async ({ page }) => {
    await page.goto('/deltaadmin/login');
    const password = page.getByLabel(/password/i);
    const login = page.getByRole('button', { name: 'Login' });

    // Required, checked before any call.
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/login')) calls += 1;
    });
    await login.click();
    await expect(page.getByText(AUTH.passwordRequired, { exact: true })).toBeVisible();
    expect(calls).toBe(0);

    // Wrong password (the real server): the spec's message, the password cleared and focused.
    await password.fill('not-the-password');
    await password.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(AUTH.invalidPassword);
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    expect(await flag(page)).toBeNull();
    await expectNoAxeViolations(page);

    // Too many attempts: the server's message (forced, so the real limit is not spent).
    await page.route('**/api/v1/auth/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '120' },
        json: { success: false, message: AUTH.tooManyAttempts },
      }),
    );
    await password.fill('whatever');
    await login.click();
    await expect(page.getByRole('alert')).toHaveText(AUTH.tooManyAttempts);
    await expect(password).toHaveValue('');

    // Not configured on the server: its message too.
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/api/v1/auth/login', (route) =>
      route.fulfill({ status: 503, json: { success: false, message: AUTH.notConfigured } }),
    );
    await password.fill('whatever');
    await login.click();
    await expect(page.getByRole('alert')).toHaveText(AUTH.notConfigured);
    await page.unrouteAll({ behavior: 'wait' });

    // The right password: the flag is the string 'true' and the admin lands on home-content.
    await signInPage(page);
    expect(await flag(page)).toBe('true');
    await expect(page.getByRole('heading', { level: 1, name: 'Home Content' })).toBeVisible();
    expect(E2E_ADMIN_PASSWORD).not.toBe('');
  });
});

test.describe('signed in', () => {
  test('index, dashboard and unknown sub-paths go to home-content; the sidebar reaches all nine screens', async ({
    adminPage: page,
  }) => {
    for (const path of ['/deltaadmin/dashboard', '/deltaadmin/no-such-screen']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/deltaadmin\/home-content$/);
    }
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByRole('link')).toHaveCount(9);
    await expect(page.getByRole('banner')).toContainText('Admin');
    for (const [label, path] of SIDEBAR) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/deltaadmin/${path}$`));
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // As a person would: the screen has loaded before the next click (requests of a screen left are not
      // cancelled, and a pile of them can hold up the next screen's code on a slow local runner).
      await expect(page.getByText(FORM.loading, { exact: true })).toHaveCount(0, { timeout: 30_000 });
    }
    // Back and forward work like any site.
    await page.goBack();
    await expect(page).toHaveURL(/\/deltaadmin\/courses$/);
  });

  test('keyboard: skip link and sidebar links work without a mouse', async ({ adminPage: page }) => {
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#admin-main')).toBeFocused();
    const stats = page.getByRole('link', { name: 'Stats', exact: true });
    await stats.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/deltaadmin\/stats$/);
  });

  test('each route change scrolls to the top', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await openScreen(page, 'Service Content', 'Service Content');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Career', exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the sidebar title collapses to one letter at 768 px', async ({ adminPage: page }) => {
    const full = page.locator('.admin-brand-full');
    const short = page.locator('.admin-brand-short');
    await page.setViewportSize({ width: 769, height: 800 });
    await expect(short).toBeHidden();
    expect((await full.boundingBox())?.width ?? 0).toBeGreaterThan(20);

    await page.setViewportSize({ width: 768, height: 800 });
    await expect(short).toBeVisible();
    await expect(short).toHaveText(/^\S$/);
    expect((await full.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    // The full title stays the navigation's accessible text, and all nine links stay reachable.
    await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link')).toHaveCount(9);
    await expectNoAxeViolations(page);
  });

  test('logout calls the API, clears the flag and returns to login', async ({ adminPage: page }) => {
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL(/\/deltaadmin\/login$/);
    expect(await flag(page)).toBeNull();
    await page.goto('/deltaadmin/stats');
    await expect(page).toHaveURL(/\/deltaadmin\/login$/);
  });

  test('an expired session: the next call answers 401 and the admin lands on login', async ({
    adminPage: page,
  }) => {
    await openScreen(page, 'Courses', 'Enrollable Courses');
    await page.context().clearCookies();
    await page.getByLabel('Course name').fill('Never stored');
    const rejected = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/enrollCourse') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add Course' }).click();
    expect((await rejected).status()).toBe(401);
    await expect(page).toHaveURL(/\/deltaadmin\/login$/);
    expect(await flag(page)).toBeNull();
  });

  test('a flag left from an ended session is cleared on the next visit', async ({ adminPage: page }) => {
    await page.context().clearCookies();
    await page.goto('/deltaadmin/home-courses');
    await expect(page).toHaveURL(/\/deltaadmin\/login$/);
    expect(await flag(page)).toBeNull();
  });
});
