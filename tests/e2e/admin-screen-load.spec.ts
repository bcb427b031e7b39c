/**
 * A screen whose code cannot be fetched (a dropped connection, or a deploy since the admin was opened): the admin
 * says so where the screen would be, its navigation still works, and Reload brings the screen.
 */
import { SHELL, STATS } from '../../src/admin/admin-copy.ts';
import { CONTENT_SCREENS } from '../../src/admin/content-screens.ts';
import { openScreen } from './admin-support.ts';
import { expect, test } from './fixtures.ts';

const STATS_CHUNK = '**/_astro/StatsScreen.*.js';

test('a screen whose code fails to load says so, leaves the navigation working, and Reload brings it', async ({
  adminPage: page,
  consoleErrors,
}) => {
  await page.route(STATS_CHUNK, (route) => route.abort('internetdisconnected'));
  await page
    .getByRole('navigation', { name: SHELL.navLabel })
    .getByRole('link', { name: 'Stats', exact: true })
    .click();
  const failure = page.getByRole('alert').filter({ hasText: SHELL.screenLoadFailed });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: SHELL.reload })).toBeVisible();
  // Not a blank page: the rest of the admin goes on.
  await openScreen(page, 'Home Content', CONTENT_SCREENS.homeContent.heading);

  await page.goBack();
  await expect(failure).toBeVisible();
  await page.unroute(STATS_CHUNK);
  await failure.getByRole('button', { name: SHELL.reload }).click();
  await expect(page.getByRole('heading', { level: 1, name: STATS.heading })).toBeVisible();

  // React reports the failed import it caught (once per attempt); that and the aborted fetch are this test's doing.
  const reported = consoleErrors.filter((line) => !line.startsWith('Failed to load resource'));
  expect(reported.length).toBeGreaterThan(0);
  for (const line of reported)
    expect(line).toMatch(/^TypeError: Failed to fetch dynamically imported module: .*StatsScreen/);
  consoleErrors.length = 0;
});
