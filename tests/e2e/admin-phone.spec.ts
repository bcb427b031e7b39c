/**
 * The admin on a 390 px phone (issue 21.10): a menu button instead of a sidebar that takes a quarter of the
 * width, the request filters folded behind a button, no badge over its link's words, no wrapped Close, and
 * messages that close themselves on success (errors stay) without covering the buttons in use. Also the shell's
 * smaller items of 21.11: who is signed in, a "View site" link, a visible "Staff tools" heading.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ACCOUNT, REQUESTS, SHELL, TEAM, WORKFLOW_COPY } from '../../src/admin/admin-copy.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { contentFamilies, enrollCourseFamily, requestFamilies } from '../../src/lib/collections.ts';
import { SUCCESS_NOTICE_MS } from '../../src/lib/constants.ts';
import { IDENTITY } from '../../src/lib/staff-messages.ts';
import { unique } from './admin-support.ts';
import { expect, projectBaseURL, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };

const notice = (page: Page, kind: 'success' | 'error') => page.locator(`[data-notice="${kind}"]`);
const card = (page: Page, title: string) =>
  page.locator('li.item-card', { has: page.getByRole('heading', { name: title, exact: true }) });

/** The box of an element's own text (not of the element): what a person reads. */
const textBox = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const box = range.getBoundingClientRect();
    return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, lines: lineCount(range) };
    function lineCount(words: Range) {
      return new Set([...words.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top))
        .size;
    }
  });

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

type Playwright = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

/** A visitor's enrolment request, through the public API: a new request for the badge and the list. */
async function submitEnrolment(playwright: Playwright, baseURL: string, name: string) {
  const visitor = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: projectBaseURL({ baseURL }) },
  });
  const courses = (await (await visitor.get(enrollCourseFamily.path)).json()) as {
    data: { courseName: string }[];
  };
  const response = await visitor.post(requestFamilies.enroll.path, {
    data: {
      name,
      email: `phone-${Date.now()}@example.com`,
      phone: '+91 98765 43210',
      course: courses.data[0]!.courseName,
      message: 'From a phone test.',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await visitor.dispose();
}

test('a phone gets a menu button: the content has the width, the menu opens, closes on choosing and on Escape', async ({
  adminPage: page,
}) => {
  await page.setViewportSize(PHONE);
  const menu = page.getByRole('button', { name: SHELL.menu, exact: true });
  const sections = page.getByRole('navigation', { name: SHELL.navLabel });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // The spec's one-letter title stays; the links wait behind the button.
  await expect(page.locator('.admin-brand-short')).toBeVisible();
  await expect(page.locator('.admin-brand-short')).toHaveText(/^\S$/);
  await expect(sections).toBeHidden();
  const main = await box(page.locator('#admin-main'));
  expect(main.x).toBeLessThan(1);
  expect(main.width).toBeGreaterThanOrEqual(PHONE.width - 1);

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sections.getByRole('link')).toHaveCount(9);
  for (const link of await sections.getByRole('link').all()) await expect(link).toBeVisible();
  await expect(page.getByRole('heading', { name: SHELL.toolsNavLabel, exact: true })).toBeVisible();
  await sections.getByRole('link', { name: 'Stats', exact: true }).click();
  await expect(page).toHaveURL(/\/deltaadmin\/stats$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
  await expect(sections).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await menu.click();
  await expect(sections).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sections).toBeHidden();
  await expect(menu).toBeFocused();
  // The link of the screen already shown closes it too.
  await menu.click();
  await sections.getByRole('link', { name: 'Stats', exact: true }).click();
  await expect(sections).toBeHidden();

  // Above 576 px the sidebar is back and the button is gone.
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(menu).toBeHidden();
  await expect(sections).toBeVisible();
});

test('the header says who is signed in and links to the site; the staff tools have a visible heading', async ({
  adminPage: page,
}) => {
  await expect(page.getByTestId('header-signed-in-as')).toHaveText(/^Signed in as .+ \((Owner|Editor)\)$/);
  const viewSite = page.getByRole('link', { name: new RegExp(`^${SHELL.viewSite}`) });
  await expect(viewSite).toHaveAttribute('href', '/');
  await expect(viewSite).toHaveAttribute('target', '_blank');
  const heading = page.getByRole('heading', { name: SHELL.toolsNavLabel, exact: true });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('navigation', { name: SHELL.toolsNavLabel })).toContainText(
    SHELL.toolsNavLabel,
  );

  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('header-signed-in-as')).toBeVisible();
  await expect(viewSite).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
});

test('on a phone the request filters fold behind a button and the first request shows', async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  const name = unique('Phone enrolment');
  await submitEnrolment(playwright, baseURL!, name);
  await page.setViewportSize(PHONE);
  await page.goto(screenHref('enroll-data'));
  await expect(page.getByRole('heading', { level: 1, name: 'Enrollment Requests' })).toBeVisible();
  const search = page.getByLabel(REQUESTS.search, { exact: true });
  const toggle = page.getByRole('button', { name: REQUESTS.filtersToggle, exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(search).toBeHidden();
  const first = page.locator('li.item-card').first();
  await expect(first).toBeVisible();
  expect((await box(first)).y).toBeLessThan(PHONE.height);

  await toggle.click();
  await expect(search).toBeVisible();
  await search.fill(name);
  await expect(page.locator('li.item-card')).toHaveCount(1);
  await expect(card(page, name)).toBeVisible();
  // Folded again, the button still says the list is filtered.
  await page.getByRole('button', { name: REQUESTS.filtersToggleActive, exact: true }).click();
  await expect(search).toBeHidden();
  await expect(page.getByRole('button', { name: REQUESTS.filtersToggleActive, exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  // Wider, the filters show and the button does not.
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(search).toBeVisible();
  await expect(page.getByRole('button', { name: REQUESTS.filtersToggleActive, exact: true })).toBeHidden();
});

test('a badge of new requests sits beside or under its link, never over "Enrollment"', async ({
  adminPage: page,
  playwright,
  baseURL,
}) => {
  await submitEnrolment(playwright, baseURL!, unique('Badge enrolment'));
  await page.reload();
  const link = page
    .getByRole('navigation', { name: SHELL.navLabel })
    .getByRole('link', { name: 'Enrollment Requests', exact: true });
  const badge = page.getByTestId('nav-badge-enrollData');
  const apart = async () => {
    const words = await textBox(link);
    const count = await box(badge);
    return (
      count.x >= words.right ||
      count.x + count.width <= words.left ||
      count.y >= words.bottom ||
      count.y + count.height <= words.top
    );
  };
  for (const width of [1280, 700]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(badge).toBeVisible();
    expect(await apart(), `at ${width} px`).toBe(true);
  }
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: SHELL.menu, exact: true }).click();
  await expect(badge).toBeVisible();
  expect(await apart(), 'at 390 px').toBe(true);
});

test("History's Close button stays one word on one line at 390 px", async ({ adminPage: page, adminApi }) => {
  const family = contentFamilies.homeCourse;
  const title = unique('A rather long course title that fills the dialog heading on a phone');
  const created = await adminApi.post(family.path, { data: { title, description: 'Phone.' } });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  try {
    await page.setViewportSize(PHONE);
    await page.goto(screenHref('home-courses'));
    await card(page, title)
      .getByRole('button', { name: `${WORKFLOW_COPY.history} ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: WORKFLOW_COPY.historyTitle(title) });
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: WORKFLOW_COPY.close, exact: true });
    expect((await textBox(close)).lines).toBe(1);
    await close.click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await adminApi.delete(`${family.path}/${id}`);
  }
});

test('a success message closes itself, an error stays; neither covers the buttons being used', async ({
  adminPage: page,
  adminApi,
}) => {
  const family = contentFamilies.homeCourse;
  const titles = Array.from({ length: 4 }, (_, n) => unique(`Phone toast ${n}`));
  const ids: string[] = [];
  for (const title of titles) {
    const response = await adminApi.post(family.path, { data: { title, description: 'Phone.' } });
    expect(response.status()).toBe(201);
    ids.push(((await response.json()) as { data: { _id: string } }).data._id);
  }
  try {
    await page.setViewportSize(PHONE);
    // A Playwright clock (time flows as usual) lets the spec jump over the message's SUCCESS_NOTICE_MS instead of
    // sitting through it: the checks are the same, before and after that time.
    await page.clock.install();
    await page.goto(screenHref('home-courses'));
    await expect(card(page, titles[0]!)).toBeVisible();

    // A save's success: in view at once, gone by itself.
    const added = unique('Phone toast added');
    await page.getByLabel('Title', { exact: true }).fill(added);
    await page.getByLabel('Description', { exact: true }).fill('Phone.');
    await page.getByRole('button', { name: 'Add Course', exact: true }).click();
    await expect(notice(page, 'success')).toHaveText(family.messages.added);
    const toast = page.locator('.notice-toast');
    const toastTop = async () => (await box(toast)).y;
    // The focused control, and any button scrolled into view, stop above the message.
    const clear = async (target: Locator) => {
      const { y, height } = await box(target);
      return y + height <= (await toastTop()) + 0.5;
    };
    const focused = page.locator(':focus');
    if ((await focused.count()) > 0 && !(await focused.evaluate((el) => el === document.body)))
      expect(await clear(focused)).toBe(true);
    const lastDelete = card(page, titles[0]!).getByRole('button', { name: `Delete ${titles[0]}` });
    await lastDelete.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    expect(await clear(lastDelete)).toBe(true);
    await page.clock.fastForward(SUCCESS_NOTICE_MS);
    await expect(notice(page, 'success')).toHaveCount(0);
    const newId = (
      (await (await adminApi.get(family.path)).json()) as { data: { _id: string; title: string }[] }
    ).data.find((item) => item.title === added)?._id;
    if (newId) ids.push(newId);

    // Hovering holds a success open.
    await page.getByRole('button', { name: `Edit ${titles[1]}` }).click();
    await page.getByRole('button', { name: 'Update Course', exact: true }).click();
    await expect(notice(page, 'success')).toHaveText(family.messages.updated);
    await toast.hover();
    await page.clock.fastForward(SUCCESS_NOTICE_MS + 1_000);
    await expect(notice(page, 'success')).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.fastForward(SUCCESS_NOTICE_MS);
    await expect(notice(page, 'success')).toHaveCount(0);

    // An error stays until dismissed.
    await page.route(
      (url) => url.pathname === family.path,
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, json: { success: false, message: 'Store said no' } })
          : route.fallback(),
    );
    await page.getByLabel('Title', { exact: true }).fill('Will fail');
    await page.getByLabel('Description', { exact: true }).fill('Will fail');
    await page.getByRole('button', { name: 'Add Course', exact: true }).click();
    await expect(notice(page, 'error')).toHaveText('Store said no');
    await expect(page.getByRole('button', { name: 'Add Course', exact: true })).toBeFocused();
    expect(await clear(page.getByRole('button', { name: 'Add Course', exact: true }))).toBe(true);
    await page.clock.fastForward(SUCCESS_NOTICE_MS + 1_000);
    await expect(notice(page, 'error')).toHaveText('Store said no');
    await page.getByRole('button', { name: SHELL.dismiss }).click();
    await expect(notice(page, 'error')).toHaveCount(0);
    await page.unrouteAll({ behavior: 'wait' });
  } finally {
    for (const id of ids) await adminApi.delete(`${family.path}/${id}`);
  }
});

test('Team shows the user-ID rule under the field and checks it while the owner types (21.11)', async ({
  adminPage: page,
}) => {
  await page.goto(screenHref('team'));
  await expect(page.getByRole('heading', { level: 1, name: TEAM.heading })).toBeVisible();
  const userId = page.getByLabel(TEAM.userId, { exact: true });
  // The rule is there before anything is typed, and is the field's description.
  await expect(userId).toHaveAccessibleDescription(TEAM.userIdHint);
  await expect(userId).not.toHaveAttribute('aria-invalid', 'true');
  await userId.pressSequentially('ravi kumar');
  await expect(page.getByText(IDENTITY.userIdInvalid, { exact: true })).toBeVisible();
  await expect(userId).toHaveAttribute('aria-invalid', 'true');
  await userId.fill('ravi.kumar');
  await expect(page.getByText(IDENTITY.userIdInvalid, { exact: true })).toHaveCount(0);
  await expect(userId).not.toHaveAttribute('aria-invalid', 'true');
  // Refused before it is sent: nothing reaches the server.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/users')) posts += 1;
  });
  await userId.fill('x');
  await page.getByRole('button', { name: TEAM.add, exact: true }).click();
  await expect(page.getByText(IDENTITY.userIdInvalid, { exact: true })).toBeVisible();
  await expect(userId).toBeFocused();
  expect(posts).toBe(0);
});

test('the first owner renames themselves on the Account screen and the header follows (21.11)', async ({
  adminPage: page,
}) => {
  await page.goto(screenHref('account'));
  await expect(page.getByRole('heading', { level: 1, name: ACCOUNT.heading })).toBeVisible();
  const field = page.getByLabel(ACCOUNT.nameLabel, { exact: true });
  const before = await page.getByTestId('header-signed-in-as').textContent();
  const original = await field.inputValue();
  expect(original).not.toBe('');
  const name = unique('Asha');
  try {
    await field.fill(name);
    await page.getByRole('button', { name: ACCOUNT.saveName, exact: true }).click();
    await expect(notice(page, 'success')).toHaveText(IDENTITY.accountUpdated);
    await expect(page.getByTestId('header-signed-in-as')).toHaveText(new RegExp(`^Signed in as ${name} \\(`));
    await page.reload();
    await expect(page.getByLabel(ACCOUNT.nameLabel, { exact: true })).toHaveValue(name);
  } finally {
    await page.getByLabel(ACCOUNT.nameLabel, { exact: true }).fill(original);
    await page.getByRole('button', { name: ACCOUNT.saveName, exact: true }).click();
    await expect(page.getByTestId('header-signed-in-as')).toHaveText(before!);
  }
});
