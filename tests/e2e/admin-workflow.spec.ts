/**
 * The content workflow in Chromium (issue 12, "Done when", items 1–5): reorder home services with the keyboard
 * and see the order on `/` after the rebuild; a draft career is absent from /career until published; a deleted
 * service content item comes back with its picture through Undo; History restores yesterday's title; an alt
 * text reaches the public <img>. It reads rebuilt public pages, so it runs on the Blobs runner (public-blobs),
 * which rebuilds 2 s after a write. Store-level behaviour is covered in src/admin/stores/content-workflow.test.ts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { FORM, WORKFLOW_COPY } from '../../src/admin/admin-copy.ts';
import { CONTENT_SCREENS } from '../../src/admin/content-screens.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { API } from '../../src/lib/api-messages.ts';
import { contentFamilies, TRASH_PATH } from '../../src/lib/collections.ts';
import { ISLAND_COPY } from '../../src/lib/public-copy.ts';
import { WORKFLOW } from '../../src/lib/staff-messages.ts';
import { answerDialogs, makeImage, unique } from './admin-support.ts';
import { expect, test } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';

/** A rebuild on a loaded 2-core machine: generous. */
const REBUILT = { timeout: 90_000, intervals: [1_000] };

const notice = (page: Page, kind: 'success' | 'error') => page.locator(`[data-notice="${kind}"]`);
const card = (page: Page, title: string) =>
  page.locator('li.item-card', { has: page.getByRole('heading', { name: title, exact: true }) });

const picture = async () => ({
  name: 'workflow.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 480, height: 320, channels: 3, background: '#0a5' } })
    .jpeg()
    .toBuffer(),
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

async function openScreen(page: Page, path: string, heading: string) {
  await page.goto(screenHref(path));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('home services reordered with the keyboard show in the new order on / after the rebuild', async ({
  adminPage: page,
  adminApi,
  request,
}) => {
  const family = contentFamilies.homeService;
  const title = unique('First by keyboard');
  const item = await create(adminApi, family.path, {
    multipart: { title, description: 'Moved to the top.', image: await picture() },
  });
  try {
    await openScreen(page, 'home-services', CONTENT_SCREENS.homeService.heading);
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
      await expect(
        page.getByText(WORKFLOW.moved(title, count - step, count), { exact: true }),
      ).toBeAttached();
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
    await skipSplash(page);
    await page.goto('/');
    const services = page.locator('section', {
      has: page.getByRole('heading', { name: ISLAND_COPY.servicesHeading }),
    });
    await services.scrollIntoViewIfNeeded();
    await expect(services.locator('li h3').first()).toHaveText(title);

    // A drag with the mouse puts it back below the next one.
    await openScreen(page, 'home-services', CONTENT_SCREENS.homeService.heading);
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
  } finally {
    await adminApi.delete(`${family.path}/${item._id}`);
  }
});

test('a draft career stays off /career until it is published', async ({
  adminPage: page,
  adminApi,
  request,
}) => {
  const family = contentFamilies.career;
  const title = unique('Draft role');
  const marker = unique('Published role');
  await openScreen(page, 'career', CONTENT_SCREENS.career.heading);
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
  const list = (await (await adminApi.get(`${family.path}?drafts=1`)).json()) as { data: Created[] };
  const draft = list.data.find((item) => item.title === title)!;
  try {
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
  } finally {
    await adminApi.delete(`${family.path}/${draft._id}`);
    await adminApi.delete(`${family.path}/${published._id}`);
  }
});

test('a deleted service content item comes back with its picture through Undo', async ({
  adminPage: page,
  adminApi,
}) => {
  const family = contentFamilies.serviceContent;
  const title = unique('Undo me');
  const item = await create(adminApi, family.path, {
    multipart: {
      title,
      description: 'Deleted by mistake.',
      points: JSON.stringify(['one', 'two', 'three', 'four']),
      image: await picture(),
    },
  });
  try {
    await openScreen(page, 'service-content', CONTENT_SCREENS.serviceContent.heading);
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
    await expect(page.getByRole('button', { name: WORKFLOW_COPY.undo, exact: true })).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(notice(page, 'success')).toHaveText(family.messages.deleted);
  } finally {
    await adminApi.delete(`${family.path}/${item._id}`);
  }
});

test("History shows yesterday's title and restores it", async ({ adminPage: page, adminApi }) => {
  const family = contentFamilies.homeCourse;
  const yesterday = unique('Yesterday title');
  const today = unique('Today title');
  const item = await create(adminApi, family.path, { data: { title: yesterday, description: 'Same.' } });
  try {
    const updated = await adminApi.put(`${family.path}/${item._id}`, {
      data: { title: today, description: 'Same.' },
    });
    expect(updated.status()).toBe(200);
    await openScreen(page, 'home-courses', CONTENT_SCREENS.homeCourse.heading);
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
  } finally {
    await adminApi.delete(`${family.path}/${item._id}`);
  }
});

test('the trash says who deleted an item, and an owner deletes it for good after confirming', async ({
  adminPage: page,
  adminApi,
}) => {
  const family = contentFamilies.homeCourse;
  const title = unique('Trashed course');
  const item = await create(adminApi, family.path, { data: { title, description: 'To go.' } });
  expect((await adminApi.delete(`${family.path}/${item._id}`)).status()).toBe(200);
  await openScreen(page, 'trash', WORKFLOW_COPY.trashHeading);
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

test('an alt text typed beside the picture reaches the public <img>', async ({
  adminPage: page,
  adminApi,
  request,
}) => {
  const family = contentFamilies.homeService;
  const title = unique('Alt service');
  const alt = unique('Two analysts reading a network map');
  await openScreen(page, 'home-services', CONTENT_SCREENS.homeService.heading);
  await page.locator('input[type="file"]').setInputFiles(await makeImage('alt', { width: 640, height: 400 }));
  await page.getByLabel(WORKFLOW_COPY.altLabel, { exact: true }).fill(alt);
  await expect(page.getByText(WORKFLOW_COPY.altHint, { exact: true })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('With a description of its picture.');
  await page.getByRole('button', { name: 'Add Service', exact: true }).click();
  await expect(notice(page, 'success')).toHaveText(family.messages.added);
  const list = (await (await adminApi.get(`${family.path}?drafts=1`)).json()) as { data: Created[] };
  const item = list.data.find((candidate) => candidate.title === title)!;
  try {
    await expect.poll(async () => (await html(request, '/')).includes(`alt="${alt}"`), REBUILT).toBe(true);
    await skipSplash(page);
    await page.goto('/');
    const image = page.getByRole('img', { name: alt, exact: true });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();

    // Emptied again, the title stands in.
    await openScreen(page, 'home-services', CONTENT_SCREENS.homeService.heading);
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
  } finally {
    await adminApi.delete(`${family.path}/${item._id}`);
  }
});
