/**
 * The owner's view on a 390 px phone (issue 41): the owner opens Insights and reads this month's figures as SVG
 * charts named by their titles and as tables, each with its CSV, without the page scrolling sideways.
 */
import { screenHref } from '../../src/admin/stores/router.ts';
import { INSIGHTS } from '../../src/lib/staff-messages.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

test('the owner reads Insights at 390 px: a chart with its title, the same numbers as a table, a CSV', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(screenHref('insights'));
  await expect(page.getByRole('heading', { level: 1, name: INSIGHTS.heading })).toBeVisible();
  const funnel = page.getByRole('region', { name: INSIGHTS.funnel });
  await expect(funnel.getByRole('img', { name: INSIGHTS.funnel })).toBeVisible();
  await expect(funnel.locator('svg > title')).toHaveText(INSIGHTS.funnel);
  const table = funnel.getByRole('table', { name: INSIGHTS.funnel });
  for (const stage of Object.values(INSIGHTS.stages))
    await expect(table.getByRole('rowheader', { name: stage, exact: true })).toBeVisible();
  await expect(funnel.getByRole('link', { name: new RegExp(`^${INSIGHTS.downloadCsv}`) })).toHaveAttribute(
    'download',
    'funnel.csv',
  );
  await expect(page.getByRole('region', { name: INSIGHTS.response }).getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});
