/** Helpers shared by the admin specs: test images, unique names, the uploaded image inside a multipart body. */
import { expect, type Page, type Request } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ACCOUNT, PASSWORD_CHANGE } from '../../src/admin/admin-copy.ts';

const dir = mkdtempSync(join(tmpdir(), 'admin-e2e-'));

interface PictureOptions {
  width?: number;
  height?: number;
  format?: 'jpeg' | 'png';
}

/** Encoded pictures by size and format: sharp encodes each once per worker, not once per test. */
const encoded = new Map<string, Promise<Buffer>>();

/** The bytes of a plain picture (JPEG by default), encoded once per worker for each size and format. */
export function imageBytes(options: PictureOptions = {}): Promise<Buffer> {
  const { width = 1600, height = 1000, format = 'jpeg' } = options;
  const key = `${width}x${height}.${format}`;
  let bytes = encoded.get(key);
  if (!bytes) {
    const image = sharp({ create: { width, height, channels: 3, background: { r: 0, g: 160, b: 90 } } });
    bytes = (format === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
    encoded.set(key, bytes);
  }
  return bytes;
}

/** A real image file on disk (JPEG by default), larger than the browser's 1200 × 1200 bound unless told. */
export async function makeImage(name: string, options: PictureOptions = {}): Promise<string> {
  const format = options.format ?? 'jpeg';
  const path = join(dir, `${name}.${format === 'png' ? 'png' : 'jpg'}`);
  writeFileSync(path, await imageBytes(options));
  return path;
}

export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The bytes and file name of the multipart part named `field`, or null. */
export function multipartFile(request: Request, field: string): { bytes: Buffer; fileName: string } | null {
  const body = request.postDataBuffer();
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers()['content-type'] ?? '');
  if (!body || !boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    if (headers.includes(`name="${field}"`)) {
      const fileName = /filename="([^"]*)"/.exec(headers)?.[1] ?? '';
      return { bytes: part.subarray(headerEnd + 4), fileName };
    }
    start = next;
  }
  return null;
}

/** Every confirm() the page shows, answered with `accept`; returns the texts seen. */
export function answerDialogs(page: Page, accept: () => boolean): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void (accept() ? dialog.accept() : dialog.dismiss());
  });
  return seen;
}

/**
 * Opens an admin screen through the sidebar, as a person does, and waits for its heading. `navigation` names the
 * sidebar's list: the spec's sections, or the staff tools (SHELL.toolsNavLabel) for families beyond the spec's.
 */
export async function openScreen(
  page: Page,
  linkName: string,
  heading: string,
  navigation = 'Admin sections',
): Promise<void> {
  await page
    .getByRole('navigation', { name: navigation })
    .getByRole('link', { name: linkName, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * The first sign-in of an account an owner made with a password: the admin shows only the password change, and
 * the person replaces the owner's password with their own.
 */
export async function replaceOwnersPassword(page: Page, given: string, chosen: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PASSWORD_CHANGE.heading);
  await page.getByLabel(PASSWORD_CHANGE.temporaryPassword, { exact: true }).fill(given);
  await page.getByLabel(ACCOUNT.newPassword, { exact: true }).fill(chosen);
  await page.getByLabel(ACCOUNT.confirmPassword, { exact: true }).fill(chosen);
  await page.getByRole('button', { name: PASSWORD_CHANGE.submit, exact: true }).click();
  // Saved: the admin leaves the password change for the screen the person came to.
  await expect(page.getByRole('heading', { level: 1, name: PASSWORD_CHANGE.heading })).toHaveCount(0);
}
