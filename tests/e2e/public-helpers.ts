/**
 * Helpers for the public-site specs: waiting for islands to hydrate, marking the splash as seen, and serving a
 * page as if it had been built from an empty store (no baked data), so the islands' loading, error and empty
 * states can be driven through `page.route` on the API.
 */
import type { Page, Route } from '@playwright/test';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { SPLASH_SEEN_KEY } from '../../src/components/splash-early.ts';
import { expect } from './fixtures.ts';

/** Skips the home splash for the whole test (it shows on the first load of a session only). */
export async function skipSplash(page: Page): Promise<void> {
  await page.addInitScript((key) => sessionStorage.setItem(key, 'true'), SPLASH_SEEN_KEY);
}

const island = (page: Page, name: string) => page.locator(`astro-island[component-url*="/${name}."]`);

/**
 * Waits until the named island runs: a React island once it has hydrated (Astro removes `ssr` once the component
 * is mounted); a component run by a plain script (`data-island`, the services carousel: docs/decisions.md §55)
 * once its script has wired it (`data-live`).
 */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  const scripted = page.locator(`[data-island="${name}"]`);
  if ((await scripted.count()) > 0) {
    await scripted.scrollIntoViewIfNeeded();
    await expect(scripted).toHaveAttribute('data-live', '');
    return;
  }
  const element = island(page, name);
  await element.scrollIntoViewIfNeeded();
  await expect(element).not.toHaveAttribute('ssr', /.*/);
}

/** Serves the document at `path` with the part that `pattern` finds (it must find one) rewritten by `replace`. */
export async function rewriteDocument(
  page: Page,
  path: string,
  what: string,
  pattern: RegExp,
  replace: (all: string, ...groups: string[]) => string,
): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(pattern.test(html), `${what} on ${path}`).toBe(true);
      await route.fulfill({ response, body: html.replace(pattern, replace) });
    },
  );
}

/**
 * Rewrites the document at `path` so that `name` has no baked items and its server-rendered markup is what a
 * build from an empty store would produce (the component rendered without `initial`). Its other props (the
 * registry's picture folder) stay as the page gave them.
 */
export async function withoutBakedData<P extends object>(
  page: Page,
  path: string,
  name: string,
  component: ComponentType<P>,
): Promise<void> {
  const pattern = new RegExp(
    `(<astro-island[^>]*component-url="[^"]*/${name}\\.[^"]*"[^>]*?)props="([^"]*)"([^>]*>)[\\s\\S]*?(<!--astro:end--></astro-island>)`,
  );
  await rewriteDocument(page, path, `island ${name}`, pattern, (_all, head, props, tail, end) => {
    // Astro's serialised props: each value is [type, value]; type 0 is a plain value (a string here).
    const { initial: _items, ...rest } = JSON.parse(props!.replaceAll('&quot;', '"')) as Record<
      string,
      [number, unknown]
    >;
    const plain = Object.fromEntries(Object.entries(rest).map(([key, [, value]]) => [key, value]));
    const markup = renderToString(createElement(component, plain as P));
    return `${head}props="${JSON.stringify(rest).replaceAll('"', '&quot;')}"${tail}${markup}${end}`;
  });
}

/**
 * Rewrites the document at `path` so that the script-run component `name` (its `data-island`) holds `markup` and
 * nothing baked: what a build from an empty store would produce, with no fingerprint of a baked list to keep.
 */
export async function withoutBakedMarkup(
  page: Page,
  path: string,
  name: string,
  markup: string,
): Promise<void> {
  // The components' bodies hold no element of their own root's tag, so the first closing tag is the root's.
  const pattern = new RegExp(`<(\\w+)(\\s[^>]*data-island="${name}"[^>]*)>[\\s\\S]*?</\\1>`);
  await rewriteDocument(page, path, `component ${name}`, pattern, (_all, tag, attributes) => {
    const unbaked = attributes!.replace(/\s(data-fingerprint|aria-roledescription)="[^"]*"/g, '');
    return `<${tag}${unbaked}>${markup}</${tag}>`;
  });
}

/** Answers an API path with a JSON body and status. */
export async function answer(page: Page, path: string, status: number, body: unknown): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/**
 * Holds the requests for an API path until the returned `release()`, then answers them with `reply` (by default the
 * real API). The gate is made before any request: one the page sends only after the release is not held forever.
 */
export async function holdRequests(
  page: Page,
  path: string,
  reply: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await gate;
      await reply(route);
    },
  );
  return () => release();
}
