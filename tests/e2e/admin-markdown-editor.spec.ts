/**
 * The markdown field's editor (issue 24), in Chromium on a course's description: CodeMirror loads over the
 * textarea, which a script can still fill; the preview renders what is typed through the site's renderer, with a
 * payload inert; a picture is uploaded into the text with its alt text; the save stores the markdown.
 */
import type { Page } from '@playwright/test';
import { FORM } from '../../src/admin/admin-copy.ts';
import { CONTENT_SCREENS } from '../../src/admin/content-screens.ts';
import { screenHref } from '../../src/admin/stores/router.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { MARKDOWN_PICTURES_PATH } from '../../src/lib/markdown-pictures.ts';
import { MARKDOWN_EDITOR } from '../../src/lib/staff-messages.ts';
import { makeImage, unique } from './admin-support.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const family = contentFamilies.course;
const screen = CONTENT_SCREENS.course!;

const card = (page: Page, title: string) =>
  page.locator('li.item-card', { has: page.getByRole('heading', { name: title, exact: true }) });

test('a description typed in the editor is previewed, gets a picture uploaded into it, and is saved as markdown', async ({
  adminPage: page,
  adminApi,
}) => {
  // Two axe runs, a picture through the pipeline and a save, on two cores shared by several runners.
  test.setTimeout(180_000);
  const title = unique('Editor course');
  const created = await adminApi.post(family.path, { data: { title, published: false } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  try {
    await page.goto(screenHref('catalogue-courses'));
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await card(page, title)
      .getByRole('button', { name: `${FORM.edit} ${title}` })
      .click();
    await expect(page.getByText(FORM.editing(title))).toBeVisible();

    // The editor takes the textarea's place on screen; the textarea still takes what a script fills in.
    const editor = page.getByRole('textbox', {
      name: MARKDOWN_EDITOR.editorLabel('Description'),
      exact: true,
    });
    await expect(editor).toBeVisible();
    const textarea = page.getByLabel('Description', { exact: true });
    // The course's refund policy is a markdown field too: this one's buttons are in its own field.
    const field = page.locator('.field', { has: textarea });
    await textarea.fill('Filled through the textarea.');
    await expect(editor).toHaveText('Filled through the textarea.');
    const preview = page.getByRole('region', { name: MARKDOWN_EDITOR.preview('Description') });
    await expect(preview).toContainText('Filled through the textarea.');

    // Typed in the editor: the textarea and the preview follow.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(
      '## Labs\n\nHands-on **every** week. [Run me](javascript:alert(1)) <img src=x onerror=alert(2)>\n',
    );
    await expect(preview.getByRole('heading', { name: 'Labs' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('every');
    // The payload is text in the preview, as on the site: no element, no javascript: address.
    await expect(preview).toContainText('Run me <img src=x onerror=alert(2)>');
    await expect(preview.locator('img, script, a')).toHaveCount(0);
    await expect(textarea).toHaveValue(/^## Labs\n\nHands-on \*\*every\*\* week\./);

    // A picture: refused without a file and without its alt text, then uploaded and written in at the cursor.
    await field.getByRole('button', { name: MARKDOWN_EDITOR.insertPicture, exact: true }).click();
    const upload = field.getByRole('button', { name: MARKDOWN_EDITOR.pictureUpload, exact: true });
    await upload.click();
    await expect(page.getByText(MARKDOWN_EDITOR.pictureFileRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(MARKDOWN_EDITOR.pictureAltRequired, { exact: true })).toBeVisible();
    await page
      .getByLabel(MARKDOWN_EDITOR.pictureFile, { exact: true })
      .setInputFiles(await makeImage('markdown-body', { width: 900, height: 600 }));
    await upload.click();
    const alt = page.getByLabel(MARKDOWN_EDITOR.pictureAlt, { exact: true });
    await expect(alt).toBeFocused();
    await expect(page.getByText(MARKDOWN_EDITOR.pictureFileRequired, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await alt.fill('A lab bench with two laptops');
    const answered = page.waitForResponse(
      (response) => response.url().endsWith(MARKDOWN_PICTURES_PATH) && response.request().method() === 'POST',
    );
    await upload.click();
    const response = await answered;
    expect(response.status()).toBe(201);
    const { url } = ((await response.json()) as { data: { url: string } }).data;
    expect(url).toMatch(/^\/uploads\/markdown\/[0-9a-f]{32}\.webp$/);
    const picture = `![A lab bench with two laptops](${url})`;
    await expect(editor).toContainText(picture);
    await expect(editor).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: MARKDOWN_EDITOR.pictureInserted })).toHaveCount(
      1,
    );
    const shown = preview.getByRole('img', { name: 'A lab bench with two laptops' });
    await expect(shown).toHaveAttribute('src', url);
    await expect
      .poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    // A pasted picture opens the same panel with the file chosen, asking only for its alt text; Escape closes it.
    const before = await textarea.inputValue();
    await editor.evaluate(async (element) => {
      const canvas = document.createElement('canvas');
      canvas.width = 200;
      canvas.height = 200;
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
      const clipboardData = new DataTransfer();
      clipboardData.items.add(new File([blob], 'pasted.png', { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    });
    const panel = field.getByRole('group', { name: MARKDOWN_EDITOR.insertPicture });
    await expect(panel.getByText('pasted.png', { exact: true })).toBeVisible();
    await expect(alt).toBeFocused();
    await expect(alt).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(
      field.getByRole('button', { name: MARKDOWN_EDITOR.insertPicture, exact: true }),
    ).toBeFocused();
    expect(await textarea.inputValue()).toBe(before);

    // Tab leaves the editor for the next control, as from a textarea.
    await editor.focus();
    await expect(editor).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(editor).not.toBeFocused();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `${FORM.update} ${screen.noun}`, exact: true }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(family.messages.updated);
    const stored = await adminApi.get(`${family.path}/${id}?drafts=1`);
    expect(((await stored.json()) as { data: { description: string } }).data.description).toBe(
      `## Labs\n\nHands-on **every** week. [Run me](javascript:alert(1)) <img src=x onerror=alert(2)>\n\n${picture}`,
    );
  } finally {
    expect((await adminApi.delete(`${family.path}/${id}`)).status()).toBe(200);
  }
});
