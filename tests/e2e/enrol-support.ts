/**
 * The enrolment path the batch, fee and enrolment-page specs share on the demo content: the Ethical Hacking
 * course page's Enrol link for a batch, the form submitted as a student, and Site settings naming a UPI payee
 * for as long as a spec needs one.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { settingsFamily } from '../../src/lib/collections.ts';
import { PUBLIC } from '../../src/lib/messages.ts';
import { COURSES_PAGE } from '../../src/lib/page-words.ts';
import { ENROLL } from '../../src/lib/public-copy.ts';
import { expect } from './fixtures.ts';
import { skipSplash, waitForIsland } from './public-helpers.ts';

/** The demo batch of the Ethical Hacking course the enrolment specs enrol into. */
export const DEMO_BATCH = 'EH weekday evenings';
export const UPI = { upiVpa: 'deltasecure@okhdfcbank', upiPayeeName: 'DeltaSecure Technologies' };

/** Opens the demo course page and follows `batch`'s Enrol link to the hydrated form; answers the batch's id. */
export async function openBatchEnrolment(page: Page, batch = DEMO_BATCH): Promise<string> {
  await skipSplash(page);
  await page.goto('/courses/ethical-hacking');
  await page.getByRole('link', { name: COURSES_PAGE.enrolLabel(batch) }).click();
  await expect(page).toHaveURL(/\/enroll\?batch=/);
  const batchId = new URL(page.url()).searchParams.get('batch') ?? '';
  await waitForIsland(page, 'EnrollForm');
  return batchId;
}

/** Fills the enrol form's person and submits it; the spec's success message must show. */
export async function submitEnrolment(
  page: Page,
  student: { name: string; email: string; phone: string },
): Promise<void> {
  await page.getByLabel(ENROLL.name, { exact: true }).fill(student.name);
  await page.getByLabel(ENROLL.email, { exact: true }).fill(student.email);
  await page.getByLabel(ENROLL.phone, { exact: true }).fill(student.phone);
  await page.getByRole('button', { name: ENROLL.submit }).click();
  await expect(page.getByText(PUBLIC.enrollSuccess, { exact: true })).toBeVisible();
}

/** Runs `run` with Site settings naming the UPI payee, then puts the settings back as they were. */
export async function withUpiPayee(adminApi: APIRequestContext, run: () => Promise<void>): Promise<void> {
  const current = (await (await adminApi.get(`${settingsFamily.path}?drafts=1`)).json()) as {
    data: Record<string, unknown>;
  };
  expect((await adminApi.put(settingsFamily.path, { data: { ...current.data, ...UPI } })).status()).toBe(200);
  try {
    await run();
  } finally {
    await adminApi.put(settingsFamily.path, { data: current.data });
  }
}
