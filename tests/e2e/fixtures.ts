/**
 * Shared Playwright fixtures: an API context signed in as admin (through the real login endpoint), a page
 * signed in as admin, an axe check, and a guard that fails a test on an unexpected console error.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_PATHS } from '../../src/lib/collections.ts';
import { SESSION_COOKIE_NAME } from '../../src/lib/constants.ts';
import { E2E_ADMIN_PASSWORD } from './e2e-env.ts';

export { expect };

/** Signs an API request context in; writes carry the same-origin Origin header the server requires. */
export async function signInApi(request: APIRequestContext, baseURL: string): Promise<void> {
  const response = await request.post(AUTH_PATHS.login, {
    data: { password: E2E_ADMIN_PASSWORD },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The runner a project's specs talk to (playwright.config.ts gives each project its own). */
export function projectBaseURL(use: { baseURL?: string }): string {
  if (!use.baseURL) throw new Error('every project in playwright.config.ts sets use.baseURL');
  return use.baseURL;
}

/** Signs a page in the way a person does, through /deltaadmin/login. */
export async function signInPage(page: Page): Promise<void> {
  await page.goto('/deltaadmin/login');
  await page.getByLabel(/password/i).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: /login|sign in/i }).click();
  await expect(page).toHaveURL(/\/deltaadmin\/home-content$/);
}

/** Records the page's console errors and uncaught exceptions into `errors` (a test's extra tabs too). */
export function collectConsoleErrors(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

/** Runs axe on the page and expects no violations (WCAG 2.x A/AA rules). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Legacy mode runs axe in the page itself: the default opens a blank page and loads axe twice per check, about
  // twice the time for the same result on these pages, which embed no cross-origin frame (decisions §48).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' | ')}`,
    ),
  ).toEqual([]);
}

/**
 * Gives a page the signed-in state without another login: the session cookie plus the spec's browser flag.
 * Login attempts are rate-limited per client (5 per 5 minutes), so the suite signs in once per worker.
 */
export async function useAdminSession(page: Page, cookies: Cookie[]): Promise<void> {
  await page.context().addCookies(cookies);
  await page.goto('/robots.txt');
  await page.evaluate(() => localStorage.setItem('adminLoggedIn', 'true'));
}

/** Signs in again when the shared session has ended, replacing the worker's cookies (and the cache) in place. */
async function renewIfEnded(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
  cookies: Cookie[],
): Promise<void> {
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
    storageState: { cookies, origins: [] },
  });
  try {
    const session = (await (await request.get(AUTH_PATHS.session)).json()) as {
      data?: { authenticated?: boolean };
    };
    if (session.data?.authenticated) return;
    await signInApi(request, baseURL);
    const fresh = (await request.storageState()).cookies;
    cookies.splice(0, cookies.length, ...fresh);
    writeFileSync(sessionCache(baseURL), JSON.stringify(fresh));
  } finally {
    await request.dispose();
  }
}

const sessionCache = (baseURL: string) => join(tmpdir(), `delta-e2e-session-${new URL(baseURL).port}.json`);

interface WorkerFixtures {
  /** The session cookie of one sign-in through the real login endpoint, shared by the worker's tests. */
  adminCookies: Cookie[];
}

interface Fixtures {
  /** An API context signed in as admin, with the Origin header set for writes. */
  adminApi: APIRequestContext;
  /** A page already signed in as admin, on /deltaadmin/home-content. */
  adminPage: Page;
  /** Console errors the page logged; checked to be empty after each test unless the test clears it. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  adminCookies: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = projectBaseURL(workerInfo.project.use);
      // Kept on disk too: Playwright starts a new worker after every failed test, and a cascade of logins
      // would hit the login rate limit.
      const cache = sessionCache(baseURL);
      const cached = existsSync(cache) ? (JSON.parse(readFileSync(cache, 'utf8')) as Cookie[]) : null;
      const request = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { Origin: baseURL },
        storageState: cached ? { cookies: cached, origins: [] } : undefined,
      });
      const session = cached
        ? ((await (await request.get(AUTH_PATHS.session)).json()) as { data?: { authenticated?: boolean } })
        : null;
      if (!session?.data?.authenticated) {
        await signInApi(request, baseURL);
        writeFileSync(cache, JSON.stringify((await request.storageState()).cookies));
      }
      const { cookies } = await request.storageState();
      await request.dispose();
      await use(cookies);
    },
    { scope: 'worker' },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      collectConsoleErrors(page, errors);
      await use(errors);
      // Chromium logs every 4xx/5xx response itself, and specs provoke those on purpose; anything else (an
      // uncaught error, a React warning, a CSP violation) is a defect. A spec that expects one empties the array.
      expect(errors.filter((line) => !line.startsWith('Failed to load resource'))).toEqual([]);
    },
    { auto: true },
  ],
  adminApi: async ({ playwright, adminCookies, baseURL }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: projectBaseURL({ baseURL }) },
      storageState: { cookies: adminCookies, origins: [] },
    });
    await use(request);
    await request.dispose();
  },
  adminPage: async ({ page, adminCookies, playwright, baseURL }, use) => {
    await useAdminSession(page, adminCookies);
    await page.goto('/deltaadmin/home-content');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await use(page);
    // Logout ends the session on the server (issue 13): a test that signed out has ended the worker's shared
    // session, so the next test gets a new one. Only checked when the page lost its cookie.
    if (!(await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE_NAME))
      await renewIfEnded(playwright, projectBaseURL({ baseURL }), adminCookies);
  },
});
