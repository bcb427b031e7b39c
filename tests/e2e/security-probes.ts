/**
 * Browser probes shared by the security specs: Content-Security-Policy violations (the DOM event and the console
 * report), dialogs, and a sweep that hydrates every Astro island on a page.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

interface ProbedWindow {
  __cspViolations?: string[];
}

/** What a page reported about itself; read with `report()`. */
export interface SecurityProbe {
  /** CSP violations: `securitypolicyviolation` events and console lines naming the policy. */
  violations: () => Promise<string[]>;
  /** Messages of every alert/confirm/prompt the page opened (each is dismissed). */
  dialogs: string[];
}

/** Installs the probes before any page script runs; call before the first navigation. */
export async function probeSecurity(page: Page): Promise<SecurityProbe> {
  await page.addInitScript(() => {
    const probed = window as ProbedWindow;
    probed.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        probed.__cspViolations?.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
        ),
      true,
    );
  });
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return {
    dialogs,
    violations: async () => [
      ...consoleReports,
      ...(await page.evaluate(() => (window as ProbedWindow).__cspViolations ?? [])),
    ],
  };
}

/**
 * Scrolls every island into view (client:visible needs it) and waits until each has hydrated, and each script-run
 * component (`data-island`, some of which start work only on screen) has started, then to the bottom.
 */
export async function hydrateAllIslands(page: Page): Promise<void> {
  const scripted = page.locator('[data-island]');
  for (let index = 0; index < (await scripted.count()); index += 1) {
    await scripted.nth(index).scrollIntoViewIfNeeded();
    await expect(scripted.nth(index)).toHaveAttribute('data-live', '');
  }
  const islands = page.locator('astro-island');
  const count = await islands.count();
  for (let index = 0; index < count; index += 1) {
    const island = islands.nth(index);
    await island.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr', /.*/);
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

/** The public pages of the site map. */
export { PUBLIC_PAGES } from '../../src/lib/site-config.ts';
