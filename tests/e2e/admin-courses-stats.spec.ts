/**
 * Enrollable courses and stats (spec section 2, 5, 8 and 9): add, duplicate, delete with confirmation,
 * 'Available Courses (count)', the 3 s success notice; stats read and update, validation, retries only on 503
 * (3 × 1000 ms), 3 s banners. Timers are driven with Playwright's clock where the spec names a duration.
 */
import type { Page } from '@playwright/test';
import { enrollCourseFamily, statsFamily } from '../../src/lib/collections.ts';
import { VALIDATION } from '../../src/lib/api-messages.ts';
import { ADMIN, CONFIRM } from '../../src/lib/staff-messages.ts';
import { answerDialogs, openScreen, unique } from './admin-support.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const notice = (page: Page, kind: 'success' | 'error') => page.locator(`[data-notice="${kind}"]`);
const courseRow = (page: Page, name: string) => page.locator('li.course-row', { hasText: name });
const countTitle = (page: Page) =>
  page.getByRole('heading', { level: 2, name: /^Available Courses \(\d+\)$/ });

test.describe('Courses screen', () => {
  test('adds, refuses a duplicate and deletes with the confirmation; the success notice clears after 3 s', async ({
    adminPage: page,
  }) => {
    await page.clock.install();
    await page.reload();
    await openScreen(page, 'Courses', 'Enrollable Courses');
    await expect(countTitle(page)).toBeVisible();
    const before = await page.locator('li.course-row').count();
    await expect(countTitle(page)).toHaveText(ADMIN.enrollCourse.listTitle(before));
    await expectNoAxeViolations(page);

    // Validation from the shared schema: empty and whitespace-only names.
    const input = page.getByLabel('Course name');
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(page.getByText(VALIDATION.courseTitleRequired, { exact: true })).toBeVisible();
    await input.fill('   ');
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(page.getByText(VALIDATION.courseTitleRequired, { exact: true })).toBeVisible();
    await expect(input).toBeFocused();

    const name = unique('E2E Course');
    await input.fill(name);
    // Time stands still from here, so the 3 s are the page's clock, not the test's pace.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(notice(page, 'success')).toHaveText(ADMIN.enrollCourse.added);
    await expect(courseRow(page, name)).toBeVisible();
    await expect(countTitle(page)).toHaveText(ADMIN.enrollCourse.listTitle(before + 1));
    await expect(input).toHaveValue('');
    await page.clock.runFor(2_900);
    await expect(notice(page, 'success')).toBeVisible();
    await page.clock.runFor(200);
    await expect(notice(page, 'success')).toHaveCount(0);
    await page.clock.resume();

    // The same name again (any case): the server's reason beside the field, and only there (issue 10.10,
    // docs/decisions.md 22: no second "Failed to add course. Please try again."); focus goes to the field.
    await input.fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(page.getByText(VALIDATION.courseDuplicate, { exact: true })).toBeVisible();
    await expect(notice(page, 'error')).toHaveCount(0);
    await expect(input).toBeFocused();
    // Failures stay.
    await page.clock.runFor(5_000);
    await expect(page.getByText(VALIDATION.courseDuplicate, { exact: true })).toBeVisible();

    let accept = false;
    const dialogs = answerDialogs(page, () => accept);
    await courseRow(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await expect.poll(() => dialogs.length).toBe(1);
    await expect(courseRow(page, name)).toBeVisible();
    accept = true;
    await courseRow(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await expect(notice(page, 'success')).toHaveText(ADMIN.enrollCourse.deleted);
    await expect(courseRow(page, name)).toHaveCount(0);
    await expect(countTitle(page)).toHaveText(ADMIN.enrollCourse.listTitle(before));
    expect(dialogs).toEqual([CONFIRM.course, CONFIRM.course]);
  });

  test('shows the empty, load, add and delete failure texts verbatim', async ({ adminPage: page }) => {
    let mode: 'empty' | 'fail' | 'one' = 'empty';
    await page.route(
      (url) =>
        url.pathname === enrollCourseFamily.path || url.pathname.startsWith(`${enrollCourseFamily.path}/`),
      async (route) => {
        const method = route.request().method();
        if (method !== 'GET') return route.fulfill({ status: 500, json: { success: false } });
        if (mode === 'fail') return route.fulfill({ status: 500, json: { success: false } });
        const data =
          mode === 'one' ? [{ _id: 'c1', courseName: 'Sticky Course', createdAt: '', updatedAt: '' }] : [];
        return route.fulfill({ json: { success: true, data } });
      },
    );
    await openScreen(page, 'Courses', 'Enrollable Courses');
    await expect(page.getByText(ADMIN.enrollCourse.empty, { exact: true })).toBeVisible();
    await expect(countTitle(page)).toHaveText(ADMIN.enrollCourse.listTitle(0));

    mode = 'fail';
    await page.reload();
    await expect(notice(page, 'error')).toHaveText(ADMIN.enrollCourse.fetchFailed);
    await expectNoAxeViolations(page);

    mode = 'one';
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(courseRow(page, 'Sticky Course')).toBeVisible();
    await page.getByLabel('Course name').fill('Will fail');
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(notice(page, 'error')).toHaveText(ADMIN.enrollCourse.addFailed);

    answerDialogs(page, () => true);
    await courseRow(page, 'Sticky Course').getByRole('button', { name: 'Delete Sticky Course' }).click();
    await expect(notice(page, 'error')).toHaveText(ADMIN.enrollCourse.deleteFailed);
  });
});

test.describe('Stats screen', () => {
  test('reads and updates the total; validation; the banner clears after 3 s', async ({
    adminPage: page,
    adminApi,
  }) => {
    const stored = (
      (await (await adminApi.get(statsFamily.path)).json()) as { data: { totalCourses: number } }
    ).data.totalCourses;
    await page.clock.install();
    await page.reload();
    await openScreen(page, 'Stats', 'Stats');
    await expect(page.getByTestId('total-courses')).toHaveText(String(stored));
    const input = page.getByLabel('Total courses');
    await expect(input).toHaveValue(String(stored));
    await expectNoAxeViolations(page);

    for (const invalid of ['-1', '1.5']) {
      await input.fill(invalid);
      await page.getByRole('button', { name: 'Update Stats' }).click();
      await expect(page.getByText(VALIDATION.totalCoursesInvalid, { exact: true })).toBeVisible();
    }

    const next = stored + 7;
    await input.fill(String(next));
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.getByRole('button', { name: 'Update Stats' }).click();
    await expect(notice(page, 'success')).toHaveText(ADMIN.stats.updated);
    await expect(page.getByTestId('total-courses')).toHaveText(String(next));
    expect(
      ((await (await adminApi.get(statsFamily.path)).json()) as { data: { totalCourses: number } }).data
        .totalCourses,
    ).toBe(next);
    await page.clock.runFor(2_900);
    await expect(notice(page, 'success')).toBeVisible();
    await page.clock.runFor(200);
    await expect(notice(page, 'success')).toHaveCount(0);
    await page.clock.resume();

    // A non-numeric value becomes 0 (spec section 5), after a confirmation (issue 10.12, docs/decisions.md 22).
    const dialogs = answerDialogs(page, () => true);
    await input.fill('');
    await page.getByRole('button', { name: 'Update Stats' }).click();
    await expect.poll(() => dialogs).toEqual([CONFIRM.statsZero(next)]);
    await expect(notice(page, 'success')).toHaveText(ADMIN.stats.updated);
    await expect(page.getByTestId('total-courses')).toHaveText('0');

    expect((await adminApi.put(statsFamily.path, { data: { totalCourses: stored } })).status()).toBe(200);
  });

  test('retries 3 times 1000 ms apart, only on 503; failure banners clear after 3 s', async ({
    adminPage: page,
  }) => {
    const calls: { method: string; at: number }[] = [];
    let getFailures = 4;
    let putStatus = 503;
    await page.route(
      (url) => url.pathname === statsFamily.path,
      async (route) => {
        const method = route.request().method();
        calls.push({ method, at: Date.now() });
        if (method === 'GET' && getFailures > 0) {
          getFailures -= 1;
          return route.fulfill({
            status: 503,
            headers: { 'Retry-After': '1' },
            json: { success: false, message: 'busy' },
          });
        }
        if (method === 'PUT') return route.fulfill({ status: putStatus, json: { success: false } });
        return route.fulfill({ json: { success: true, data: { totalCourses: 12 } } });
      },
    );

    // Four 503s: one call and three retries, then the fetch failure text, gone after 3 s.
    await openScreen(page, 'Stats', 'Stats');
    await expect(notice(page, 'error')).toHaveText(ADMIN.stats.fetchFailed, { timeout: 15_000 });
    const gets = calls.filter((call) => call.method === 'GET');
    expect(gets).toHaveLength(4);
    for (let i = 1; i < gets.length; i += 1)
      expect(gets[i]!.at - gets[i - 1]!.at).toBeGreaterThanOrEqual(950);
    await expect(notice(page, 'error')).toHaveCount(0, { timeout: 5_000 });

    // Two 503s then an answer: no error at all.
    calls.length = 0;
    getFailures = 2;
    await page.reload();
    await expect(page.getByTestId('total-courses')).toHaveText('12', { timeout: 15_000 });
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(3);
    await expect(notice(page, 'error')).toHaveCount(0);

    // PUT: 500 is not retried; 503 is, three times.
    calls.length = 0;
    putStatus = 500;
    await page.getByRole('button', { name: 'Update Stats' }).click();
    await expect(notice(page, 'error')).toHaveText(ADMIN.stats.updateFailed);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    calls.length = 0;
    putStatus = 503;
    await page.getByRole('button', { name: 'Update Stats' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await expect(notice(page, 'error')).toHaveText(ADMIN.stats.updateFailed, { timeout: 15_000 });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(4);
    await expectNoAxeViolations(page);
  });
});
