import type { Store } from '@netlify/blobs';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { startBlobsServer, useImageStore } from '../../../tests/support/blobs-server.ts';
import { IMAGE_MAX_BYTES } from '../../lib/constants.ts';
import { IMAGE_FOLDER_RULES } from '../../lib/families.ts';
import { imageSrcSet } from '../../lib/image-url.ts';
import { API } from '../../lib/api-messages.ts';
import { BLOB_STORES } from '../repository/keys.ts';
import { StoreUnavailableError } from '../repository/port.ts';
import {
  HTML_AS_JPEG,
  MARKERS,
  SVG_WITH_SCRIPT,
  exifHasGps,
  jpegWithExifAndGps,
  pngWithAlpha,
} from './image-fixtures.ts';
import { createImageService } from './image-service.ts';
import { ImageRejectedError, type ImageService } from './port.ts';

const fixture = useImageStore();
let store: Store;
let images: ImageService;
beforeEach(() => {
  ({ store, images } = fixture);
});

const keys = async () => (await store.list()).blobs.map((blob) => blob.key).sort();
const asBlob = (bytes: Uint8Array, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe('ImageService.store', () => {
  it('stores the main file and its variants as WebP with no EXIF/GPS, and read() serves them', async () => {
    const stored = await images.store('services', asBlob(await jpegWithExifAndGps(1600, 1000)));
    const hash = stored.fileName.slice(0, 32);
    expect(stored).toEqual({ fileName: `${hash}.webp`, width: 750, height: 1200 });
    expect(await keys()).toEqual([`services/${hash}-400.webp`, `services/${hash}.webp`]);

    const metadata = await store.getMetadata(`services/${hash}.webp`);
    expect(metadata?.metadata).toEqual({ contentType: 'image/webp' });

    const served = await images.read('services', stored.fileName);
    expect(served?.contentType).toBe('image/webp');
    const bytes = Buffer.from(served!.body);
    const info = await sharp(bytes).metadata();
    expect([info.format, info.width, info.height]).toEqual(['webp', 750, 1200]);
    expect(exifHasGps(info.exif)).toBe(false);
    expect(info.exif).toBeUndefined();
    for (const needle of ['Exif', ...Object.values(MARKERS)])
      expect(bytes.includes(needle), needle).toBe(false);
  });

  it('gives the same upload the same name (content addressing) without duplicating blobs', async () => {
    const input = await jpegWithExifAndGps(900, 600);
    const first = await images.store('careers', asBlob(input));
    const before = await keys();
    const second = await images.store('careers', asBlob(input));
    expect(second.fileName).toBe(first.fileName);
    expect(await keys()).toEqual(before);
  });

  it('rejects SVG with script, HTML renamed .jpg and over 5 MB, storing nothing', async () => {
    const svg = await rejectionOf(
      images.store('content', new Blob([SVG_WITH_SCRIPT], { type: 'image/svg+xml' })),
    );
    expect(svg).toBeInstanceOf(ImageRejectedError);
    expect((svg as ImageRejectedError).status).toBe(415);

    const html = await rejectionOf(images.store('content', asBlob(HTML_AS_JPEG)));
    expect((html as ImageRejectedError).status).toBe(415);
    // HTML is no picture at all: it says so, where an SVG is a picture in a format not taken.
    expect((html as ImageRejectedError).message).toBe(API.notAPicture);

    // A blob whose bytes are never read: arrayBuffer() would throw, so a 413 proves the check runs first.
    const huge = new Blob([new Uint8Array(6 * 1024 * 1024)]);
    Object.defineProperty(huge, 'arrayBuffer', {
      value: () => Promise.reject(new Error('read before the size check')),
    });
    expect(huge.size).toBeGreaterThan(IMAGE_MAX_BYTES);
    const tooLarge = await rejectionOf(images.store('content', huge));
    expect(tooLarge).toBeInstanceOf(ImageRejectedError);
    expect([(tooLarge as ImageRejectedError).status, (tooLarge as ImageRejectedError).message]).toEqual([
      413,
      API.payloadTooLarge,
    ]);

    expect(await keys()).toEqual([]);
  });
});

describe('ImageService.read', () => {
  it('serves a width the pipeline skipped with the main file, so every srcset entry resolves', async () => {
    const stored = await images.store('services', asBlob(await jpegWithExifAndGps(1600, 1000)));
    const main = await images.read('services', stored.fileName);
    const srcset = imageSrcSet(stored.fileName, 'services')!;
    for (const entry of srcset.split(', ')) {
      const [url] = entry.split(' ');
      const name = url!.split('/').at(-1)!;
      const served = await images.read('services', name);
      expect(served, name).not.toBeNull();
      if (name.endsWith('-800.webp'))
        expect(Buffer.from(served!.body).equals(Buffer.from(main!.body))).toBe(true);
    }
    expect(
      (
        await sharp(
          Buffer.from((await images.read('services', `${stored.fileName.slice(0, 32)}-400.webp`))!.body),
        ).metadata()
      ).width,
    ).toBe(400);
  });

  it('answers null for names that are not ours, other folders and path tricks', async () => {
    const stored = await images.store('careers', asBlob(await pngWithAlpha(300, 200)));
    // A blob that exists but is not named like ours must stay unreachable.
    await store.set('careers/foo.webp', 'x', { metadata: { contentType: 'text/html' } });
    const hash = stored.fileName.slice(0, 32);
    for (const [folder, name] of [
      ['careers', '../x'],
      ['careers', 'foo.webp'],
      ['careers', `../careers/${stored.fileName}`],
      ['careers', `${hash}-1200.webp`],
      ['careers', `${hash}.webp?x=1`],
      ['careers', encodeURIComponent(`../${stored.fileName}`)],
      ['services', stored.fileName],
      ['content', stored.fileName],
      ['../careers', stored.fileName],
      ['careers', '0123456789abcdef0123456789abcdef.webp'],
    ] as const) {
      expect(await images.read(folder as 'careers', name), `${folder} ${name}`).toBeNull();
    }
    expect(await images.read('careers', stored.fileName)).not.toBeNull();
  });
});

describe('ImageService.remove', () => {
  it('deletes the main file and every variant, leaving no orphans and other images untouched', async () => {
    const kept = await images.store('services', asBlob(await pngWithAlpha(1600, 1200)));
    const removed = await images.store('services', asBlob(await jpegWithExifAndGps(1600, 1000)));
    const sameNameElsewhere = await images.store('content', asBlob(await jpegWithExifAndGps(1600, 1000)));
    expect(sameNameElsewhere.fileName).toBe(removed.fileName);
    // A variant of an earlier width setting is ours too.
    await store.set(`services/${removed.fileName.slice(0, 32)}-640.webp`, 'old');

    await images.remove('services', removed.fileName);

    const left = await keys();
    expect(left.filter((key) => key.startsWith(`services/${removed.fileName.slice(0, 32)}`))).toEqual([]);
    expect(left.filter((key) => key.startsWith(`services/${kept.fileName.slice(0, 32)}`))).toHaveLength(3);
    // 400 px, main (750 px) and the full-width folder's wide file (the 1000 px upright picture).
    expect(left.filter((key) => key.startsWith('content/'))).toHaveLength(3);
    expect(await images.read('services', removed.fileName)).toBeNull();
  });

  it('accepts the /uploads/{folder}/ path form of home content', async () => {
    const stored = await images.store('content', asBlob(await pngWithAlpha(900, 600)));
    await images.remove('content', `/uploads/content/${stored.fileName}`);
    expect(await keys()).toEqual([]);
  });

  it('ignores external URLs, foreign names, other folders and traversal, deleting nothing', async () => {
    const stored = await images.store('careers', asBlob(await pngWithAlpha(900, 600)));
    await store.set('careers/legacy-photo.jpg', 'legacy');
    const before = await keys();
    for (const value of [
      `https://example.com/${stored.fileName}`,
      `http://example.com/uploads/careers/${stored.fileName}`,
      `/uploads/services/${stored.fileName}`,
      `../careers/${stored.fileName}`,
      `/uploads/content/../careers/${stored.fileName}`,
      `${stored.fileName.slice(0, 32)}-400.webp`,
      'legacy-photo.jpg',
      '',
      null,
      undefined,
    ]) {
      await images.remove('careers', value);
    }
    await images.remove('services', stored.fileName);
    expect(await keys()).toEqual(before);
  });
});

describe('ImageService with the store down', () => {
  it('turns backend failures into StoreUnavailableError', async () => {
    const input = asBlob(await pngWithAlpha(300, 200));
    const down = await startBlobsServer();
    const service = createImageService({ store: down.getStore(BLOB_STORES.images) });
    const stored = await service.store('careers', input);
    await down.stop();
    for (const attempt of [
      () => service.store('careers', input),
      () => service.read('careers', stored.fileName),
      () => service.remove('careers', stored.fileName),
    ]) {
      expect(await rejectionOf(attempt())).toBeInstanceOf(StoreUnavailableError);
    }
  });

  it('still rejects bad files with their own status when the store is down', async () => {
    const down = await startBlobsServer();
    const service = createImageService({ store: down.getStore(BLOB_STORES.images) });
    await down.stop();
    expect(
      ((await rejectionOf(service.store('careers', asBlob(HTML_AS_JPEG)))) as ImageRejectedError).status,
    ).toBe(415);
  });
});

describe('ImageService folder rules', () => {
  it('refuses a picture below the folder minimum (400, the minimum named) and stores nothing', async () => {
    const before = await keys();
    for (const [folder, input] of [
      ['content', await pngWithAlpha(1, 1)],
      ['content', await pngWithAlpha(1200, 300)],
      ['services', await pngWithAlpha(150, 600)],
    ] as const) {
      const error: unknown = await images.store(folder, asBlob(input)).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        status: 400,
        message: API.imageTooSmall(IMAGE_FOLDER_RULES[folder].minShortSidePx),
      });
    }
    expect(await keys()).toEqual(before);
  });

  it('writes, serves and removes the wide file of full-width pictures only', async () => {
    const input = await pngWithAlpha(2400, 1200);
    const slide = await images.store('content', asBlob(input));
    const hash = slide.fileName.slice(0, 32);
    const wide = await images.read('content', `${hash}-1920.webp`);
    expect((await sharp(Buffer.from(wide!.body)).metadata()).width).toBe(1920);
    const card = await images.store('services', asBlob(input));
    expect(await images.read('services', `${card.fileName.slice(0, 32)}-1920.webp`)).toBeNull();
    await images.remove('content', slide.fileName);
    expect((await keys()).filter((key) => key.startsWith(`content/${hash}`))).toEqual([]);
  });
});
