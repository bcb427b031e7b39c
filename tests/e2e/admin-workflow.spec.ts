/**
 * The content workflow in Chromium (issue 12, "Done when", items 1–5): reorder home services with the keyboard
 * and see the order on `/` after the rebuild; a draft career is absent from /career until published; a deleted
 * service content item comes back with its picture through Undo; History restores yesterday's title; an alt
 * text reaches the public <img>. It reads rebuilt public pages, so it runs on the Blobs runner (public-blobs),
 * which rebuilds 2 s after a write. Store-level behaviour is covered in src/admin/stores/content-workflow.test.ts.
 *
 * Every write asks for a site build, and a build running when a test writes delays the one that test waits for:
 * the tests that wait for rebuilt pages come first, the three that do not come last (their items written in one
 * burst), and the cleanup is one burst after them all. The admin moves between screens through its sidebar, with
 * the public pages in a tab of their own (docs/decisions.md, §54).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { FORM, WORKFLOW_COPY } from '../../src/admin/admin-copy.ts';
import { CONTENT_SCREENS } from '../../src/admin/content-screens.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { API } from '../../src/lib/api-messages.ts';
import { contentFamilies, TRASH_PATH } from '../../src/lib/collections.ts';
import { UNDO_WINDOW_MS } from '../../src/lib/constants.ts';
import { ISLAND_COPY } from '../../src/lib/public-copy.ts';
import { WORKFLOW } from '../../src/lib/staff-messages.ts';
import { answerDialogs, imageBytes, makeImage, openScreen, unique } from './admin-support.ts';
import { collectConsoleErrors, expect, projectBaseURL, test, useAdminSession } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';

/** A rebuild on a loaded 2-core machine: generous. */
const REBUILT = { timeout: 90_000, intervals: [1_000] };
/** A test that waits for a rebuild: its own steps and the wait, which the default 60 s would cut short. */
const waitsForRebuild = () => test.setTimeout(REBUILT.timeout + 60_000);

const notice = (page: Page, kind: 'success' | 'error') => page.locator(`[data-notice="${kind}"]`);
const card = (page: Page, title: string) =>
  page.locator('li.item-card', { has: page.getByRole('heading', { name: title, exact: true }) });

const picture = async () => ({
  name: 'workflow.jpg',
  mimeType: 'image/jpeg',
  buffer: await imageBytes({ width: 480, height: 320 }),
});

interface Created {
  _id: string;
  title: string;
  imageUrl?: string;
}

async function create(api: APIRequestContext, path: string, body: { multipart?: object; data?: object }) {
  const response = await api.post(path, body as never);
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Created }).data;
}

const html = async (api: APIRequestContext, path: string) => (await api.get(path)).text();

/** The home services' titles in the order the pre-rendered `/` shows them (the OUR SERVICES section only). */
async function servicesOnHome(api: APIRequestContext): Promise<string[]> {
  const page = await html(api, '/');
  const start = page.indexOf('id="services-heading"');
  const section = page.slice(start, page.indexOf('</section>', start));
  // Each card's title is its link to the services (issue 21).
  return [...section.matchAll(/<h3><a [^>]*>([^<]*)<\/a><\/h3>/g)].map((match) => match[1]!);
}

/** A second tab for the public pages, so the admin's screen stays loaded in the first. */
async function visitorTab(page: Page, consoleErrors: string[]): Promise<Page> {
  const tab = await page.context().newPage();
  collectConsoleErrors(tab, consoleErrors); // checked after the test, as for `page`
  await skipSplash(tab);
  return tab;
}

/** Paths of what the tests created, deleted together after the last test. */
const cleanups: string[] = [];

test.afterAll(async ({ playwright, adminCookies }, testInfo) => {
  const baseURL = projectBaseURL(testInfo.project.use);
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
    storageState: { cookies: adminCookies, origins: [] },
  });
  await Promise.all(cleanups.map((path) => api.delete(path)));
  await api.dispose();
});

interface Prepared {
  undone: Created;
  history: Created & { yesterday: string; today: string };
  trashed: Created;
}
let prepared: Promise<Prepared> | null = null;

/**
 * The items the last three tests start from (none of them reads a rebuilt page), written in one burst by the first
 * of them: one rebuild window instead of one or two per test.
 */
function prepare(api: APIRequestContext): Promise<Prepared> {
  prepared ??= (async () => {
    const { serviceContent, homeCourse } = contentFamilies;
    const yesterday = unique('Yesterday title');
    const today = unique('Today title');
    const [undone, history, trashed] = await Promise.all([
      create(api, serviceContent.path, {
        multipart: {
          title: unique('Undo me'),
          description: 'Deleted by mistake.',
          points: JSON.stringify(['one', 'two', 'three', 'four']),
          image: await picture(),
        },
      }),
      create(api, homeCourse.path, { data: { title: yesterday, description: 'Same.' } }).then(
        async (item) => {
          const updated = await api.put(`${homeCourse.path}/${item._id}`, {
            data: { title: today, description: 'Same.' },
          });
          expect(updated.status()).toBe(200);
          return { ...item, yesterday, today };
        },
      ),
      create(api, homeCourse.path, { data: { title: unique('Trashed course'), description: 'To go.' } }).then(
        async (item) => {
          expect((await api.delete(`${homeCourse.path}/${item._id}`)).status()).toBe(200);
          return item;
        },
      ),
    ]);
    cleanups.push(`${serviceContent.path}/${undone._id}`, `${homeCourse.path}/${history._id}`);
    return { undone, history, trashed };
  })();
  return prepared;
}

test('home services reordered with the keyboard show in the new order on / after the rebuild', async ({
  adminPage: page,
  adminApi,
  request,
  consoleErrors,
}) => {
  waitsForRebuild();
  const family = contentFamilies.homeService;
  const title = unique('First by keyboard');
  const item = await create(adminApi, family.path, {
    multipart: { title, description: 'Moved to the top.', image: await picture() },
  });
  cleanups.push(`${family.path}/${item._id}`);
  await openScreen(page, 'Home Services', CONTENT_SCREENS.homeService.heading);
  const cards = page.locator('li.item-card');
  await expect(card(page, title)).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  // New items go last.
  await expect(cards.last().locator('h3')).toHaveText(title);

  // Keyboard only: focus the Move up button and press Enter until the item is first; focus stays with it.
  const moveUp = card(page, title).getByRole('button', { name: `${WORKFLOW_COPY.moveUp} ${title}` });
  await moveUp.focus();
  for (let step = 1; step < count - 1; step++) {
    await page.keyboard.press('Enter');
    await expect(page.getByText(WORKFLOW.moved(title, count - step, count), { exact: true })).toBeAttached();
    await expect(moveUp).toBeFocused();
  }
  await page.keyboard.press('Space');
  // At the top Move up is disabled, so focus moved to its twin.
  await expect(moveUp).toBeDisabled();
  await expect(
    card(page, title).getByRole('button', { name: `${WORKFLOW_COPY.moveDown} ${title}` }),
  ).toBeFocused();
  const announcement = page.getByText(WORKFLOW.moved(title, 1, count), { exact: true });
  await expect(announcement).toBeAttached();
  await expect(announcement).toHaveAttribute('aria-live', 'polite');
  await expect(cards.first().locator('h3')).toHaveText(title);

  // Saved at once: the public API and, after the rebuild, the pre-rendered page follow the new order.
  await expect
    .poll(async () => {
      const list = (await (await request.get(family.path)).json()) as { data: Created[] };
      return list.data[0]?._id;
    })
    .toBe(item._id);
  await expect.poll(async () => (await servicesOnHome(request))[0], REBUILT).toBe(title);
  const visitor = await visitorTab(page, consoleErrors);
  await visitor.goto('/');
  const services = visitor.locator('section', {
    has: visitor.getByRole('heading', { name: ISLAND_COPY.servicesHeading }),
  });
  await services.scrollIntoViewIfNeeded();
  await expect(services.locator('li h3').first()).toHaveText(title);
  await visitor.close();

  // A drag with the mouse puts it back below the next one (on the admin's screen, still open in the first tab).
  await expect(
    page.getByRole('heading', { level: 1, name: CONTENT_SCREENS.homeService.heading }),
  ).toBeVisible();
  // The drag events a mouse drag sends (headless Chromium under Playwright starts no native drag from the
  // handle), through the page's own handlers.
  const transfer = await page.evaluateHandle(() => new DataTransfer());
  const handle = card(page, title).locator('.drag-handle');
  await handle.dispatchEvent('dragstart', { dataTransfer: transfer });
  await cards.nth(1).dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(cards.nth(1)).toHaveClass(/is-drop-target/);
  await cards.nth(1).dispatchEvent('drop', { dataTransfer: transfer });
  await handle.dispatchEvent('dragend', { dataTransfer: transfer });
  await expect(cards.nth(1).locator('h3')).toHaveText(title);
  await expect(page.getByText(WORKFLOW.moved(title, 2, count), { exact: true })).toBeAttached();
  await expect
    .poll(async () => {
      const list = (await (await request.get(family.path)).json()) as { data: Created[] };
      return list.data.findIndex((candidate) => candidate._id === item._id);
    })
    .toBe(1);
});

test('a draft career stays off /career until it is published', async ({
  adminPage: page,
  adminApi,
  request,
}) => {
  waitsForRebuild();
  const family = contentFamilies.career;
  const title = unique('Draft role');
  const marker = unique('Published role');
  await openScreen(page, 'Career', CONTENT_SCREENS.career.heading);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Not open yet.');
  await page.getByLabel(FORM.point(1), { exact: true }).fill('Patience');
  await page.getByLabel(WORKFLOW_COPY.saveAsDraft, { exact: true }).check();
  await page.getByRole('button', { name: 'Add Career', exact: true }).click();
  await expect(notice(page, 'success')).toHaveText(family.messages.added);
  await expect(card(page, title).getByText(WORKFLOW_COPY.draft, { exact: true })).toBeVisible();
  // The form is back to publishing by default.
  await expect(page.getByLabel(WORKFLOW_COPY.saveAsDraft, { exact: true })).not.toBeChecked();

  // A published career saved after the draft: once the rebuilt page shows it, that build saw the draft.
  const published = await create(adminApi, family.path, {
    multipart: { title: marker, description: 'Open now.', points: JSON.stringify(['Curiosity']) },
  });
  cleanups.push(`${family.path}/${published._id}`);
  const list = (await (await adminApi.get(`${family.path}?drafts=1`)).json()) as { data: Created[] };
  const draft = list.data.find((item) => item.title === title)!;
  cleanups.push(`${family.path}/${draft._id}`);
  await expect.poll(async () => (await html(request, '/career')).includes(marker), REBUILT).toBe(true);
  expect(await html(request, '/career')).not.toContain(title);
  const visible = (await (await request.get(family.path)).json()) as { data: Created[] };
  expect(visible.data.map((item) => item.title)).not.toContain(title);

  // Publish with the card's toggle: saved at once, and the rebuilt page shows it.
  await card(page, title)
    .getByRole('button', { name: `${WORKFLOW_COPY.publish} ${title}` })
    .click();
  await expect(notice(page, 'success')).toHaveText(WORKFLOW.published(title));
  await expect(card(page, title).getByText(WORKFLOW_COPY.draft, { exact: true })).toHaveCount(0);
  await expect.poll(async () => (await html(request, '/career')).includes(title), REBUILT).toBe(true);
  await page.goto('/career');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('an alt text typed beside the picture reaches the public <img>', async ({
  adminPage: page,
  adminApi,
  request,
  consoleErrors,
}) => {
  waitsForRebuild();
  const family = contentFamilies.homeService;
  const title = unique('Alt service');
  const alt = unique('Two analysts reading a network map');
  await openScreen(page, 'Home Services', CONTENT_SCREENS.homeService.heading);
  await page.locator('input[type="file"]').setInputFiles(await makeImage('alt', { width: 640, height: 400 }));
  await page.getByLabel(WORKFLOW_COPY.altLabel, { exact: true }).fill(alt);
  await expect(page.getByText(WORKFLOW_COPY.altHint, { exact: true })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('With a description of its picture.');
  await page.getByRole('button', { name: 'Add Service', exact: true }).click();
  await expect(notice(page, 'success')).toHaveText(family.messages.added);
  const list = (await (await adminApi.get(`${family.path}?drafts=1`)).json()) as { data: Created[] };
  const item = list.data.find((candidate) => candidate.title === title)!;
  cleanups.push(`${family.path}/${item._id}`);
  await expect.poll(async () => (await html(request, '/')).includes(`alt="${alt}"`), REBUILT).toBe(true);
  const visitor = await visitorTab(page, consoleErrors);
  await visitor.goto('/');
  const image = visitor.getByRole('img', { name: alt, exact: true });
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await visitor.close();

  // Emptied again, the title stands in (on the admin's screen, still open in the first tab).
  await expect(
    page.getByRole('heading', { level: 1, name: CONTENT_SCREENS.homeService.heading }),
  ).toBeVisible();
  await card(page, title)
    .getByRole('button', { name: `${FORM.edit} ${title}` })
    .click();
  await expect(page.getByLabel(WORKFLOW_COPY.altLabel, { exact: true })).toHaveValue(alt);
  await page.getByLabel(WORKFLOW_COPY.altLabel, { exact: true }).fill('');
  await page.getByRole('button', { name: 'Update Service', exact: true }).click();
  await expect(notice(page, 'success')).toHaveText(family.messages.updated);
  await expect
    .poll(async () => {
      const home = await html(request, '/');
      return !home.includes(alt) && home.includes(`alt="${title}"`);
    }, REBUILT)
    .toBe(true);
});

// The last three read no rebuilt page: the builds their writes start run while they do, and after them.
test('a deleted service content item comes back with its picture through Undo', async ({
  page,
  adminCookies,
  adminApi,
}) => {
  const family = contentFamilies.serviceContent;
  const item = (await prepare(adminApi)).undone;
  const { title } = item;
  // A Playwright clock (time flows as usual) lets the test jump over the offer's UNDO_WINDOW_MS instead of
  // sitting through it: the page's own timer takes the offer away, as before. Signed in from the worker's session
  // (the fixtures' adminPage would load another screen first).
  await useAdminSession(page, adminCookies);
  await page.clock.install();
  await page.goto(screenHref('service-content'));
  await expect(
    page.getByRole('heading', { level: 1, name: CONTENT_SCREENS.serviceContent.heading }),
  ).toBeVisible();
  const dialogs = answerDialogs(page, () => true);
  await card(page, title)
    .getByRole('button', { name: `${FORM.delete} ${title}` })
    .click();
  // The spec's confirmation and success text, exactly; Undo sits beside the text, not in it.
  expect(dialogs).toEqual([family.confirmDelete]);
  await expect(notice(page, 'success')).toHaveText(family.messages.deleted);
  await expect(card(page, title)).toHaveCount(0);
  await page.getByRole('button', { name: WORKFLOW_COPY.undo, exact: true }).click();

  await expect(notice(page, 'success')).toHaveText(WORKFLOW.restored(title));
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, title).getByRole('button', { name: `${FORM.edit} ${title}` })).toBeFocused();
  const image = card(page, title).locator('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const back = (await (await adminApi.get(`${family.path}/${item._id}`)).json()) as { data: Created };
  expect(back.data).toMatchObject({ _id: item._id, title, imageUrl: item.imageUrl });
  expect((await adminApi.get(item.imageUrl!)).status()).toBe(200);

  // The offer lasts 10 s: after another delete it is there, and then it goes.
  await card(page, title)
    .getByRole('button', { name: `${FORM.delete} ${title}` })
    .click();
  await expect(page.getByRole('button', { name: WORKFLOW_COPY.undo, exact: true })).toBeVisible();
  await page.clock.fastForward(UNDO_WINDOW_MS);
  await expect(page.getByRole('button', { name: WORKFLOW_COPY.undo, exact: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(notice(page, 'success')).toHaveText(family.messages.deleted);
});

// Its item was saved twice (yesterday's title, then today's) in the burst of prepare().
test("History shows yesterday's title and restores it", async ({ adminPage: page, adminApi }) => {
  const { yesterday, today } = (await prepare(adminApi)).history;
  await openScreen(page, 'Home Courses', CONTENT_SCREENS.homeCourse.heading);
  const history = card(page, today).getByRole('button', { name: `${WORKFLOW_COPY.history} ${today}` });
  await history.click();

  const dialog = page.getByRole('dialog', { name: WORKFLOW_COPY.historyTitle(today) });
  await expect(dialog).toBeVisible();
  const entries = dialog.locator('li');
  await expect(entries).toHaveCount(2);
  // Newest first: the current version, then the one before with what it said.
  await expect(entries.first()).toContainText(WORKFLOW_COPY.currentVersion);
  await expect(entries.nth(1).locator('dt')).toHaveText(['Title']);
  await expect(entries.nth(1).locator('dd')).toHaveText([yesterday]);
  await expect(entries.nth(1)).toContainText(/Saved \d+\/\d+\/\d{4}, \d+:\d\d [AP]M IST/);
  // Issue 21.11: and who saved it (the runner's owner).
  await expect(entries.nth(1).locator('.history-when')).toContainText(WORKFLOW_COPY.savedBy('Owner'));

  // Escape closes it and gives focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(history).toBeFocused();

  await history.click();
  await dialog
    .locator('li')
    .nth(1)
    .getByRole('button', { name: new RegExp(`^${WORKFLOW_COPY.restore}`) })
    .click();
  await expect(dialog).toHaveCount(0);
  await expect(notice(page, 'success')).toHaveText(API.revisionRestored);
  await expect(card(page, yesterday)).toBeVisible();
  await expect(card(page, today)).toHaveCount(0);
});

test('the trash says who deleted an item, and an owner deletes it for good after confirming', async ({
  adminPage: page,
  adminApi,
}) => {
  // Created and deleted in the burst of prepare().
  const item = (await prepare(adminApi)).trashed;
  const { title } = item;
  await openScreen(page, 'Trash', WORKFLOW_COPY.trashHeading, 'Staff tools');
  const entry = page.locator(`li.item-card[data-item-id="${item._id}"]`);
  await expect(
    entry.getByText(WORKFLOW_COPY.deletedBy, { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Owner');
  const answers = [false, true];
  const dialogs = answerDialogs(page, () => answers.shift() ?? false);
  const purge = entry.getByRole('button', { name: `${WORKFLOW_COPY.purge} ${title}` });
  // Cancelled: it stays.
  await purge.click();
  await expect(entry).toBeVisible();
  await purge.click();
  await expect(notice(page, 'success')).toHaveText(WORKFLOW.purged(title));
  await expect(entry).toHaveCount(0);
  expect(dialogs).toEqual([WORKFLOW.confirmPurge(title), WORKFLOW.confirmPurge(title)]);
  const trash = (await (await adminApi.get(TRASH_PATH)).json()) as { data: { _id: string }[] };
  expect(trash.data.map((listed) => listed._id)).not.toContain(item._id);
});
