/** Home: splash, slider, stats counters, OUR-SERVICES (retry policy), Who Can JOIN, HOW TO APPLY. */
import type { Page } from '@playwright/test';
import HomeCourses from '../../src/islands/HomeCourses.tsx';
import HomeServices, { SERVICES_DETAIL } from '../../src/islands/HomeServices.tsx';
import { sliderBody } from '../../src/components/slider-markup.ts';
import { GENERIC, PUBLIC } from '../../src/lib/messages.ts';
import { PUBLIC_PATHS } from '../../src/lib/public-api.ts';
import { HOW_TO_APPLY } from '../../src/lib/page-words.ts';
import { HOME, ISLAND_COPY } from '../../src/lib/public-copy.ts';
import { brandName, siteConfig } from '../../src/lib/site-config.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import {
  answer,
  holdRequests,
  rewriteDocument,
  skipSplash,
  waitForIsland,
  withoutBakedData,
  withoutBakedMarkup,
} from './public-helpers.ts';

const T0 = new Date('2026-03-01T10:00:00Z');

/** Fake timers, paused: the test moves time with runFor. */
async function freezeClock(page: Page) {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(new Date(T0.getTime() + 5_000));
}

const ok = (data: unknown) => ({ success: true, data });

test.describe('splash', () => {
  test('shows on the first load of / in a session, blurs from 2.5 s, is gone at 3 s, then never again', async ({
    page,
  }) => {
    await freezeClock(page);
    await page.goto('/');
    const splash = page.locator('[data-splash]');
    await expect(splash).toBeVisible();
    await expect(splash).toContainText(PUBLIC.splashWelcome);
    await expect(splash).toContainText(brandName);
    await expect(splash).toContainText(PUBLIC.splashSlogan);
    // The content is in the HTML underneath the splash (crawlers, LCP).
    await expect(page.locator('#main')).toContainText(HOW_TO_APPLY.heading);

    await page.clock.runFor(2_499);
    await expect(splash).not.toHaveClass(/is-leaving/);
    await page.clock.runFor(1);
    await expect(splash).toHaveClass(/is-leaving/);
    await expect(splash).toBeVisible();
    await page.clock.runFor(499);
    await expect(splash).toBeVisible();
    await page.clock.runFor(1);
    await expect(splash).toBeHidden();

    await page.reload();
    await expect(page.locator('[data-splash]')).toBeHidden();
    await page.goto('/about');
    await expect(page.locator('[data-splash]')).toHaveCount(0);
  });

  test('a later load in the session hides it before any frame is drawn, however late the scripts run', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('[data-splash]')).toBeVisible();
    // A slow phone draws frames before the page's scripts run: hold them all back behind a module still on its way.
    await rewriteDocument(
      page,
      '/',
      'the body',
      /<body>/,
      () => '<body><script type="module" src="/held.js"></script>',
    );
    const release = await holdRequests(page, '/held.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '' }),
    );
    // Every frame drawn while the reloaded page is loading: is the splash in it? (No fake clock: it holds frames.)
    await page.addInitScript(() => {
      const seen = { frames: 0, drawn: 0 };
      Object.assign(window, { splashFrames: seen });
      const everyFrame = () => {
        const splash = document.querySelector('[data-splash]');
        if (splash) {
          seen.frames += 1;
          if (getComputedStyle(splash).display !== 'none') seen.drawn += 1;
        }
        if (document.readyState !== 'complete') requestAnimationFrame(everyFrame);
      };
      requestAnimationFrame(everyFrame);
    });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { splashFrames: { frames: number } }).splashFrames.frames >= 3,
    );
    release();
    await page.waitForLoadState('load');
    const frames = await page.evaluate(
      () => (window as unknown as { splashFrames: { drawn: number } }).splashFrames,
    );
    expect(frames.drawn, 'frames that drew the splash').toBe(0);
    await expect(page.locator('[data-splash]')).toBeHidden();
  });

  test('can be skipped', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    await page.locator('[data-splash]').getByRole('button', { name: 'Skip' }).click();
    await expect(page.locator('[data-splash]')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('with the splash seen', () => {
  test.beforeEach(async ({ page }) => {
    await skipSplash(page);
  });

  test('slider advances every 3 s and wraps; the first image is the LCP image', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/');
    const slides = page.locator('.slide');
    const count = await slides.count();
    expect(count).toBeGreaterThan(1);
    await expect(slides.first().locator('img')).toHaveAttribute('fetchpriority', 'high');
    await expect(slides.nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(slides.first().locator('img')).toHaveAttribute('width', /\d+/);

    await waitForIsland(page, 'HomeSlider');
    const active = page.locator('.slide.is-active');
    await expect(active).toHaveAttribute('data-slide', '0');
    await page.clock.runFor(2_990);
    await expect(active).toHaveAttribute('data-slide', '0');
    await page.clock.runFor(10);
    await expect(active).toHaveAttribute('data-slide', '1');
    await page.clock.runFor(3_000 * (count - 1));
    await expect(active).toHaveAttribute('data-slide', '0');
  });

  test('under prefers-reduced-motion the slider starts paused; Play starts it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await freezeClock(page);
    await page.goto('/');
    await waitForIsland(page, 'HomeSlider');
    const active = page.locator('.slide.is-active');
    await expect(page.getByRole('button', { name: ISLAND_COPY.playSlider })).toBeVisible();
    await page.clock.runFor(9_000);
    await expect(active).toHaveAttribute('data-slide', '0');
    await page.getByRole('button', { name: ISLAND_COPY.playSlider }).click();
    await page.clock.runFor(3_000);
    await expect(active).toHaveAttribute('data-slide', '1');
  });

  test('slider states without baked data: loading, error, invalid data, empty', async ({ page }) => {
    await withoutBakedMarkup(page, '/', 'HomeSlider', sliderBody({ phase: 'loading' }, 'content'));
    const state = page.locator('.slider-state');

    const release = await holdRequests(page, PUBLIC_PATHS.homeContent, (route) =>
      route.fulfill({ status: 500, json: { success: false } }),
    );
    await page.goto('/');
    await expect(state).toHaveAttribute('data-state', 'loading');
    await waitForIsland(page, 'HomeSlider');
    await expect(state).toHaveAttribute('data-state', 'loading');
    release();
    await expect(state).toHaveText(PUBLIC.contentFetchFailed(GENERIC.server));
    await page.unroute((url) => url.pathname === PUBLIC_PATHS.homeContent);

    await answer(page, PUBLIC_PATHS.homeContent, 503, { success: false, message: 'Store is resting' });
    await page.reload();
    await expect(state).toHaveText(PUBLIC.contentFetchFailed('Store is resting'));
    await page.unroute((url) => url.pathname === PUBLIC_PATHS.homeContent);

    await answer(page, PUBLIC_PATHS.homeContent, 200, { success: true, data: { items: [] } });
    await page.reload();
    await expect(state).toHaveText(PUBLIC.invalidData);
    await page.unroute((url) => url.pathname === PUBLIC_PATHS.homeContent);

    await answer(page, PUBLIC_PATHS.homeContent, 200, []);
    await page.reload();
    await expect(state).toHaveText(PUBLIC.emptyContent);
  });

  test('stats counters count up when 20% visible, after 0.5 s, over 2 s / 2.5 s, and reset out of view; stats poll every 30 s while visible', async ({
    page,
  }) => {
    let statsCalls = 0;
    await page.route(
      (url) => url.pathname === PUBLIC_PATHS.stats,
      (route) => {
        statsCalls += 1;
        return route.fulfill({ json: ok({ totalCourses: 40 }) });
      },
    );
    await freezeClock(page);
    await page.goto('/');
    const courses = page.locator('[data-counter="courses"]');
    const customers = page.locator('[data-counter="customers"]');
    await expect(courses).toHaveText('0');
    await page.getByRole('heading', { name: HOME.about.heading }).scrollIntoViewIfNeeded();
    await waitForIsland(page, 'StatsBanner');
    await expect.poll(() => statsCalls).toBe(1);
    await page.clock.runFor(490);
    await expect(courses).toHaveText('0');
    await page.clock.runFor(1_010); // 1 s into the count-up: ease-out is past half way
    const midway = Number(await courses.textContent());
    expect(midway).toBeGreaterThan(20);
    expect(midway).toBeLessThan(40);
    // Frames are ~16 ms apart, so the count starts on the first frame after the delay: allow one frame.
    await page.clock.runFor(1_040); // 2 s: courses done, customers still counting
    await expect(courses).toHaveText('40');
    expect(Number(await customers.textContent())).toBeLessThan(21);
    await page.clock.runFor(500);
    await expect(customers).toHaveText('21');

    await page.clock.runFor(26_960); // 30 s after the first call
    await expect.poll(() => statsCalls).toBe(2);
    await page.clock.runFor(30_000);
    await expect.poll(() => statsCalls).toBe(3);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(courses).toHaveText('0');
    await expect(customers).toHaveText('0');
    await page.clock.runFor(90_000);
    expect(statsCalls).toBe(3);
  });

  test('a stats answer that arrives during the count-up is counted towards; the count never starts over', async ({
    page,
  }) => {
    // A slow network: the answer is held until the count is under way.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(
      (url) => url.pathname === PUBLIC_PATHS.stats,
      async (route) => {
        asked();
        await held;
        await route.fulfill({ json: ok({ totalCourses: 400 }) });
      },
    );
    await freezeClock(page);
    await page.goto('/');
    const courses = page.locator('[data-counter="courses"]');
    await page.getByRole('heading', { name: HOME.about.heading }).scrollIntoViewIfNeeded();
    await waitForIsland(page, 'StatsBanner');
    await requested; // the banner is in view: its count starts 0.5 s from now
    await page.clock.runFor(800); // 0.3 s into the count, towards the baked figure
    const before = Number(await courses.textContent());
    expect(before).toBeGreaterThan(0);
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === PUBLIC_PATHS.stats,
    );
    release();
    await answered;
    const seen = [before];
    for (let step = 0; step < 10; step += 1) {
      await page.clock.runFor(100);
      seen.push(Number(await courses.textContent()));
    }
    // Rising at every frame sampled, now towards 400: a restarted count would stand still for its 0.5 s delay.
    expect(
      seen.slice(1).every((value, index) => value > (seen[index] ?? 0)),
      seen.join(' '),
    ).toBe(true);
    expect(seen.at(-1)).toBeGreaterThan(200);
    await page.clock.runFor(800); // the count ends 2 s after it began
    await expect(courses).toHaveText('400');
  });

  test('OUR-SERVICES shows baked cards at first paint and keeps them when a refresh fails', async ({
    page,
  }) => {
    await answer(page, PUBLIC_PATHS.homeService, 500, { success: false });
    await freezeClock(page);
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: HOME.servicesHeading }),
    });
    const cards = section.locator('li.card');
    const baked = await cards.count();
    expect(baked).toBeGreaterThan(0);
    await section.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'HomeServices');
    await page.clock.runFor(10_000);
    await expect(cards).toHaveCount(baked);
    await expect(section).not.toContainText(PUBLIC.retryingConnection);
    // Images: intrinsic size, srcset for our uploads, lazy below the fold.
    const image = cards.first().locator('img');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('srcset', /\.webp 400w/);
    await expect(image).toHaveAttribute('height', /\d+/);
  });

  test('OUR-SERVICES without baked data: retries twice on 500 with back-off, then the error without Retry', async ({
    page,
  }) => {
    await withoutBakedData(page, '/', 'HomeServices', HomeServices);
    let calls = 0;
    await page.route(
      (url) => url.pathname === PUBLIC_PATHS.homeService,
      (route) => {
        calls += 1;
        return route.fulfill({ status: 500, json: { success: false } });
      },
    );
    await freezeClock(page);
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: HOME.servicesHeading }),
    });
    await section.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'HomeServices');
    await expect(section).toContainText(PUBLIC.retryingConnection);
    expect(calls).toBe(1);
    await page.clock.runFor(999);
    expect(calls).toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => calls).toBe(2);
    await expect(section).toContainText(PUBLIC.retryingConnection);
    await page.clock.runFor(1_999); // the second wait doubles to 2 s
    expect(calls).toBe(2);
    await page.clock.runFor(1);
    await expect.poll(() => calls).toBe(3);
    await expect(section.getByRole('alert')).toHaveText(GENERIC.server);
    await expect(section.getByRole('button', { name: PUBLIC.retry })).toHaveCount(0);
    await page.clock.runFor(30_000);
    expect(calls).toBe(3);
  });

  test('OUR-SERVICES without baked data: a non-retryable error offers Retry while fewer than 2 retries are used', async ({
    page,
  }) => {
    await withoutBakedData(page, '/', 'HomeServices', HomeServices);
    let answerWith: { status: number; json: unknown } = {
      status: 404,
      json: { success: false, message: 'Services are hiding' },
    };
    await page.route(
      (url) => url.pathname === PUBLIC_PATHS.homeService,
      (route) => route.fulfill(answerWith),
    );
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: HOME.servicesHeading }),
    });
    await section.scrollIntoViewIfNeeded();
    const retry = section.getByRole('button', { name: PUBLIC.retry });
    await expect(section.getByRole('alert')).toContainText('Services are hiding');
    await retry.click();
    await expect(section.getByRole('alert')).toContainText('Services are hiding');
    await retry.click();
    await expect(section.getByRole('alert')).toContainText('Services are hiding');
    await expect(retry).toHaveCount(0);

    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await expect(retry).toBeVisible();
    answerWith = {
      status: 200,
      json: ok([
        {
          _id: 'a',
          title: 'Red teaming',
          description: 'Adversary simulation.',
          image: 'https://example.invalid/x.jpg',
        },
      ]),
    };
    await retry.click();
    await expect(section.locator('li.card h3')).toHaveText(['Red teaming']);
    // An external image that fails to load swaps to the fallback once.
    await expect(section.locator('li.card img')).toHaveAttribute('src', '/images/fallback.svg');

    answerWith = { status: 200, json: ok([]) };
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await expect(section).toContainText(PUBLIC.emptyServices);

    answerWith = { status: 200, json: { success: true, data: 'nope' } };
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('alert')).toContainText(PUBLIC.invalidData);
  });

  test('Who Can JOIN: baked cards with a 100 ms step, the e-mail line, and the states without baked data', async ({
    page,
  }) => {
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: HOME.coursesHeading }),
    });
    await expect(section.getByRole('link', { name: siteConfig.email })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.email}`,
    );
    const cards = section.locator('.course-card');
    expect(await cards.count()).toBeGreaterThan(2);
    const delays = await cards.evaluateAll((elements) =>
      elements.slice(0, 3).map((element) => getComputedStyle(element).animationDelay),
    );
    expect(delays).toEqual(['0s', '0.1s', '0.2s']);

    await withoutBakedData(page, '/', 'HomeCourses', HomeCourses);
    const release = await holdRequests(page, PUBLIC_PATHS.homeCourse, (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'HomeCourses');
    await expect(section.getByRole('status')).toHaveText(PUBLIC.loadingCourses);
    release();
    await expect(section.getByRole('alert')).toHaveText(PUBLIC.coursesFetchFailedPrefix + GENERIC.server);
    await page.unroute((url) => url.pathname === PUBLIC_PATHS.homeCourse);

    await answer(page, PUBLIC_PATHS.homeCourse, 200, { data: [] });
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await expect(section).toContainText(PUBLIC.emptyCourses);
  });

  test('the hero calls to action under the slideshow, and each service card leads to the services (issue 21)', async ({
    page,
  }) => {
    await page.goto('/');
    const cta = page.locator('.hero-cta');
    await expect(cta).toContainText(SITE_SETTINGS_SEED.heroLine);
    // Right under the slideshow, before the About section (the slideshow's own script aside).
    expect(
      await cta.evaluate((element) => {
        let before = element.previousElementSibling;
        while (before?.matches('script, template')) before = before.previousElementSibling;
        return before?.matches('section.slider') ?? false;
      }),
    ).toBe(true);
    const services = cta.getByRole('link', { name: SITE_SETTINGS_SEED.heroServicesLabel, exact: true });
    await expect(services).toHaveAttribute('href', '/services');
    await expect(
      cta.getByRole('link', { name: SITE_SETTINGS_SEED.heroEnrollLabel, exact: true }),
    ).toHaveAttribute('href', '/enroll');

    const section = page.locator('section', {
      has: page.getByRole('heading', { name: HOME.servicesHeading }),
    });
    await section.scrollIntoViewIfNeeded();
    await waitForIsland(page, 'HomeServices');
    const cards = section.locator('li.card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      const title = (await cards.nth(index).locator('h3').textContent()) ?? '';
      await expect(cards.nth(index).getByRole('link', { name: title.trim(), exact: true })).toHaveAttribute(
        'href',
        SERVICES_DETAIL,
      );
    }
    // The link covers the whole card: a click anywhere on it (here its middle, not the title) follows it.
    await cards.first().click();
    await expect(page).toHaveURL(/\/services#content-heading$/);
    await expectNoAxeViolations(page);
  });

  test('HOW TO APPLY lists the three steps', async ({ page }) => {
    await page.goto('/');
    const steps = page
      .locator('section', { has: page.getByRole('heading', { name: HOW_TO_APPLY.heading }) })
      .locator('.step h3');
    await expect(steps).toHaveText(HOW_TO_APPLY.steps.map((step, index) => `${index + 1}. ${step.title}`));
  });

  test('a content change through the API shows through island revalidation, then in the rebuilt HTML', async ({
    page,
    adminApi,
    request,
  }) => {
    const title = `Night-shift learners ${Date.now()}`;
    const created = await adminApi.post(PUBLIC_PATHS.homeCourse, {
      data: { title, description: 'Evening batches.' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { data: { _id: string } }).data._id;
    try {
      await page.goto('/');
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: HOME.coursesHeading }),
      });
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('heading', { name: title })).toBeVisible();
      await expect
        .poll(async () => (await (await request.get('/')).text()).includes(title), {
          timeout: 45_000,
          intervals: [1_000],
        })
        .toBe(true);
    } finally {
      await adminApi.delete(`${PUBLIC_PATHS.homeCourse}/${id}`);
    }
  });
});
