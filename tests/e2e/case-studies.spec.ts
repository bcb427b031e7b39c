/**
 * Case studies (issue 25.3) on the demo content, built by the real runner: a study's page with its findings, the
 * client and a logo shown with permission; the anonymous demo client's name nowhere in the built site (pages,
 * sitemap, anything under dist/) nor in the build's data store; the cards on /services; no island, no CSP
 * violation, no axe violation; and a study published through the API live at /case-studies/{slug} after the rebuild,
 * its old address redirecting once renamed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { demoContent } from '../../scripts/seed/demo-content.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { CASE_STUDIES_PAGE } from '../../src/lib/page-words.ts';
import { scanDirectory } from '../support/credential-scan.ts';
import { expect, expectNoAxeViolations, projectBaseURL, test } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';
import { probeSecurity } from './security-probes.ts';

const ROOT = join(import.meta.dirname, '../..');
const studies = contentFamilies.caseStudy;
const NAMED = '/case-studies/vapt-for-a-co-operative-bank-before-its-rbi-audit';
const ANONYMOUS = '/case-studies/cloud-security-review-for-a-payments-start-up';
/** The demo's anonymous client, as staff typed it. */
const hidden = demoContent.caseStudy.find((item) => item.fields.anonymous === true)!.fields;
const HIDDEN_NAME = String(hidden.clientName);

let api: APIRequestContext;
test.beforeAll(async ({ playwright, adminCookies }, testInfo) => {
  const baseURL = projectBaseURL(testInfo.project.use);
  api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
    storageState: { cookies: adminCookies, origins: [] },
  });
});
test.afterAll(() => api.dispose());
test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

async function waitForBuild(path: string, done: (html: string, status: number) => boolean) {
  await expect
    .poll(
      async () => {
        const response = await api.get(path, { maxRedirects: 0 });
        return done(await response.text(), response.status());
      },
      { message: `${path} rebuilt`, timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
}

test('a case study page shows its findings, client and permitted logo, with no island', async ({ page }) => {
  const probe = await probeSecurity(page);
  await page.goto(NAMED);
  await expect(
    page.getByRole('heading', { level: 1, name: 'VAPT for a co-operative bank before its RBI audit' }),
  ).toBeVisible();
  await expect(page.getByText('Sahyadri Co-operative Bank', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sahyadri Co-operative Bank logo' })).toBeVisible();
  const findings = page.locator('.case-study-findings li');
  await expect(findings).toHaveText(['1 Critical', '4 High', '9 Medium', '14 Low']);
  await expect(page.getByText('Head of IT, Sahyadri Co-operative Bank', { exact: true })).toBeVisible();
  await expect(page.locator('astro-island')).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(await probe.violations()).toEqual([]);

  // Named without permission: no logo.
  await page.goto('/case-studies/web-application-security-for-a-hospital-appointments-portal');
  await expect(page.getByText('MedSlot Health', { exact: true })).toBeVisible();
  await expect(page.locator('.case-study-page__logo')).toHaveCount(0);
});

test('an anonymous client is named nowhere in the built site or the build data', async ({
  page,
  request,
}) => {
  await page.goto(ANONYMOUS);
  await expect(page.getByText(CASE_STUDIES_PAGE.anonymousClient('Fintech'), { exact: true })).toBeVisible();
  await expect(page.getByText(String(hidden.quote), { exact: true })).toBeVisible();
  for (const path of [ANONYMOUS, '/case-studies', '/services', '/sitemap.xml']) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain(HIDDEN_NAME);
  }
  const dist = scanDirectory(join(ROOT, 'dist'), [HIDDEN_NAME]);
  expect(dist.scanned).toBeGreaterThan(10);
  expect(dist.offenders).toEqual([]);
  const store = join(ROOT, 'node_modules/.astro');
  if (existsSync(store)) expect(scanDirectory(store, [HIDDEN_NAME]).offenders).toEqual([]);
  // The public API answers it without the name; staff still see it.
  expect(await (await request.get(studies.path)).text()).not.toContain(HIDDEN_NAME);
  expect(await (await api.get(`${studies.path}?drafts=1`)).text()).toContain(HIDDEN_NAME);
});

test('/services shows the case studies after its content, linking each page', async ({ page }) => {
  await page.goto('/services');
  const section = page.locator('section[aria-labelledby="case-studies-heading"]');
  await expect(section.getByRole('heading', { level: 2, name: CASE_STUDIES_PAGE.heading })).toBeVisible();
  await expect(section.locator('li.case-study-card')).toHaveCount(demoContent.caseStudy.length);
  await expect(
    section.getByRole('link', { name: 'VAPT for a co-operative bank before its RBI audit' }),
  ).toHaveAttribute('href', NAMED);
  await expect(section.getByRole('link', { name: CASE_STUDIES_PAGE.allLink })).toHaveAttribute(
    'href',
    '/case-studies',
  );
});

test('a study published through the API is live after the rebuild, and a renamed one redirects', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const study = {
    title: 'Secure development for a logistics platform',
    sector: 'Logistics',
    engagement: 'secure-development',
    scope: 'Threat modelling and code review of the shipment-tracking API.',
    high: 1,
    outcome: 'Security checks now run in every pull request.',
    clientName: 'Hidden Freight Co',
    anonymous: true,
  };
  const created = await api.post(studies.path, { data: study });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id, slug } = ((await created.json()) as { data: { _id: string; slug: string } }).data;
  try {
    await waitForBuild(`/case-studies/${slug}`, (_html, status) => status === 200);
    await page.goto(`/case-studies/${slug}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Secure development for a logistics platform' }),
    ).toBeVisible();
    expect(await page.content()).not.toContain('Hidden Freight');

    const renamed = await api.put(`${studies.path}/${id}`, {
      data: { ...study, slug: 'logistics-secure-development' },
    });
    expect(renamed.status(), await renamed.text()).toBe(200);
    await waitForBuild('/case-studies/logistics-secure-development', (_html, status) => status === 200);
    await page.goto(`/case-studies/${slug}`);
    await expect(page).toHaveURL(/\/case-studies\/logistics-secure-development$/);
  } finally {
    expect((await api.delete(`${studies.path}/${id}`)).status()).toBe(200);
    await waitForBuild('/case-studies', (html) => !html.includes('logistics platform'));
  }
});
