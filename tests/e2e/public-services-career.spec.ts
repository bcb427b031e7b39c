/** /services carousel, /career Read More, /about, and the /contact map facade. */
import { PUBLIC } from '../../src/lib/messages.ts';
import { PUBLIC_PATHS } from '../../src/lib/public-api.ts';
import { ABOUT, CONTACT_PAGE, SERVICES } from '../../src/lib/page-words.ts';
import { ISLAND_COPY } from '../../src/lib/public-copy.ts';
import { CAREER_TRUNCATE_CHARS } from '../../src/lib/constants.ts';
import { siteConfig } from '../../src/lib/site-config.ts';
import { expect, test } from './fixtures.ts';
import { answer, waitForIsland } from './public-helpers.ts';

const T0 = new Date('2026-03-01T10:00:00Z');

test.describe('services carousel', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: T0 });
    await page.clock.pauseAt(new Date(T0.getTime() + 5_000));
  });

  test('advances every 3 s, marks active/prev/next, pauses on hover, and prev/next wrap and resume after 3 s', async ({
    page,
    request,
  }) => {
    await page.goto('/services');
    const carousel = page.getByRole('region', { name: ISLAND_COPY.carouselLabel, exact: true });
    await carousel.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'ServicesCarousel');
    await page.mouse.move(0, 0);
    const slides = carousel.locator('[data-slide]');
    // The island swaps the baked slides for the live list it fetches; a build still catching up with another spec's
    // change can bake one slide more or fewer (the wrap-around then misses by one). Count once the two agree.
    const live = (await (await request.get(PUBLIC_PATHS.homeContent)).json()) as { data: unknown[] };
    await expect(slides).toHaveCount(live.data.length);
    const count = await slides.count();
    expect(count).toBeGreaterThan(2);
    const active = carousel.locator('.is-active');
    await expect(active).toHaveAttribute('data-slide', '0');
    await expect(carousel.locator('.is-next')).toHaveAttribute('data-slide', '1');
    await expect(carousel.locator('.is-prev')).toHaveAttribute('data-slide', String(count - 1));

    await page.clock.runFor(2_999);
    await expect(active).toHaveAttribute('data-slide', '0');
    await page.clock.runFor(1);
    await expect(active).toHaveAttribute('data-slide', '1');

    await carousel.locator('.carousel__track').hover();
    await expect(carousel).toHaveAttribute('data-rotation', 'stopped');
    await page.clock.runFor(9_000);
    await expect(active).toHaveAttribute('data-slide', '1');
    await page.mouse.move(0, 0);
    await expect(carousel).toHaveAttribute('data-rotation', 'running');
    await page.clock.runFor(3_000);
    await expect(active).toHaveAttribute('data-slide', '2');

    const previous = carousel.getByRole('button', { name: ISLAND_COPY.previous });
    const next = carousel.getByRole('button', { name: ISLAND_COPY.next });
    await previous.click();
    await previous.click();
    await previous.click();
    await expect(active).toHaveAttribute('data-slide', String(count - 1)); // wrapped backwards
    await next.click();
    await expect(active).toHaveAttribute('data-slide', '0'); // wrapped forwards
    await page.mouse.move(0, 0);
    // Manual navigation holds auto-advance for 3 s; then it runs every 3 s again.
    await expect(carousel).toHaveAttribute('data-rotation', 'stopped');
    await page.clock.runFor(2_999);
    await expect(carousel).toHaveAttribute('data-rotation', 'stopped');
    await page.clock.runFor(1);
    await expect(carousel).toHaveAttribute('data-rotation', 'running');
    await expect(active).toHaveAttribute('data-slide', '0');
    await page.clock.runFor(2_999);
    await expect(active).toHaveAttribute('data-slide', '0');
    await page.clock.runFor(1);
    await expect(active).toHaveAttribute('data-slide', '1');
  });

  test('is keyboard operable', async ({ page }) => {
    await page.goto('/services');
    const carousel = page.getByRole('region', { name: ISLAND_COPY.carouselLabel, exact: true });
    await carousel.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'ServicesCarousel');
    const next = carousel.getByRole('button', { name: ISLAND_COPY.next });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(carousel.locator('.is-active')).toHaveAttribute('data-slide', '1');
    await page.keyboard.press('ArrowRight');
    await expect(carousel.locator('.is-active')).toHaveAttribute('data-slide', '2');
    await page.keyboard.press('ArrowLeft');
    await expect(carousel.locator('.is-active')).toHaveAttribute('data-slide', '1');
  });

  test('buttons are disabled with one item or none', async ({ page }) => {
    await answer(page, PUBLIC_PATHS.homeContent, 200, [
      { _id: 'one', title: 'Only one', image: 'https://example.invalid/a.jpg' },
    ]);
    await page.goto('/services');
    const carousel = page.getByRole('region', { name: ISLAND_COPY.carouselLabel, exact: true });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.locator('[data-slide]')).toHaveCount(1);
    await expect(carousel.getByRole('button', { name: ISLAND_COPY.previous })).toBeDisabled();
    await expect(carousel.getByRole('button', { name: ISLAND_COPY.next })).toBeDisabled();

    await page.unroute((url) => url.pathname === PUBLIC_PATHS.homeContent);
    await answer(page, PUBLIC_PATHS.homeContent, 200, { success: true, data: [] });
    await page.reload();
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toContainText(PUBLIC.emptyContent);
    await expect(carousel.getByRole('button', { name: ISLAND_COPY.next })).toBeDisabled();
  });
});

test('services page shows the audiences and the content grid with points', async ({ page }) => {
  await page.goto('/services');
  const audience = page.locator('section', {
    has: page.getByRole('heading', { name: SERVICES.audienceHeading }),
  });
  await expect(audience.locator('h3')).toHaveText(SERVICES.audiences.map((entry) => entry.title));
  const content = page.locator('section', {
    has: page.getByRole('heading', { name: SERVICES.contentHeading }),
  });
  expect(await content.locator('li.card').count()).toBeGreaterThan(0);
  expect(await content.locator('li.card').first().locator('.points li').count()).toBeGreaterThanOrEqual(4);
});

test('career descriptions are cut at 200 characters with a per-item Read More / Read Less toggle', async ({
  page,
}) => {
  await page.goto('/career');
  const toggles = page.getByRole('button', { name: PUBLIC.readMore });
  expect(await toggles.count()).toBeGreaterThan(0);
  const item = page.locator('.career-item:has([data-read-more])').first();
  const short = item.locator('[data-short]');
  const full = item.locator('[data-full]');
  const shortText = (await short.textContent()) ?? '';
  expect(shortText.endsWith('...')).toBe(true);
  expect(shortText.length).toBeLessThanOrEqual(CAREER_TRUNCATE_CHARS + 3);
  await expect(full).toBeHidden();

  const toggle = item.getByRole('button');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveText(PUBLIC.readLess);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(full).toBeVisible();
  expect(((await full.textContent()) ?? '').trim().length).toBeGreaterThan(CAREER_TRUNCATE_CHARS);
  await expect(short).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveText(PUBLIC.readMore);
  await expect(short).toBeVisible();
  // Each item has its own toggle; short descriptions have none.
  const itemCount = await page.locator('.career-item').count();
  expect(await toggles.count()).toBeLessThan(itemCount);
  await expect(page.locator('.career-item').first().locator('.points li').first()).toBeVisible();
});

test('about shows the mission blurbs, mission and contact cards with phone and e-mail', async ({ page }) => {
  await page.goto('/about');
  for (const blurb of ABOUT.blurbs)
    await expect(page.getByRole('heading', { name: blurb.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: ABOUT.contactCardTitle })).toBeVisible();
  await expect(page.locator('main')).toContainText(siteConfig.phone);
  await expect(page.locator('main').getByRole('link', { name: siteConfig.email })).toBeVisible();
});

test('contact shows the numbers and loads the map only on request', async ({ page }) => {
  const mapRequests: string[] = [];
  await page.route(
    (url) => url.href.startsWith(new URL(siteConfig.mapEmbedUrl).origin),
    (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<title>map</title><p>map</p>' });
    },
  );
  await page.goto('/contact');
  await expect(page.locator('main')).toContainText(siteConfig.phone);
  await expect(page.locator('main')).toContainText(siteConfig.phoneSecondary);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(mapRequests).toEqual([]);
  await page.getByRole('button', { name: CONTACT_PAGE.mapLoad }).click();
  const frame = page.locator('iframe');
  await expect(frame).toHaveAttribute('title', CONTACT_PAGE.mapTitle);
  await expect(frame).toHaveAttribute('src', siteConfig.mapEmbedUrl);
  await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
});
