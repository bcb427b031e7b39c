/**
 * What one view of each public page requests, recorded in Chromium (Playwright) with Lighthouse's mobile
 * viewport, through the local runner: the first view only (no scrolling), until the network is idle. Used for
 * images on first view and for the cost model (which requests reach functions).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from './support/machine.ts';
import { CHROMIUM_FLAGS, MOBILE, PUBLIC_PAGES, isFunctionResponse } from './support/pages.ts';

export interface RecordedRequest {
  url: string;
  path: string;
  method: string;
  resourceType: string;
  status: number;
  contentType: string;
  /** Bytes on the wire (body as sent, headers excluded). */
  bodyBytes: number;
  functionServed: boolean;
}

export interface PageView {
  path: string;
  requests: RecordedRequest[];
}

export async function recordPageViews(baseUrl: string): Promise<PageView[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless=new'),
  });
  try {
    const views: PageView[] = [];
    for (const page of PUBLIC_PAGES) {
      const context = await browser.newContext({
        viewport: { width: MOBILE.width, height: MOBILE.height },
        deviceScaleFactor: MOBILE.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      });
      const tab = await context.newPage();
      const pending: Promise<RecordedRequest | null>[] = [];
      tab.on('requestfinished', (request) => {
        pending.push(
          (async () => {
            const response = await request.response();
            if (!response) return null;
            const sizes = await request.sizes();
            const url = new URL(request.url());
            if (url.protocol === 'data:') return null;
            return {
              url: request.url(),
              path: url.pathname,
              method: request.method(),
              resourceType: request.resourceType(),
              status: response.status(),
              contentType: (await response.headerValue('content-type')) ?? '',
              bodyBytes: sizes.responseBodySize,
              functionServed: isFunctionResponse(url.pathname, await response.allHeaders()),
            };
          })(),
        );
      });
      await tab.goto(baseUrl + page.path, { waitUntil: 'networkidle', timeout: 120_000 });
      // Islands hydrate on idle or visibility: give them a moment past network idle, then take what came.
      await tab.waitForTimeout(500);
      const requests = (await Promise.all(pending)).filter((entry) => entry !== null);
      views.push({ path: page.path, requests });
      await context.close();
    }
    return views;
  } finally {
    await browser.close();
  }
}
