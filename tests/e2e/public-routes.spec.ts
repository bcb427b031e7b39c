/** Routes, redirects, the shell (navbar, footer), SEO tags and accessibility of every public page. */
import { PUBLIC } from '../../src/lib/messages.ts';
import { BREADCRUMB_HOME, FOOTER, NAV_CERTIFICATE_LABEL, NAV_LINKS } from '../../src/lib/public-copy.ts';
import { siteConfig } from '../../src/lib/site-config.ts';
import { googleCourseProblems } from '../support/google-course-rules.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';

const INNER_PAGES = [
  { path: '/about', nav: 'About' },
  { path: '/services', nav: 'Services' },
  { path: '/career', nav: 'Careers' },
  { path: '/contact', nav: 'Contact' },
  { path: '/enroll', nav: 'Enroll' },
  { path: '/privacy-policy', nav: null },
  // The course catalogue (issue 22), linked after the spec's navbar links.
  { path: '/courses', nav: 'Courses' },
  { path: '/security', nav: null },
  // Case studies (issue 25.3): the index and a demo study's page.
  { path: '/case-studies', nav: null },
  { path: '/case-studies/vapt-for-a-co-operative-bank-before-its-rbi-audit', nav: null },
  // Articles (issue 24), linked after the catalogue: the list, a tag's page and a demo article.
  { path: '/articles', nav: 'Articles' },
  { path: '/articles/tag/web-security', nav: 'Articles' },
  { path: '/articles/what-a-vapt-report-contains', nav: 'Articles' },
] as const;

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

test('every public route is a static page with title, description, canonical URL and Open Graph tags', async ({
  page,
}) => {
  for (const path of ['/', ...INNER_PAGES.map((entry) => entry.path)]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S{10}/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname, path).toBe(path);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical ?? '');
    await expect(page.locator('h1')).toHaveCount(1);
  }
});

test('inner pages have a hero with a Home → page breadcrumb and the active nav link', async ({ page }) => {
  for (const { path, nav } of INNER_PAGES) {
    await page.goto(path);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: BREADCRUMB_HOME })).toHaveAttribute('href', '/');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(await page.locator('h1').innerText());
    const main = page.getByRole('navigation', { name: 'Main' });
    if (nav) {
      await expect(main.locator('[aria-current="page"]')).toHaveText(nav);
    } else {
      await expect(main.locator('[aria-current="page"]')).toHaveCount(0);
    }
  }
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveText(
    'Home',
  );
});

test('inner-page heroes show the shipped photo under a dark overlay, small and fetched early', async ({
  page,
  request,
}) => {
  for (const { path } of INNER_PAGES) {
    await page.goto(path);
    const photo = page.locator('.hero .hero__photo');
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect(photo).toHaveAttribute('alt', '');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
      /^\/images\/hero-\d+\.webp$/,
    );
    // The photo fills the hero, and a dark overlay (at least 60 % black) lies between it and the title.
    const [hero, shown] = [await page.locator('.hero').boundingBox(), await photo.boundingBox()];
    expect(shown).toEqual(hero);
    const overlay = await page
      .locator('.hero')
      .evaluate((element) => getComputedStyle(element, '::before').backgroundColor);
    const alpha = Number(/rgba?\(0, 0, 0(?:, ([\d.]+))?\)/.exec(overlay)?.[1] ?? 1);
    expect(alpha).toBeGreaterThanOrEqual(0.6);
  }
  // Every width of the srcset stays small enough not to delay the first paint (LCP).
  const srcset = (await page.locator('.hero .hero__photo').getAttribute('srcset')) ?? '';
  const files = srcset.split(',').map((entry) => entry.trim().split(' ')[0]!);
  expect(files).toHaveLength(3);
  for (const file of files) {
    const response = await request.get(file);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect((await response.body()).length).toBeLessThanOrEqual(20_000);
  }
});

test('unknown paths redirect to the home page', async ({ page }) => {
  for (const path of ['/no-such-page', '/services/extra/deep', '/careers']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveText(
      'Home',
    );
  }
});

test('navbar links, the Certificate link, and the footer', async ({ page }) => {
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of NAV_LINKS)
    await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
  const certificate = nav.getByRole('link', { name: new RegExp(`^${NAV_CERTIFICATE_LABEL}`) });
  await expect(certificate).toHaveAttribute('href', siteConfig.certificateUrl);
  // Issue 23 (decisions §35): the default is this site's /verify, opened in the same tab; an external address
  // set in Site settings still opens in a new one.
  if (siteConfig.certificateUrl.startsWith('/')) {
    await expect(certificate).not.toHaveAttribute('target', /./);
  } else {
    await expect(certificate).toHaveAttribute('target', '_blank');
    await expect(certificate).toHaveAttribute('rel', /noopener/);
  }

  const footer = page.locator('footer');
  const quick = footer.getByRole('navigation', { name: FOOTER.quickLinksTitle });
  for (const link of FOOTER.quickLinks)
    await expect(quick.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
      'href',
      link.href,
    );
  await expect(footer).toContainText(PUBLIC.footerTagline);
  await expect(footer.getByRole('link', { name: siteConfig.email })).toHaveAttribute(
    'href',
    `mailto:${siteConfig.email}`,
  );
  await expect(footer).toContainText(siteConfig.phone);
  await expect(footer).toContainText(siteConfig.address[0]!);
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole('link', { name: FOOTER.enroll, exact: true })).toHaveAttribute(
    'href',
    '/enroll',
  );
  await expect(footer.getByRole('link', { name: FOOTER.privacy })).toHaveAttribute('href', '/privacy-policy');
});

test.describe('navbar at mobile width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the collapsed menu opens with the toggle, closes on navigation and on Escape', async ({ page }) => {
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    const contact = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(contact).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(contact).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(contact).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }),
    ).toBeHidden();
  });
});

test.describe('navbar toggle at phone width (issue 21)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('turns into a close icon while the menu is open, and its focus ring is drawn whole', async ({
    page,
  }) => {
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    const bar = (pseudo: '::before' | '::after') =>
      toggle
        .locator('.nav-toggle__bar')
        .evaluate((element, which) => getComputedStyle(element, which).transform, pseudo);
    expect(await bar('::before')).toBe('none');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The two outer bars cross (rotated ±45°) and the middle one is gone: an ×.
    await expect.poll(() => bar('::before')).toMatch(/^matrix\(0\.70/);
    await expect.poll(() => bar('::after')).toMatch(/^matrix\(0\.70/);
    expect(
      await toggle
        .locator('.nav-toggle__bar')
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgba(0, 0, 0, 0)');

    // The ring (2 px, 3 px away from the button) lies inside the page and the header on every side.
    await expect(toggle).toBeFocused();
    const ring = await toggle.evaluate((element) => {
      const style = getComputedStyle(element);
      const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      const box = element.getBoundingClientRect();
      const header = element.closest('header')!.getBoundingClientRect();
      return {
        reach,
        top: box.top - reach - Math.max(0, header.top),
        left: box.left - reach,
        right: window.innerWidth - (box.right + reach),
        bottom: header.bottom - (box.bottom + reach),
      };
    });
    expect(ring.reach).toBeGreaterThan(0);
    for (const side of ['top', 'left', 'right', 'bottom'] as const)
      expect(ring[side], side).toBeGreaterThanOrEqual(0);

    await page.keyboard.press('Escape');
    await expect.poll(() => bar('::before')).toBe('none');
  });
});

test('sitemap.xml and robots.txt are generated at build time', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of [
    '/about',
    '/services',
    '/career',
    '/contact',
    '/enroll',
    '/privacy-policy',
    '/security',
  ])
    expect(xml).toContain(`${path}</loc>`);
  // The course catalogue (issue 22): the list and every published course's page.
  for (const path of ['/courses', '/courses/ethical-hacking', '/courses/cloud-security'])
    expect(xml).toContain(`${path}</loc>`);
  // Case studies (issue 25.3): the index and every published study's page, by address only.
  for (const path of [
    '/case-studies',
    '/case-studies/vapt-for-a-co-operative-bank-before-its-rbi-audit',
    '/case-studies/cloud-security-review-for-a-payments-start-up',
  ])
    expect(xml).toContain(`${path}</loc>`);
  expect(xml).not.toContain('Paywise');
  expect(xml).not.toContain('deltaadmin');
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test('the pictures a page shows ship with the deploy, not through the uploads function', async ({
  request,
}) => {
  // Each deploy drops cached function responses; files of the deploy cost no invocation (bake-uploads.ts).
  const html = await (await request.get('/services')).text();
  const pictures = [...new Set(html.match(/\/uploads\/[a-z]+\/[a-f0-9]{32}(?:-\d+)?\.webp/g))];
  expect(pictures.length).toBeGreaterThan(0);
  for (const path of pictures) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('image/webp');
    expect(response.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
    // @netlify/dev stamps every function invocation with this header.
    expect(response.headers()['x-nf-invocation-metadata'], path).toBeUndefined();
  }
});

test('JSON-LD describes the organisation and its courses', async ({ page }) => {
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.flatMap((text) => JSON.parse(text) as Record<string, unknown>[]);
  expect(data.find((entry) => entry['@type'] === 'Organization')).toMatchObject({ email: siteConfig.email });
  // The course list names the catalogue's course pages (each carries its Course), not the "Who Can JOIN" cards,
  // which Google's course rules refuse as courses without offers or instances (decisions §66).
  const list = data.find((entry) => entry['@type'] === 'ItemList') as {
    itemListElement: { '@type': string; url: string }[];
  };
  expect(list.itemListElement.length).toBeGreaterThan(0);
  for (const entry of list.itemListElement) expect(entry.url).toMatch(/\/courses\/[a-z0-9-]+$/);
  expect(googleCourseProblems(data)).toEqual([]);
});

// One test per page: the list grew with the catalogue and the security page, past one test's time on a busy machine.
for (const path of ['/', ...INNER_PAGES.map((entry) => entry.path)])
  test(`axe finds no WCAG A/AA violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    // Lazy islands hydrate when visible: scroll through so axe sees every hydrated state.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
  });
