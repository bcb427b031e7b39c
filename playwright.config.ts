import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_OFFLINE_FLAGS, CHROMIUM_PATH } from './scripts/dev/chromium.ts';
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './tests/e2e/e2e-env.ts';

// End-to-end specs drive Debian's Chromium (never a downloaded browser) against the production build served by
// the local runner, on its own port and its own throw-away data directory, seeded with the demo content.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_OFFLINE_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node scripts/serve.ts --port ${E2E_PORT} --data-dir ${E2E_DATA_DIR} --reset`,
    url: `${E2E_BASE_URL}/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    // Every spec signs in and submits forms from one address: raise the per-IP limits (their own tests use the defaults).
    env: {
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      REBUILD_WINDOW_MS: '2000',
      LOGIN_RATE_LIMIT_MAX: '10000',
      SUBMISSION_RATE_LIMIT_MAX: '10000',
    },
  },
});
