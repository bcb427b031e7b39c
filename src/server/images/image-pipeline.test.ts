import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_RESIZE_BOUND_PX } from '../../lib/constants.ts';
import { IMAGE_FOLDER_RULES } from '../../lib/families.ts';
import { API } from '../../lib/api-messages.ts';
import {
  HTML_AS_JPEG,
  MARKERS,
  SVG_WITH_SCRIPT,
  animatedGif,
  avifImage,
  exifHasGps,
  jpegWithExifAndGps,
  photoLikeJpeg,
  pngBomb,
  pngWithAlpha,
  webpImage,
} from './image-fixtures.ts';
import { parseImageFileName } from './image-names.ts';
import { processImage, type NormalisedImage } from './image-pipeline.ts';
import { ImageRejectedError } from './port.ts';

async function rejection(input: Uint8Array): Promise<ImageRejectedError> {
  const error: unknown = await processImage(input).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

const main = (image: NormalisedImage) => image.variants.at(-1)!;

async function pixel(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('processImage: a phone photo with EXIF orientation, GPS, XMP and ICC', () => {
  it('comes out upright, WebP, inside 1200×1200, with no metadata left', async () => {
    const input = await jpegWithExifAndGps(1600, 1000);
    const before = await sharp(input).metadata();
    // The fixture really carries what must disappear.
    expect(before.orientation).toBe(6);
    expect(exifHasGps(before.exif)).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();
    for (const marker of Object.values(MARKERS)) expect(input.includes(marker)).toBe(true);

    const image = await processImage(input);

    // Stored 1600×1000, displayed rotated: 1000×1600, fitted to 750×1200.
    expect({ width: image.width, height: image.height }).toEqual({ width: 750, height: 1200 });
    for (const variant of image.variants) {
      const after = await sharp(variant.bytes).metadata();
      expect(after.format).toBe('webp');
      expect(after.width).toBe(variant.width);
      expect(after.height).toBe(variant.height);
      expect(Math.max(after.width, after.height)).toBeLessThanOrEqual(IMAGE_RESIZE_BOUND_PX);
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      const bytes = Buffer.from(variant.bytes);
      for (const needle of ['Exif', 'EXIF', 'XMP ', 'ICCP', 'GPS', ...Object.values(MARKERS)]) {
        expect(bytes.includes(needle), `${variant.fileName} contains ${needle}`).toBe(false);
      }
    }
    // Orientation 6 turns the stored left half (red) to the top.
    const top = await pixel(main(image).bytes, 375, 100);
    const bottom = await pixel(main(image).bytes, 375, 1100);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it('names the main file {hash}.webp and smaller widths {hash}-{width}.webp, skipping widths not below the image', async () => {
    const image = await processImage(await jpegWithExifAndGps(1600, 1000));
    expect(image.hash).toMatch(/^[a-f0-9]{32}$/);
    // 750 px wide: a 400 variant, no 800 (it would be an enlargement), the main file at 750.
    expect(image.variants.map((variant) => [variant.fileName, variant.width])).toEqual([
      [`${image.hash}-400.webp`, 400],
      [`${image.hash}.webp`, 750],
    ]);
    for (const variant of image.variants) expect(parseImageFileName(variant.fileName)?.hash).toBe(image.hash);
  });

  it('is content-addressed: the same input gives the same name and bytes; another picture another name', async () => {
    const input = await jpegWithExifAndGps(900, 600);
    const first = await processImage(input);
    const second = await processImage(new Uint8Array(input));
    expect(second.hash).toBe(first.hash);
    expect(Buffer.from(main(second).bytes).equals(Buffer.from(main(first).bytes))).toBe(true);
    const other = await processImage(await jpegWithExifAndGps(900, 601));
    expect(other.hash).not.toBe(first.hash);
  });

  it('never enlarges a small picture and still writes the main file', async () => {
    const image = await processImage(await webpImage(300, 200));
    expect({ width: image.width, height: image.height }).toEqual({ width: 300, height: 200 });
    expect(image.variants.map((variant) => variant.fileName)).toEqual([`${image.hash}.webp`]);
  });
});

describe('processImage: folder rules', () => {
  const slider = IMAGE_FOLDER_RULES.content;
  const card = IMAGE_FOLDER_RULES.services;

  it('refuses a picture whose shorter side is below the minimum with 400 and the minimum in the message', async () => {
    for (const [input, rule] of [
      [await webpImage(1, 1), slider],
      [await webpImage(1600, 319), slider],
      [await pngWithAlpha(159, 900), card],
    ] as const) {
      const error: unknown = await processImage(input, rule).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImageRejectedError);
      expect(error).toMatchObject({ status: 400, message: API.imageTooSmall(rule.minShortSidePx) });
    }
    expect((await processImage(await webpImage(480, 320), slider)).width).toBe(480);
    expect((await processImage(await webpImage(160, 160), card)).width).toBe(160);
  });

  it('gives a full-width picture a 1920 px file beside the 1200 px main one, and other pictures none', async () => {
    const input = await photoLikeJpeg(2400, 1600);
    const wide = await processImage(input, slider);
    expect(wide.variants.map((variant) => [variant.fileName, variant.width, variant.height])).toEqual([
      [`${wide.hash}-400.webp`, 400, 267],
      [`${wide.hash}-800.webp`, 800, 533],
      [`${wide.hash}-1920.webp`, 1920, 1280],
      [`${wide.hash}.webp`, 1200, 800],
    ]);
    expect({ width: wide.width, height: wide.height }).toEqual({ width: 1200, height: 800 });
    const plain = await processImage(input, card);
    expect(plain.variants.map((variant) => variant.width)).toEqual([400, 800, 1200]);
    // Narrower than the main bound: nothing wider to offer.
    const narrow = await processImage(await webpImage(1000, 700), slider);
    expect(narrow.variants.map((variant) => variant.width)).toEqual([400, 800, 1000]);
  });

  it('keeps transparency in every variant, the wide one included', async () => {
    const image = await processImage(await pngWithAlpha(2000, 1000), slider);
    expect(image.variants.map((variant) => variant.width)).toEqual([400, 800, 1920, 1200]);
    for (const variant of image.variants) {
      const { data, info } = await sharp(variant.bytes).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect(data[3]).toBeLessThan(255);
    }
  });
});

describe('processImage: accepted formats', () => {
  it('accepts PNG with transparency and keeps the alpha channel', async () => {
    const image = await processImage(await pngWithAlpha(1600, 1200));
    expect({ width: image.width, height: image.height }).toEqual({ width: 1200, height: 900 });
    expect(image.variants.map((variant) => variant.width)).toEqual([400, 800, 1200]);
    const after = await sharp(main(image).bytes).metadata();
    expect(after.format).toBe('webp');
    expect(after.hasAlpha).toBe(true);
  });

  it('accepts WebP and AVIF', async () => {
    for (const input of [await webpImage(640, 480), await avifImage(320, 240)]) {
      const image = await processImage(input);
      expect((await sharp(main(image).bytes).metadata()).format).toBe('webp');
      expect(image.width).toBe((await sharp(input).metadata()).width);
    }
  });

  it('accepts an animated GIF and keeps its first frame', async () => {
    const input = await animatedGif(120, 80);
    expect((await sharp(input).metadata()).pages).toBe(2);
    const image = await processImage(input);
    const after = await sharp(main(image).bytes).metadata();
    expect([after.width, after.height, after.pages ?? 1]).toEqual([120, 80, 1]);
    const [red, , blue] = await pixel(main(image).bytes, 60, 40);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
  });
});

describe('processImage: upload attacks', () => {
  it('rejects an SVG carrying a script with 415', async () => {
    const error = await rejection(SVG_WITH_SCRIPT);
    expect([error.status, error.message]).toEqual([415, API.notAnImage]);
  });

  // Bytes that are no picture at all say so, rather than naming the formats a picture may come in.
  it('rejects HTML renamed .jpg with 415 as not a picture (the bytes decide, not the name)', async () => {
    const error = await rejection(HTML_AS_JPEG);
    expect([error.status, error.message]).toEqual([415, API.notAPicture]);
  });

  it('says "not a picture" for text and empty input, "not a supported image" for a TIFF (issue 21.11)', async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    const text = new TextEncoder().encode('Meeting notes, saved as notes.png by mistake.\n');
    expect((await rejection(text)).message).toBe(API.notAPicture);
    expect((await rejection(new Uint8Array(0))).message).toBe(API.notAPicture);
    expect((await rejection(tiff)).message).toBe(API.notAnImage);
  });

  it('rejects a truncated JPEG whose header is intact with 415', async () => {
    const whole = await photoLikeJpeg(1200, 900);
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    // The header still parses: the rejection must come from decoding, not from sniffing.
    expect((await sharp(truncated).metadata()).format).toBe('jpeg');
    const error = await rejection(truncated);
    expect([error.status, error.message]).toEqual([415, API.notAnImage]);
  });

  it('rejects formats outside the list (TIFF, empty input) with 415', async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    for (const input of [tiff, new Uint8Array(0)]) {
      expect((await rejection(input)).status).toBe(415);
    }
  });

  it('rejects more than 5 MB with 413 before looking at the bytes', async () => {
    const oversized = new Uint8Array(IMAGE_MAX_BYTES + 1);
    const error = await rejection(oversized);
    expect([error.status, error.message]).toEqual([413, API.payloadTooLarge]);
    const sixMegabytes = new Uint8Array(6 * 1024 * 1024);
    expect((await rejection(sixMegabytes)).status).toBe(413);
  });

  it('rejects a decompression bomb fast and with bounded memory (400, too many pixels)', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const error = await rejection(bomb);
    const elapsed = performance.now() - started;
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    expect([error.status, error.message]).toEqual([400, API.imageTooManyPixels]);
    expect(elapsed).toBeLessThan(300);
    // Decoding it would need 400 MP × 3 bytes = 1.2 GB.
    expect(rssGrowth).toBeLessThan(50 * 1024 * 1024);
  });
});

describe('processImage: a 12-megapixel photo', () => {
  it('produces every variant (time and peak RSS logged for the benchmark)', async () => {
    const input = await photoLikeJpeg(4000, 3000);
    expect(input.length).toBeLessThan(IMAGE_MAX_BYTES);
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const image = await processImage(input);
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(image.variants.map((variant) => variant.width)).toEqual([400, 800, 1200]);
    expect(image.height).toBe(900);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.info(
      `[image-pipeline] 12 MP JPEG (${mb(input.length)} MB) → ${image.variants.length} WebP variants in ` +
        `${elapsed.toFixed(0)} ms; RSS ${mb(rssBefore)} MB before, peak ${mb(peak)} MB ` +
        `(+${mb(peak - rssBefore)} MB); outputs ${image.variants.map((variant) => variant.bytes.length).join('/')} bytes`,
    );
  });
});
