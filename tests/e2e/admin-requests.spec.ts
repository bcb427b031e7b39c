/**
 * Contact requests and enrollment requests (spec section 2): a real submission through the public API shows up
 * newest first with a US numeric date, deletes without confirmation, pages with "Load more", exports as CSV;
 * empty and failure texts verbatim; axe.
 */
import type { Page } from '@playwright/test';
import {
  enrollCourseFamily,
  exportPath,
  requestFamilies,
  type RequestFamilyKey,
} from '../../src/lib/collections.ts';
import { ENQUIRY } from '../../src/lib/staff-messages.ts';
import { openScreen, unique } from './admin-support.ts';
import { expect, expectNoAxeViolations, projectBaseURL, test } from './fixtures.ts';

const SCREENS: { key: RequestFamilyKey; link: string }[] = [
  { key: 'contact', link: 'Contact Requests' },
  { key: 'enroll', link: 'Enrollment Requests' },
];

const notice = (page: Page, kind: 'success' | 'error') => page.locator(`[data-notice="${kind}"]`);
const entry = (page: Page, name: string) =>
  page.locator('li.item-card', { has: page.getByRole('heading', { name, exact: true }) });

const fakeItem = (name: string, createdAt: string) => ({
  _id: `fake-${name.replace(/\W/g, '')}`,
  name,
  email: 'fake@example.com',
  phone: '+91 90000 11111',
  message: 'Paged',
  course: 'Paged course',
  createdAt,
  updatedAt: createdAt,
});

for (const screen of SCREENS) {
  const family = requestFamilies[screen.key];

  test.describe(`${screen.link} screen`, () => {
    test('lists a real submission with a US date, exports CSV and deletes without confirmation', async ({
      adminPage: page,
      adminApi,
      playwright,
      baseURL,
    }) => {
      const name = unique(`E2E ${screen.key}`);
      const email = `e2e-${Date.now()}@example.com`;
      const visitor = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { Origin: projectBaseURL({ baseURL }) },
      });
      let payload: Record<string, string> = {
        name,
        email,
        phone: '+91 98765 43210',
        message: 'Please call me back.',
      };
      if (screen.key === 'enroll') {
        const courses = (await (await visitor.get(enrollCourseFamily.path)).json()) as {
          data: { courseName: string }[];
        };
        payload = { ...payload, course: courses.data[0]!.courseName };
      }
      const submitted = await visitor.post(family.path, { data: payload });
      expect(submitted.status(), await submitted.text()).toBe(201);
      await visitor.dispose();

      await openScreen(page, screen.link, screen.link);
      const item = entry(page, name);
      await expect(item).toBeVisible();
      await expect(item).toContainText(email);
      await expect(item).toContainText('+91 98765 43210');
      await expect(item).toContainText('Please call me back.');
      if (screen.key === 'enroll') await expect(item).toContainText(payload.course!);
      // Newest first.
      await expect(page.locator('li.item-card').first()).toHaveAttribute(
        'data-item-id',
        (await item.getAttribute('data-item-id'))!,
      );
      const shown = await item.locator('time').textContent();
      const iso = await item.locator('time').getAttribute('datetime');
      // The US numeric date with the time, in IST (issue 10.13, docs/decisions.md 22).
      expect(shown).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} [AP]M IST$/);
      expect(shown).toBe(
        await page.evaluate(
          (value) =>
            `${new Date(value).toLocaleString('en-US', { timeZone: 'Asia/Kolkata', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' })} IST`,
          iso!,
        ),
      );
      // E-mail and phone are links (issue 10.13).
      await expect(item.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
      await expect(item.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute(
        'href',
        'tel:+919876543210',
      );
      await expectNoAxeViolations(page);

      // CSV export: a download of the admin-only endpoint.
      const exportLink = page.getByRole('link', { name: 'Export CSV' });
      await expect(exportLink).toHaveAttribute('href', exportPath(screen.key));
      const download = page.waitForEvent('download');
      await exportLink.click();
      expect((await download).suggestedFilename()).toMatch(
        new RegExp(`^${screen.key}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      const csv = await adminApi.get(exportPath(screen.key));
      expect(csv.headers()['content-type']).toContain('text/csv');
      expect(await csv.text()).toContain(email);

      // Delete: no confirmation (spec section 5), the success text, the entry gone on the server too.
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await item.getByRole('button', { name: `Delete ${name}` }).click();
      await expect(notice(page, 'success')).toHaveText(family.messages.deleted);
      await expect(item).toHaveCount(0);
      expect(dialogs).toEqual([]);
      const listed = (await (await adminApi.get(family.path)).json()) as { data: { name: string }[] };
      expect(listed.data.some((row) => row.name === name)).toBe(false);
    });

    test('shows each request’s source, the count by source, and filters by it (issue 25.7)', async ({
      adminPage: page,
      adminApi,
      playwright,
      baseURL,
    }) => {
      const name = unique(`E2E source ${screen.key}`);
      const campaign = `camp-${screen.key}-${Date.now().toString(36)}`;
      const visitor = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { Origin: projectBaseURL({ baseURL }) },
      });
      let payload: Record<string, unknown> = {
        name,
        email: `e2e-source-${Date.now()}@example.com`,
        phone: '+91 98765 43210',
        message: 'From a campaign.',
        source: { utmSource: campaign, utmMedium: 'email' },
      };
      if (screen.key === 'enroll') {
        const courses = (await (await visitor.get(enrollCourseFamily.path)).json()) as {
          data: { courseName: string }[];
        };
        payload = { ...payload, course: courses.data[0]!.courseName };
      }
      for (const suffix of ['', ' again']) {
        const submitted = await visitor.post(family.path, {
          data: { ...payload, name: `${name}${suffix}` },
        });
        expect(submitted.status(), await submitted.text()).toBe(201);
      }
      await visitor.dispose();
      try {
        await openScreen(page, screen.link, screen.link);
        await expect(entry(page, name).locator('.request-source')).toHaveText(campaign);
        await expect(page.getByTestId('by-source')).toContainText(`${ENQUIRY.bySource}: `);
        await expect(page.getByTestId('by-source')).toContainText(`${campaign} 2`);
        await page.getByLabel(ENQUIRY.sourceFilter, { exact: true }).selectOption(campaign);
        await expect(page.locator('li.item-card')).toHaveCount(2);
        await expect(entry(page, `${name} again`)).toBeVisible();
      } finally {
        const listed = (await (await adminApi.get(`${family.path}?source=${campaign}`)).json()) as {
          data: { _id: string }[];
        };
        for (const row of listed.data) await adminApi.delete(`${family.path}/${row._id}`);
      }
    });

    test('pages through a long list with Load more', async ({ adminPage: page }) => {
      const first = fakeItem('Paged First', '2025-03-14T10:00:00.000Z');
      const second = fakeItem('Paged Second', '2025-01-02T10:00:00.000Z');
      const cursors: (string | null)[] = [];
      await page.route(
        (url) => url.pathname === family.path,
        async (route) => {
          const cursor = new URL(route.request().url()).searchParams.get('cursor');
          cursors.push(cursor);
          await route.fulfill({
            json:
              cursor === 'page-2'
                ? { success: true, data: [second], nextCursor: null }
                : { success: true, data: [first], nextCursor: 'page-2' },
          });
        },
      );
      await openScreen(page, screen.link, screen.link);
      await expect(entry(page, 'Paged First')).toBeVisible();
      // 10:00 UTC is 3:30 PM in India (issue 10.13).
      await expect(entry(page, 'Paged First').locator('time')).toHaveText('3/14/2025, 3:30 PM IST');
      await expect(entry(page, 'Paged Second')).toHaveCount(0);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(entry(page, 'Paged Second')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
      expect(cursors).toEqual([null, 'page-2']);
    });

    test('shows the empty, fetch-failure and delete-failure texts verbatim', async ({ adminPage: page }) => {
      let mode: 'empty' | 'fail' | 'one' = 'empty';
      await page.route(
        (url) => url.pathname === family.path || url.pathname.startsWith(`${family.path}/`),
        async (route) => {
          if (route.request().method() === 'DELETE')
            return route.fulfill({ status: 500, json: { success: false } });
          if (mode === 'fail')
            return route.fulfill({ status: 500, json: { success: false, message: 'ignored' } });
          return route.fulfill({
            json: {
              success: true,
              data: mode === 'one' ? [fakeItem('Undeletable', '2025-06-01T00:00:00.000Z')] : [],
              nextCursor: null,
            },
          });
        },
      );
      await openScreen(page, screen.link, screen.link);
      await expect(page.getByText(family.messages.empty, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      mode = 'fail';
      await page.reload();
      await expect(page.getByRole('alert')).toContainText(family.messages.fetchFailed);
      await expectNoAxeViolations(page);

      mode = 'one';
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('button', { name: 'Delete Undeletable' }).click();
      await expect(notice(page, 'error')).toHaveText(family.messages.deleteFailed);
      await expect(entry(page, 'Undeletable')).toBeVisible();
    });
  });
}
