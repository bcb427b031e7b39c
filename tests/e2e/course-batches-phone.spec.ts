/**
 * A course's batches read on a phone: at 390 and 320 px each batch is a card (its values one under the other, each
 * beside its column's name) and no word in it is broken across lines, as the seven-column table broke "Seats left"
 * and "₹25,000" letter by letter. Pure CSS: the page still runs no island.
 */
import type { Page } from '@playwright/test';
import { COURSES_PAGE } from '../../src/lib/page-words.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

const COURSE = '/courses/full-stack-web-development';

/** Every word of the batch rows that the browser lays out on more than one line, with its cell's column. */
function brokenWords(page: Page) {
  return page.locator('table.batches tbody').evaluate((body) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

for (const width of [390, 320])
  test(`at ${width} px each batch is a card and no word in it breaks across lines`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(COURSE);
    const rows = page.locator('table.batches tbody tr');
    expect(await rows.count()).toBeGreaterThan(1);
    // Cards: each row as wide as the table, the rows one under the other, a row's cells one under the other.
    const boxes = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const row = tr.getBoundingClientRect();
        const table = tr.closest('table')!.getBoundingClientRect();
        const cells = [...tr.children].map((cell) => cell.getBoundingClientRect());
        return {
          fullWidth: row.width >= table.width - 2,
          top: row.top,
          stacked: cells.every((cell, index) => index === 0 || cell.top >= cells[index - 1]!.bottom - 1),
          inside: row.right <= window.innerWidth,
        };
      }),
    );
    for (const box of boxes) expect(box).toMatchObject({ fullWidth: true, stacked: true, inside: true });
    expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.top);
    // Each value is named by its column: the cards show the labels the table's header would.
    await expect(rows.first().locator('td').first()).toHaveAttribute(
      'data-label',
      COURSES_PAGE.columns.dates,
    );
    expect(await brokenWords(page)).toEqual([]);
    expect(await page.locator('astro-island').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

test('on a desktop the batches stay a table with its header row', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(COURSE);
  await expect(page.locator('table.batches thead th').first()).toBeVisible();
  const tops = await page
    .locator('table.batches tbody tr')
    .first()
    .evaluate((tr) => [...tr.children].map((cell) => Math.round(cell.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
});
