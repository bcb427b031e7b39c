import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_OFFLINE_FLAGS, E2E_CHROMIUM_PATH } from './scripts/dev/chromium.ts';
import {
  E2E_ADMIN_BASE_URL,
  E2E_ADMIN_DATA_DIR,
  E2E_ADMIN_PASSWORD,
  E2E_ADMIN_PORT,
  E2E_BASE_URL,
  E2E_BUILD_DIR,
  E2E_DATA_DIR,
  E2E_PORT,
  E2E_SIDE_BASE_URL,
  E2E_SIDE_DATA_DIR,
  E2E_SIDE_PORT,
} from './tests/e2e/e2e-env.ts';

/**
 * Three runners, one worker each, their projects side by side; the split balances the projects' wall time (the
 * suite's is the slowest project's: docs/decisions.md 19, 27 and §44). `admin-redis`, on Upstash Redis
 * (tests/e2e/redis-runner.ts): admin screens, and the pages rendered on demand with no deploy budget at all. `side-blobs`, a second
 * Blobs sandbox on a private copy of the tree: the fault specs (their API outages are made in the browser, so
 * either store serves), the public pages' and forms' specs and some admin screens. `public-blobs` (the rest), on
 * the Blobs runner of the tree itself: the specs that read the rebuilt pages most, and those that read dist/.
 * admin-content.spec.ts (twenty tests, each a screen's writes and axe runs) keeps the Redis project busiest, so
 * admin-auth and admin-feedback run on the tree's runner and admin-phone on the side runner (docs/decisions.md §85).
 */
const REDIS_SPECS =
  /(admin-(content|courses-stats|requests|identity)|cdn-cache|pages-(on-demand|through-cdn))\.spec\.ts$/;
const SIDE_SPECS =
  /(security-(faults|csp)|public-(forms|home|routes)|admin-(editing|enquiries|markdown-editor|phone))\.spec\.ts$/;

// Every spec signs in and submits forms from one address: raise the per-IP limits (their own tests use the defaults).
const RUNNER_ENV = {
  ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
  MINUTE_TICK_MS: '2000',
  LOGIN_RATE_LIMIT_MAX: '10000',
  SUBMISSION_RATE_LIMIT_MAX: '10000',
  SUBMISSION_SENDER_LIMIT_MAX: '10000',
  SUBMISSION_MIN_FILL_MS: '0', // Playwright fills a form in milliseconds
  // After each write's purge only the API's lists are warmed (cdn-cache.spec.ts reads one): rendering every page
  // and brochure PDF the write touched, four at a time on the runner's own thread, held up the specs' requests.
  CDN_WARM: 'lists',
};
const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };
// Playwright starts its web servers one after another: a runner's entry is done once the runner is past its port
// check and seeding, so the three start side by side, and the last entry waits until all of them answer. The first
// builds the site and shares the build; the other two wait for it and copy it (scripts/local/shared-build.ts).
const PAST_SEEDING = { stdout: /\[serve\] building the site/ };

// End-to-end specs drive Debian's Chromium (its headless shell when installed: §51; never a downloaded browser)
// against the production build served by the local runners, each on its own port and throw-away data directory,
// seeded with the demo content.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Recording a trace for every test (and throwing away the green ones) costs CPU in a suite bound by it; CI records
    // the retry of a failed test instead, which is the run worth reading. Locally a failure keeps its own trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: CHROMIUM_OFFLINE_FLAGS,
    },
  },
  projects: [
    {
      name: 'admin-redis',
      testMatch: REDIS_SPECS,
      workers: 1,
      use: { ...desktopChrome, baseURL: E2E_ADMIN_BASE_URL },
    },
    {
      name: 'side-blobs',
      testMatch: SIDE_SPECS,
      workers: 1,
      use: { ...desktopChrome, baseURL: E2E_SIDE_BASE_URL },
    },
    {
      name: 'public-blobs',
      testIgnore: [REDIS_SPECS, SIDE_SPECS],
      workers: 1,
      use: { ...desktopChrome, baseURL: E2E_BASE_URL },
    },
  ],
  webServer: [
    {
      command: `node scripts/serve.ts --port ${E2E_PORT} --data-dir ${E2E_DATA_DIR} --reset --share-build ${E2E_BUILD_DIR}`,
      url: `${E2E_BASE_URL}/health`,
      wait: PAST_SEEDING,
      timeout: 240_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      // Scheduled publishing ticks every 5 s instead of 5 minutes, for admin-scheduled.spec.ts (issue 24.3).
      env: { ...RUNNER_ENV, SCHEDULED_PUBLISHING_INTERVAL_MS: '5000' },
    },
    {
      command: `node tests/e2e/redis-runner.ts --port ${E2E_ADMIN_PORT} --data-dir ${E2E_ADMIN_DATA_DIR} --reset --from-build ${E2E_BUILD_DIR}`,
      url: `${E2E_ADMIN_BASE_URL}/health`,
      wait: PAST_SEEDING,
      timeout: 240_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      // The runner ticks the every-minute work (purge and notification retries) every MINUTE_TICK_MS: here once an
      // hour, as no spec of this project waits for a retry; the other runners tick every 2 s.
      env: { ...RUNNER_ENV, MINUTE_TICK_MS: '3600000' },
      // Time to stop redis-server and remove the runner's copy of the tree.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: `node tests/e2e/redis-runner.ts --store blobs --port ${E2E_SIDE_PORT} --data-dir ${E2E_SIDE_DATA_DIR} --reset --from-build ${E2E_BUILD_DIR}`,
      url: `${E2E_SIDE_BASE_URL}/health`,
      wait: PAST_SEEDING,
      timeout: 240_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      env: { ...RUNNER_ENV, SCHEDULED_PUBLISHING_INTERVAL_MS: '5000' },
      // Time to remove the runner's copy of the tree.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: `node tests/e2e/runners-ready.ts ${[E2E_BASE_URL, E2E_ADMIN_BASE_URL, E2E_SIDE_BASE_URL].map((url) => `${url}/health`).join(' ')}`,
      wait: { stdout: /e2e runners ready/ },
      timeout: 300_000,
      stdout: 'pipe',
    },
  ],
});
