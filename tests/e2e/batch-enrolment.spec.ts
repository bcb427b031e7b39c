/**
 * Enrolment into a batch (issue 22.5) on the demo content, in a real browser: a course page's "Enrol" opens
 * `/enroll?batch=…` with the batch's course chosen and the batch shown (clearable), the submission stores the
 * batch, and staff see it on the Enrollment Requests screen filtered by that batch (its roster).
 */
import { COURSES_PAGE } from '../../src/lib/page-words.ts';
import { PUBLIC_PATHS } from '../../src/lib/public-api.ts';
import { ENROLL, ENROLL_BATCH } from '../../src/lib/public-copy.ts';
import { REQUESTS } from '../../src/admin/admin-copy.ts';
import EnrollForm from '../../src/islands/EnrollForm.tsx';
import { expect, test, useAdminSession } from './fixtures.ts';
import { holdRequests, skipSplash, waitForIsland, withoutBakedData } from './public-helpers.ts';
import { DEMO_BATCH as BATCH, openBatchEnrolment, submitEnrolment } from './enrol-support.ts';
/** The demo's Ethical Hacking course, named as its page names it on the form, the request and the receipt. */
const COURSE = 'Ethical Hacking';

test('a course page’s Enrol opens the form with its batch chosen; the request keeps the batch', async ({
  page,
  adminApi,
  adminCookies,
}) => {
  const batchId = await openBatchEnrolment(page, BATCH);

  const course = page.getByLabel(ENROLL.course, { exact: true });
  await expect(course).toHaveValue(COURSE);
  const chosen = page.locator('.form-batch');
  await expect(chosen).toContainText(ENROLL_BATCH.chosen(BATCH));
  await expect(chosen).toContainText(COURSES_PAGE.modes.online);
  // Still changeable: clearing the batch keeps the course; coming back restores both.
  await chosen.getByRole('button', { name: ENROLL_BATCH.clear }).click();
  await expect(chosen).toHaveCount(0);
  await expect(course).toHaveValue(COURSE);
  await page.reload();
  await waitForIsland(page, 'EnrollForm');
  await expect(chosen).toContainText(BATCH);

  const email = `batch-${Date.now()}@example.com`;
  await submitEnrolment(page, { name: 'Kavya Menon', email, phone: '+91 90000 54321' });

  const listed = (await (await adminApi.get(`${PUBLIC_PATHS.enroll}?batch=${batchId}`)).json()) as {
    data: { email: string; course: string; batch?: string; batchName?: string }[];
  };
  expect(listed.data.find((entry) => entry.email === email)).toMatchObject({
    course: COURSE,
    batch: batchId,
    batchName: BATCH,
  });

  // Staff: the requests screen filtered by the batch (the Batches screen's Roster link) shows it with its batch.
  await useAdminSession(page, adminCookies);
  await page.goto(`/deltaadmin/enroll-data?batch=${batchId}`);
  const row = page.locator('li.request-row', { hasText: email });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('request-batch')).toContainText(BATCH);
  await expect(page.getByLabel(REQUESTS.batch, { exact: true })).toHaveValue(batchId);
});

// The live course list replaces the baked options after hydration; here it comes late and with other ids (as after
// a restore), which replaces every <option>, or it is the first to bring them (a build with none baked). The
// choice, the batch's or the visitor's own, must survive it.
test('the chosen course survives the live course list replacing the baked options', async ({ page }) => {
  let release = () => {};
  const holdTheLiveList = async () => {
    await page.unrouteAll();
    release = await holdRequests(page, PUBLIC_PATHS.enrollCourse, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { _id: string }[] };
      body.data = body.data.map((course) => ({ ...course, _id: `${course._id}-restored` }));
      await route.fulfill({ response, json: body });
    });
  };
  await holdTheLiveList();
  const course = page.getByLabel(ENROLL.course, { exact: true });
  // Marks the baked course options, lets the live list in, and waits until React has replaced every marked one.
  const liveListIn = async () => {
    const marked = () =>
      course.locator('option').evaluateAll((options) => options.filter((option) => 'baked' in option).length);
    await course.locator('option:not([value=""])').evaluateAll((options) => {
      for (const option of options) Object.assign(option, { baked: true });
    });
    expect(await marked()).toBeGreaterThan(1);
    release();
    await expect.poll(marked).toBe(0);
  };

  await skipSplash(page);
  await page.goto('/courses/ethical-hacking');
  await page.getByRole('link', { name: COURSES_PAGE.enrolLabel(BATCH) }).click();
  await waitForIsland(page, 'EnrollForm');
  await expect(course).toHaveValue(COURSE);
  await liveListIn();
  await expect(course).toHaveValue(COURSE);
  await expect(page.locator('.form-batch')).toContainText(BATCH);
  const batchId = new URL(page.url()).searchParams.get('batch') ?? '';

  await holdTheLiveList();
  await page.goto('/enroll');
  await waitForIsland(page, 'EnrollForm');
  const values = await course
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  const other = values.find((value) => value !== '' && value !== COURSE)!;
  await course.selectOption(other);
  await liveListIn();
  await expect(course).toHaveValue(other);

  // A page built with no courses baked: the batch's course is offered and chosen at once, by its page's name (it
  // no longer waits for the live list to bring its option: decisions §62), and stays chosen when the list comes.
  await holdTheLiveList();
  await withoutBakedData(page, '/enroll', 'EnrollForm', EnrollForm);
  await page.goto(`/enroll?batch=${batchId}`);
  await waitForIsland(page, 'EnrollForm');
  await expect(course.locator('option:not([value=""])')).toHaveCount(1);
  await expect(course).toHaveValue(COURSE);
  release();
  await expect(course).toHaveValue(COURSE);
  await expect(course.locator(`option[value="${COURSE}"]`)).toHaveCount(1);
  // The choice was there before the list came: the released list's fetch finishes before the test does.
  await page.unrouteAll({ behavior: 'wait' });
});
