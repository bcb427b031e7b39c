/**
 * Pictures uploaded into a markdown body (issue 24) through the API function: stored by the image pipeline in
 * their own folder and served from the address the editor writes into the text; staff only, and a file that is
 * no picture is refused with the pipeline's own reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, VALIDATION } from '../../src/lib/api-messages.ts';
import { MARKDOWN_PICTURES_PATH } from '../../src/lib/markdown-pictures.ts';
import { renderMarkdown } from '../../src/lib/markdown.ts';
import { jpegWithExifAndGps, SVG_WITH_SCRIPT } from '../../src/server/images/image-fixtures.ts';
import { body, multipart, startApi, type Api } from './api-harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

/** The blobs the folder holds. */
const stored = () => api.deps.images.blobs.list('markdown', '');

const upload = (bytes: Uint8Array, type = 'image/jpeg', name = 'photo.jpg') =>
  multipart({}, { bytes, type, name });

describe('POST /api/v1/markdown-pictures', () => {
  it('stores a picture as WebP under /uploads/markdown and answers the address the body shows it from', async () => {
    const response = await api.admin(MARKDOWN_PICTURES_PATH, {
      method: 'POST',
      form: upload(await jpegWithExifAndGps(480, 320)),
    });
    expect(response.status).toBe(201);
    const answer = await body(response);
    expect(answer.message).toBe(API.markdownPictureStored);
    const picture = answer.data as { url: string; width: number; height: number };
    expect(picture.url).toMatch(/^\/uploads\/markdown\/[0-9a-f]{32}\.webp$/);
    // EXIF orientation 6 applied, as for an image field's picture.
    expect(picture).toMatchObject({ width: 320 });
    expect(picture.height).toBeGreaterThan(400);

    const served = await api.call(picture.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(
      Buffer.from(await served.arrayBuffer())
        .subarray(8, 12)
        .toString('latin1'),
    ).toBe('WEBP');
    // The site's renderer keeps the address as it is (site-relative), so the picture shows on the page.
    expect(renderMarkdown(`![A lock](${picture.url})`)).toContain(`<img src="${picture.url}" alt="A lock"`);
  });

  it('refuses a request without a picture beside the field, and one that is no picture (415), storing nothing', async () => {
    const before = await stored();
    const empty = await api.admin(MARKDOWN_PICTURES_PATH, { method: 'POST', form: multipart({ alt: 'x' }) });
    expect(empty.status).toBe(400);
    expect((await body(empty)).errors).toEqual({ image: VALIDATION.imageRequired });

    const svg = await api.admin(MARKDOWN_PICTURES_PATH, {
      method: 'POST',
      form: upload(SVG_WITH_SCRIPT, 'image/svg+xml', 'x.svg'),
    });
    expect(svg.status).toBe(415);
    expect((await body(svg)).success).toBe(false);
    expect(await stored()).toEqual(before);
  });

  it('is for signed-in staff only', async () => {
    const before = await stored();
    const response = await api.call(MARKDOWN_PICTURES_PATH, {
      method: 'POST',
      form: upload(await jpegWithExifAndGps(300, 200)),
    });
    expect(response.status).toBe(401);
    expect(await stored()).toEqual(before);
  });
});
