/**
 * Scheduled publishing in Chromium (issue 24.3), on the Blobs runner, whose scheduler ticks every 5 s
 * (SCHEDULED_PUBLISHING_INTERVAL_MS in playwright.config.ts) and which rebuilds 2 s after a change: a career
 * scheduled a few seconds ahead is published by the local runner's scheduler by itself and reaches the rebuilt
 * /career; one scheduled for tomorrow through the form (IST) is listed on the Scheduled screen, opens in its form
 * from Edit, and is cancelled there.
 */
import type { APIRequestContext } from '@playwright/test';
import { FORM } from '../../src/admin/admin-copy.ts';
import { CONTENT_SCREENS } from '../../src/admin/content-screens.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { formatIst, istDayTimeToUtc, utcToIstDayTime } from '../../src/lib/ist.ts';
import { SCHEDULE } from '../../src/lib/staff-messages.ts';
import { answerDialogs, openScreen, unique } from './admin-support.ts';
import { expect, test } from './fixtures.ts';

/** The scheduler's tick, then a rebuild, on a loaded 2-core machine: generous. */
const REBUILT = { timeout: 120_000, intervals: [1_000] };
const family = contentFamilies.career;

interface Career {
  _id: string;
  title: string;
  published: boolean;
  publishAt?: string;
}

const careers = async (api: APIRequestContext) =>
  ((await (await api.get(`${family.path}?drafts=1`)).json()) as { data: Career[] }).data;
const careerTitled = async (api: APIRequestContext, title: string) =>
  (await careers(api)).find((item) => item.title === title);

test('the local scheduler publishes a scheduled career by itself; the Scheduled screen lists, edits and cancels', async ({
  adminPage: page,
  adminApi,
  request,
}) => {
  test.setTimeout(240_000);
  const soon = unique('Scheduled role');
  const created = await adminApi.post(family.path, {
    data: {
      title: soon,
      description: 'Goes live by itself.',
      points: ['Patience'],
      publishAt: new Date(Date.now() + 8_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  expect(((await created.json()) as { data: Career }).data.published).toBe(false);
  expect((await (await request.get(family.path)).text()).includes(soon)).toBe(false);

  // Tomorrow at 10:00 IST, typed in the form as staff read it, while the first one's time comes (none of the
  // requests below publishes anything: only the runner's scheduler does).
  const later = unique('Tomorrow role');
  const day = utcToIstDayTime(new Date(Date.now() + 86_400_000).toISOString()).slice(0, 10);
  const publishAt = istDayTimeToUtc(`${day}T10:00`) ?? '';
  await openScreen(page, 'Career', CONTENT_SCREENS.career.heading);
  await page.getByLabel('Title', { exact: true }).fill(later);
  await page.getByLabel('Description', { exact: true }).fill('Opens tomorrow.');
  await page.getByLabel(FORM.point(1), { exact: true }).fill('Curiosity');
  await page.getByLabel(SCHEDULE.publishAt, { exact: true }).fill(`${day}T10:00`);
  await page.getByRole('button', { name: 'Add Career', exact: true }).click();
  const card = page.locator('li.item-card', { hasText: later });
  await expect(card.getByText(SCHEDULE.goesLive(formatIst(publishAt)), { exact: true })).toBeVisible();
  expect((await careerTitled(adminApi, later))?.publishAt).toBe(publishAt);

  await page
    .getByRole('navigation', { name: 'Staff tools' })
    .getByRole('link', { name: SCHEDULE.heading, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: SCHEDULE.heading })).toBeVisible();
  const entry = page.locator('li.item-card', { hasText: later });
  await expect(entry.getByText(formatIst(publishAt), { exact: true })).toBeVisible();
  await expect(entry.getByText(SCHEDULE.change.publish, { exact: true })).toBeVisible();

  // Edit opens the item in its family's form.
  await entry.getByRole('link', { name: `${SCHEDULE.edit} ${later}` }).click();
  await expect(page.getByText(FORM.editing(later), { exact: true })).toBeVisible();
  await expect(page.getByLabel(SCHEDULE.publishAt, { exact: true })).toHaveValue(`${day}T10:00`);

  await openScreen(page, SCHEDULE.heading, SCHEDULE.heading, 'Staff tools');
  const dialogs = answerDialogs(page, () => true);
  await page
    .locator('li.item-card', { hasText: later })
    .getByRole('button', { name: `${SCHEDULE.cancel} publish ${later}` })
    .click();
  await expect(page.getByText(SCHEDULE.cancelled(later), { exact: true })).toBeVisible();
  expect(dialogs).toEqual([SCHEDULE.confirmCancel('publish', later)]);
  await expect(page.locator('li.item-card', { hasText: later })).toHaveCount(0);
  const cancelled = await careerTitled(adminApi, later);
  expect(cancelled).toMatchObject({ published: false });
  expect(cancelled?.publishAt).toBeUndefined();

  // No request of ours publishes it: the runner's scheduler does, and the rebuild brings it to the page.
  await expect
    .poll(async () => {
      const item = await careerTitled(adminApi, soon);
      return item ? { published: item.published, scheduled: item.publishAt !== undefined } : null;
    }, REBUILT)
    .toEqual({ published: true, scheduled: false });
  await expect
    .poll(async () => (await (await request.get('/career')).text()).includes(soon), REBUILT)
    .toBe(true);

  for (const title of [soon, later]) {
    const item = await careerTitled(adminApi, title);
    if (item) await adminApi.delete(`${family.path}/${item._id}`);
  }
});
