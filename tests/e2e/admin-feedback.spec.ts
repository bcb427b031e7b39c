/**
 * Admin feedback (issue 10, items 8–15) in Chromium: messages stay in view and focus moves sensibly, a deleted
 * card goes at once, an expired session keeps the typed input and the place, stats ask before dropping to 0,
 * each screen has its own title, the picker explains a refused file. Store-level behaviour (server reasons,
 * immediate delete and its rollback) is covered against the real handlers in src/admin/stores/*.test.ts.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { SHELL } from '../../src/admin/admin-copy.ts';
import { SCREENS, screenHref } from '../../src/admin/stores/router.ts';
import { contentFamilies, statsFamily } from '../../src/lib/collections.ts';
import { API, VALIDATION } from '../../src/lib/api-messages.ts';
import { AUTH, CONFIRM } from '../../src/lib/staff-messages.ts';
import { answerDialogs, openScreen, unique } from './admin-support.ts';
import { E2E_ADMIN_PASSWORD } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

const notice = (page: Page, kind: 'success' | 'error') => page.locator(`[data-notice="${kind}"]`);

/** Whether an element is wholly inside the window (the measured bug: y = −58 to −479 px). */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

test('save and delete messages appear in view, focus follows; a deleted card goes at once (10.8, 10.9)', async ({
  adminPage: page,
  adminApi,
}) => {
  const family = contentFamilies.homeCourse;
  const titles = Array.from({ length: 6 }, (_, n) => unique(`Feedback ${n}`));
  for (const title of titles)
    expect((await adminApi.post(family.path, { data: { title, description: 'Long list.' } })).status()).toBe(
      201,
    );
  await page.setViewportSize({ width: 1000, height: 600 });
  await openScreen(page, 'Home Courses', 'Home Courses');
  const card = (title: string) => page.locator('li.item-card', { hasText: title });
  await expect(card(titles[0]!)).toBeVisible();

  // A failed save far from the top of the page: the message is in view, focus is back on the button.
  await page.route(
    (url) => url.pathname === family.path,
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { success: false, message: 'Store said no' } })
        : route.fallback(),
  );
  await page.getByLabel('Title', { exact: true }).fill('Will fail');
  await page.getByLabel('Description', { exact: true }).fill('Will fail');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: 'Add Course', exact: true }).click();
  await expect(notice(page, 'error')).toHaveText('Store said no');
  expect(await inView(notice(page, 'error'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Add Course', exact: true })).toBeFocused();
  await page.unrouteAll({ behavior: 'wait' });

  // Delete the last card while the server takes its time: the card is gone before the answer.
  const last = titles[0]!; // oldest: at the bottom of the list
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith(`${family.path}/`),
    async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      await held;
      return route.continue();
    },
  );
  await card(last).scrollIntoViewIfNeeded();
  await card(last)
    .getByRole('button', { name: `Delete ${last}` })
    .click();
  await expect(card(last)).toHaveCount(0);
  await expect(notice(page, 'success')).toHaveCount(0);
  release();
  await expect(notice(page, 'success')).toHaveText(family.messages.deleted);
  expect(await inView(notice(page, 'success'))).toBe(true);
  // Focus moved to the neighbouring card, not to the top of the page.
  await expect(card(titles[1]!).getByRole('button', { name: `Edit ${titles[1]}` })).toBeFocused();
  await page.unrouteAll({ behavior: 'wait' });

  for (const title of titles.slice(1)) {
    const list = (await (await adminApi.get(family.path)).json()) as {
      data: { _id: string; title: string }[];
    };
    const id = list.data.find((item) => item.title === title)?._id;
    if (id) await adminApi.delete(`${family.path}/${id}`);
  }
});

test('an expired session on Save keeps the typed input and returns to the screen after sign-in (10.11)', async ({
  adminPage: page,
}) => {
  await page.goto(screenHref('career'));
  await expect(page.getByRole('heading', { name: 'Career', level: 1 })).toBeVisible();
  const title = unique('Kept through sign-in');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Typed before the session ended.');
  await page.getByLabel('Point 1', { exact: true }).fill('Still here');
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Add Career', exact: true }).click();

  await expect(page).toHaveURL(/\/deltaadmin\/login$/);
  await expect(page.getByText(AUTH.sessionExpired, { exact: true })).toBeVisible();
  await page.getByLabel(/password/i).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/deltaadmin\/career$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue(
    'Typed before the session ended.',
  );
  await expect(page.getByLabel('Point 1', { exact: true })).toHaveValue('Still here');
});

test('a deep link without a session returns to that screen after sign-in (10.11)', async ({ page }) => {
  await page.goto(screenHref('stats'));
  await expect(page).toHaveURL(/\/deltaadmin\/login$/);
  await page.getByLabel(/password/i).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/deltaadmin\/stats$/);
});

test('each screen has its own document title (10.14)', async ({ adminPage: page }) => {
  // The first screen was loaded directly (the fixture's home content); the others are reached through their
  // sidebar links, as staff move, so the admin loads once instead of once per screen. The title follows the
  // route either way (AdminApp.tsx).
  const running = new Set<Request>();
  page.on('request', (request) => running.add(request));
  page.on('requestfinished', (request) => running.delete(request));
  page.on('requestfailed', (request) => running.delete(request));
  for (const screen of SCREENS) {
    await page.locator(`nav a[href="${screenHref(screen.path)}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${screenHref(screen.path)}$`));
    await expect(page).toHaveTitle(SHELL.documentTitle(screen.label));
    // Let the screen's own requests finish (what networkidle did for a page load): leaving at once piles them up
    // on the local runner, whose queue then delays everything after it (each invocation costs ~0.2 s of CPU).
    await expect
      .poll(async () => {
        if (running.size > 0) return running.size;
        await page.waitForTimeout(300);
        return running.size;
      })
      .toBe(0);
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveTitle(SHELL.documentTitle(SHELL.loginTitle));
});

test('stats: no old success beside a new error; confirmation before dropping to 0 (10.12)', async ({
  adminPage: page,
  adminApi,
}) => {
  const stored = ((await (await adminApi.get(statsFamily.path)).json()) as { data: { totalCourses: number } })
    .data.totalCourses;
  const next = stored + 3;
  await openScreen(page, 'Stats', 'Stats');
  const input = page.getByLabel('Total courses');
  await expect(input).toHaveValue(String(stored));
  await input.fill(String(next));
  await page.getByRole('button', { name: 'Update Stats' }).click();
  await expect(notice(page, 'success')).toBeVisible();
  await input.fill('-1');
  await page.getByRole('button', { name: 'Update Stats' }).click();
  await expect(page.getByText(VALIDATION.totalCoursesInvalid, { exact: true })).toBeVisible();
  await expect(notice(page, 'success')).toHaveCount(0);

  // Declined: nothing is sent, the figure stays.
  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === statsFamily.path) puts += 1;
  });
  const dialogs = answerDialogs(page, () => false);
  await input.fill('');
  await page.getByRole('button', { name: 'Update Stats' }).click();
  await expect.poll(() => dialogs).toEqual([CONFIRM.statsZero(next)]);
  await expect(page.getByTestId('total-courses')).toHaveText(String(next));
  expect(puts).toBe(0);

  expect((await adminApi.put(statsFamily.path, { data: { totalCourses: stored } })).status()).toBe(200);
});

test('the picker refuses an SVG and a text file up front, with the reason (10.15)', async ({
  adminPage: page,
}) => {
  await openScreen(page, 'Home Content', 'Home Content');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
  });
  await expect(page.getByText(API.notAnImage, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Selected image preview' })).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toHaveAttribute('aria-invalid', 'true');

  await openScreen(page, 'Home Services', 'Home Services');
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    return data;
  });
  await page.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText(API.notAnImage, { exact: true })).toBeVisible();
});
