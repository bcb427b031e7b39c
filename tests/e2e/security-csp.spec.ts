/**
 * Security headers and the Content-Security-Policy in the browser (issue 6, point 6): every public page and
 * every admin screen works under its policy with no violation reported, the per-page meta policy allows no
 * inline script except by hash, static responses carry the netlify.toml headers, and API responses carry
 * nosniff (and no-store for admin and personal data).
 */
import type { APIResponse, Page } from '@playwright/test';
import { AUTH_PATHS, contentFamilies, requestFamilies } from '../../src/lib/collections.ts';
import { FORM } from '../../src/admin/admin-copy.ts';
import { SCREENS } from '../../src/admin/stores/router.ts';
import { expect, test } from './fixtures.ts';
import { hydrateAllIslands, probeSecurity, PUBLIC_PAGES } from './security-probes.ts';

/**
 * The directives of the page's own policy (its script and style hashes), by name: a built page's `<meta>`, or for a
 * page rendered on demand the response header's policy that names scripts (Astro sends it as a header there, beside
 * the site's policy: decisions §69).
 */
async function metaPolicy(page: Page): Promise<Map<string, string[]>> {
  const meta = page.locator('meta[http-equiv="content-security-policy" i]');
  const content =
    (await meta.count()) > 0
      ? ((await meta.getAttribute('content')) ?? '')
      : (((await page.request.get(page.url())).headers()['content-security-policy'] ?? '')
          .split(/,\s*/)
          .find((policy) => /(^|;)\s*script-src\b/.test(policy)) ?? '');
  expect(content, 'the page has a policy naming its scripts').toMatch(/script-src|default-src/);
  const directives = new Map<string, string[]>();
  for (const part of content.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

async function expectStrictScriptPolicy(page: Page): Promise<void> {
  const policy = await metaPolicy(page);
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts, 'script-src or default-src').toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain('*');
  // Inline scripts are allowed only by hash.
  for (const source of scripts ?? [])
    expect(source).toMatch(/^('self'|'sha(256|384|512)-[A-Za-z0-9+/=]+'|'strict-dynamic')$/);
  expect(policy.get('object-src')).toEqual(["'none'"]);
}

function expectStaticSecurityHeaders(response: APIResponse, path: string): void {
  const headers = response.headers();
  expect(headers['strict-transport-security'], path).toMatch(/max-age=\d{8,}; includeSubDomains/);
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], path).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
}

test.describe('no CSP violation', () => {
  for (const path of PUBLIC_PAGES) {
    test(`public page ${path} works under its policy`, async ({ page }) => {
      const probe = await probeSecurity(page);
      await page.goto(path);
      await expectStrictScriptPolicy(page);
      await hydrateAllIslands(page);
      if (path === '/career') {
        // The Read More toggle is the page's only script: exercise it under the policy (demo content has a long job).
        const toggle = page.locator('[data-read-more] button').first();
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
      // Give lazy images and late island requests a moment to report.
      await page.waitForLoadState('networkidle');
      expect(await probe.violations()).toEqual([]);
      expect(probe.dialogs).toEqual([]);
    });
  }

  test('the probe reports a violation when the policy blocks something', async ({ page, consoleErrors }) => {
    // Guards the checks above against passing vacuously: an injected inline script must be caught.
    const probe = await probeSecurity(page);
    await page.goto('/about');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await expect.poll(async () => (await probe.violations()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeFalsy();
    // The violation this test provokes is also a console error: expected here, so the guard is told.
    await expect.poll(() => consoleErrors.some((line) => /Content Security Policy/.test(line))).toBe(true);
    consoleErrors.length = 0;
  });

  test('admin login page works under its policy', async ({ page }) => {
    const probe = await probeSecurity(page);
    await page.goto('/deltaadmin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expectStrictScriptPolicy(page);
    await page.getByRole('button', { name: 'Login' }).click(); // empty: the client-side message, no request
    await page.waitForLoadState('networkidle');
    expect(await probe.violations()).toEqual([]);
  });

  test('every signed-in admin screen works under its policy', async ({ adminPage: page }) => {
    // One visit per screen, each waiting for its data: the test's time grows with the screens (38 s for 25 on a
    // quiet machine), so its limit does too, and a loaded runner's slower loads are not read as a violation.
    test.setTimeout(SCREENS.length * 8_000);
    const probe = await probeSecurity(page);
    await expectStrictScriptPolicy(page);
    for (const screen of SCREENS) {
      await page.goto(`/deltaadmin/${screen.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(FORM.loading, { exact: true })).toHaveCount(0, { timeout: 30_000 });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(await probe.violations(), screen.path).toEqual([]);
    }
    expect(probe.dialogs).toEqual([]);
  });
});

test.describe('security headers', () => {
  test('every static response carries HSTS, nosniff, Referrer-Policy, Permissions-Policy and frame-ancestors', async ({
    request,
  }) => {
    const paths = [
      ...PUBLIC_PAGES,
      '/deltaadmin/login',
      ...SCREENS.map((screen) => `/deltaadmin/${screen.path}`),
      '/robots.txt',
      '/sitemap.xml',
    ];
    for (const path of paths) expectStaticSecurityHeaders(await request.get(path), path);
    // A bundled script and stylesheet too.
    const html = await (await request.get('/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.slice(0, 4)) expectStaticSecurityHeaders(await request.get(asset), asset);
  });

  test('the admin is cut off from other windows; the public pages are not, so they keep a warm renderer', async ({
    request,
  }) => {
    for (const path of ['/deltaadmin/login', ...SCREENS.map((screen) => `/deltaadmin/${screen.path}`)])
      expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBe('same-origin');
    // COOP on a public page starts a new renderer process for every visitor from another site (decisions §46).
    for (const path of PUBLIC_PAGES)
      expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBeUndefined();
  });

  test('API responses carry nosniff; admin and personal data are never stored by caches', async ({
    request,
    adminApi,
  }) => {
    // A staff-only family (certificates) has no public read.
    for (const family of Object.values(contentFamilies).filter((candidate) => !candidate.staffOnly)) {
      const response = await request.get(family.path);
      expect(response.status(), family.path).toBe(200);
      expect(response.headers()['x-content-type-options'], family.path).toBe('nosniff');
    }
    const personal = [
      ...Object.values(requestFamilies).map((family) => family.path),
      ...Object.values(requestFamilies).map((family) => `${family.path}/export.csv`),
      AUTH_PATHS.session,
    ];
    for (const path of personal) {
      for (const [who, client] of [
        ['signed in', adminApi],
        ['anonymous', request],
      ] as const) {
        const response = await client.get(path);
        const headers = response.headers();
        expect(headers['x-content-type-options'], `${who} ${path}`).toBe('nosniff');
        expect(headers['cache-control'], `${who} ${path}`).toContain('no-store');
        if (who === 'anonymous' && path !== AUTH_PATHS.session) expect(response.status()).toBe(401);
      }
    }
  });
});
