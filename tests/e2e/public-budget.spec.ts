/**
 * The JavaScript and CSS budgets of docs/design.md (Quality), measured over the pages as the runner renders them and
 * the scripts and styles of the built dist/ (gzip): pages with React islands at most 80 KB of JS (React's runtime is
 * ~66 KB of it), /about and /career at most 5 KB, CSS at most 20 KB.
 */
import type { APIRequestContext } from '@playwright/test';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { measurePage } from './public-dist-budget.ts';

/** The KB of docs/design.md (Quality), as the bench counts it (bench/page-bytes.ts): 1000 bytes, the stricter reading. */
const KB = 1000;
const DIST = join(process.cwd(), 'dist');
const BUDGETS = [
  { file: 'index.html', js: 80 * KB },
  { file: 'services.html', js: 80 * KB },
  { file: 'contact.html', js: 80 * KB },
  { file: 'enroll.html', js: 80 * KB },
  { file: 'about.html', js: 5 * KB },
  { file: 'career.html', js: 5 * KB },
  { file: 'privacy-policy.html', js: 5 * KB },
  // The course catalogue (issue 22): the shell's script only, on the list and on a demo course's page.
  { file: 'courses.html', js: 5 * KB },
  { file: 'courses/ethical-hacking.html', js: 5 * KB },
  { file: 'security.html', js: 5 * KB },
  // Case studies (issue 25.3): the shell's script only.
  { file: 'case-studies.html', js: 5 * KB },
  { file: 'case-studies/vapt-for-a-co-operative-bank-before-its-rbi-audit.html', js: 5 * KB },
  // Articles (issue 24): the shell's script only; code is coloured at build time, never by a script.
  { file: 'articles.html', js: 5 * KB },
  { file: 'articles/tag/web-security.html', js: 5 * KB },
  { file: 'articles/ctf-write-up-the-login-form-that-trusted-its-own-cookie.html', js: 5 * KB },
];

/** A page's HTML as visitors get it: rendered on demand by the runner (its file name as dist/ once held it). */
const pageHtml = async (request: APIRequestContext, file: string) =>
  (await request.get(file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`)).text();

test('every public page stays within its JavaScript and CSS budget', async ({ request }) => {
  const report: string[] = [];
  for (const { file, js } of BUDGETS) {
    const weight = measurePage(DIST, file, await pageHtml(request, file));
    report.push(
      `${file}: js ${(weight.jsGzip / KB).toFixed(1)} KB, css ${(weight.cssGzip / KB).toFixed(1)} KB`,
    );
    expect(weight.jsGzip, file).toBeLessThanOrEqual(js);
    expect(weight.cssGzip, file).toBeLessThanOrEqual(20 * KB);
    expect(weight.cssGzip, `${file} has a stylesheet`).toBeGreaterThan(0);
  }
  // The React pages do load React (a measurement that found nothing would pass vacuously).
  expect(measurePage(DIST, 'index.html', await pageHtml(request, 'index.html')).jsGzip).toBeGreaterThan(
    50 * KB,
  );
  console.log(report.join('\n'));
});

/**
 * Issue 21.21: on `/` a phone must not fetch React while the first slide's picture (the LCP) is still downloading:
 * the splash script once imported the islands chunk (which imports React) for two constants, and the above-the-fold
 * islands hydrated on `client:visible` at page start. The slider and the counters are now plain scripts (decisions
 * §58), and React's chunk is asked for only after the load event, when a card below the fold comes into view.
 */
test('/ fetches React only after the page has loaded', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('load');
  const timing = () =>
    page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const react = performance
        .getEntriesByType('resource')
        .find((entry) => /\/_astro\/react\.[\w-]+\.js$/.test(new URL(entry.name).pathname));
      return { loadStart: navigation.loadEventStart, reactStart: react?.startTime ?? null };
    });
  // The cards below the fold are React islands (client:visible): React does arrive when they come into view.
  await page.locator('astro-island').first().scrollIntoViewIfNeeded();
  await expect.poll(async () => (await timing()).reactStart, { timeout: 10_000 }).not.toBeNull();
  const { loadStart, reactStart } = await timing();
  expect(loadStart).toBeGreaterThan(0);
  expect(reactStart!).toBeGreaterThanOrEqual(loadStart);
});

/**
 * Decisions §58: `/`'s slider and counters are plain scripts held in a `<template>` until the load event, so the
 * browser fetches them after the first slide's picture (the LCP), not beside it. They still run.
 */
test('/ fetches its slider and counter scripts only after the page has loaded, and they run', async ({
  page,
}) => {
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.locator('[data-island="HomeSlider"]')).toHaveAttribute('data-live', '');
  await page.locator('[data-island="StatsBanner"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-island="StatsBanner"]')).toHaveAttribute('data-live', '');
  const { loadStart, scripts } = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) =>
        /\/_astro\/(HomeSlider|StatsBanner)\.astro[^/]*\.js$/.test(new URL(entry.name).pathname),
      )
      .map((entry) => entry.startTime);
    return { loadStart: navigation.loadEventStart, scripts };
  });
  expect(scripts).toHaveLength(2);
  for (const start of scripts) expect(start).toBeGreaterThanOrEqual(loadStart);
});
