/**
 * No public page scrolls sideways at 320–1,440 px, whatever the content: a 450-character word and a long URL
 * in every family's text (created through the admin API, removed afterwards), and the carousel's side slides.
 * Also: a carousel title stays inside its card.
 */
import sharp from 'sharp';
import { MAX_LENGTH } from '../../src/lib/constants.ts';
import { PUBLIC_PATHS } from '../../src/lib/public-api.ts';
import { collectConsoleErrors, expect, test } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';

const WIDTHS = [320, 390, 768, 1366, 1440];
const PAGES = [
  '/',
  '/about',
  '/services',
  '/career',
  '/contact',
  '/enroll',
  '/privacy-policy',
  // The course catalogue (issue 22): the list and a demo course's page with its batches table.
  '/courses',
  '/courses/ethical-hacking',
  '/security',
  // Case studies (issue 25.3): the index and a demo study's page.
  '/case-studies',
  '/case-studies/vapt-for-a-co-operative-bank-before-its-rbi-audit',
  // Articles (issue 24): the list and the demo article with a code block and a table.
  '/articles',
  '/articles/ctf-write-up-the-login-form-that-trusted-its-own-cookie',
];

const marker = `overflow${Date.now()}`;
const longWord = (length: number) => `${marker}${'W'.repeat(length - marker.length)}`;
const longUrl = `https://example.com/${'security-assessment-report/'.repeat(12)}${marker}?download=true`;
const longText = `Read ${longUrl} and ${longWord(450)} before applying.`;
const points = JSON.stringify([longWord(450), longUrl, 'Third point', 'Fourth point']);

test('no public page scrolls sideways at 320–1,440 px with long words and URLs in the content', async ({
  page,
  adminApi,
  request,
  consoleErrors,
}) => {
  // 35 page loads and a rebuild: generous for a loaded 2-core machine.
  test.setTimeout(480_000);
  const image = {
    name: 'wide.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0a5' } })
      .jpeg()
      .toBuffer(),
  };
  const title = longWord(MAX_LENGTH.title);
  const created: string[] = [];
  const create = async (path: string, body: { multipart?: object; data?: object }) => {
    const response = await adminApi.post(path, body as never);
    expect(response.status(), await response.text()).toBe(201);
    created.push(`${path}/${((await response.json()) as { data: { _id: string } }).data._id}`);
  };
  try {
    // At once, so the writes share one rebuild window instead of spreading over several; the career last, so a build
    // that shows it has all of them.
    await Promise.all([
      create(PUBLIC_PATHS.homeContent, { multipart: { title, image } }),
      create(PUBLIC_PATHS.homeService, { multipart: { title, description: longText, image } }),
      create(PUBLIC_PATHS.homeCourse, { data: { title, description: longText } }),
      create(PUBLIC_PATHS.serviceContent, {
        multipart: { title, description: longText, points, image },
      }),
      // Not a public island family: its path is the registry's rule, /api/v1/{key}.
      create('/api/v1/caseStudy', {
        multipart: {
          title: longWord(160),
          sector: longWord(120),
          engagement: 'vapt',
          scope: longText,
          outcome: longText,
          // A quote holds at most 600 characters: a long word and the long URL still fit.
          quote: `${longWord(200)} ${longUrl}`,
          quoteBy: longWord(120),
          clientName: longWord(120),
        },
      }),
    ]);
    await create(PUBLIC_PATHS.career, { multipart: { title, description: longText, points } });
    // The career page is static: wait for the rebuild that bakes the new career in.
    await expect
      .poll(async () => (await (await request.get('/career')).text()).includes(marker), {
        timeout: 90_000,
        intervals: [1_000],
      })
      .toBe(true);

    // One tab per width, side by side: most of a page load here is waiting, not drawing.
    const overflows: string[] = [];
    const measureAt = async (width: number) => {
      const tab = await page.context().newPage();
      collectConsoleErrors(tab, consoleErrors); // checked after the test, as for `page`
      await skipSplash(tab);
      await tab.setViewportSize({ width, height: 900 });
      for (const path of PAGES) {
        await tab.goto(path);
        // Bring lazy islands (client:visible) in, then measure the page as a visitor would scroll it.
        await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await tab.waitForTimeout(300);
        const sizes = await tab.evaluate(() => ({
          scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
          clientWidth: document.documentElement.clientWidth,
          innerWidth: window.innerWidth,
        }));
        if (sizes.scrollWidth > Math.min(sizes.clientWidth, sizes.innerWidth))
          overflows.push(`${path} at ${width} px: ${sizes.scrollWidth} px wide`);
      }
      await tab.close();
    };
    await Promise.all(WIDTHS.map(measureAt));
    expect(overflows).toEqual([]);
  } finally {
    // At once, like the writes.
    await Promise.all(created.map((path) => adminApi.delete(path)));
  }
});

test('every carousel title stays inside its card, on a phone and on a desktop', async ({ page }) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/services');
    const slides = page.locator('.carousel__slide');
    await expect(slides.first()).toBeVisible();
    const escapes = await slides.evaluateAll((cards) =>
      cards.flatMap((card) => {
        const title = card.querySelector('.carousel__title');
        if (!title) return [];
        const outer = card.getBoundingClientRect();
        const inner = title.getBoundingClientRect();
        const inside =
          inner.left >= outer.left &&
          inner.right <= outer.right &&
          inner.top >= outer.top &&
          inner.bottom <= outer.bottom &&
          title.scrollWidth <= title.clientWidth;
        return inside ? [] : [title.textContent ?? ''];
      }),
    );
    expect(escapes, `at ${width} px`).toEqual([]);
  }
});
