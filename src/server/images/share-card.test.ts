/** Articles' share pictures: 1200 × 630 PNGs from the title and the cover, written where pages name them. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { shareImagePath } from '../../lib/articles.ts';
import { bakeShareCards, escapePango, keptShareCard, shareCard } from './share-card.ts';

/** The mean brightness of a region of a PNG (0–255). */
async function brightness(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  // stats() reads its input, not the pipeline's result: extract to a new image first.
  const { channels } = await sharp(await sharp(png).extract(region).png().toBuffer()).stats();
  return channels.slice(0, 3).reduce((sum, channel) => sum + channel.mean, 0) / 3;
}

describe('shareCard', () => {
  it('is a 1200 × 630 PNG with the title drawn in white over the dark background', async () => {
    const png = await shareCard({ title: 'What a VAPT report contains', brand: 'DeltaSecure' });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // The title's box holds white glyphs; a corner is the plain background.
    expect(await brightness(png, { left: 80, top: 150, width: 1040, height: 300 })).toBeGreaterThan(20);
    expect(await brightness(png, { left: 1150, top: 0, width: 50, height: 50 })).toBeLessThan(15);
  });

  it('shows the cover under a shade, and draws markup in a title as text', async () => {
    const cover = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366ff' } })
      .webp()
      .toBuffer();
    const png = await shareCard({ title: '<b>Bold</b> & "quoted"', brand: 'DeltaSecure', cover });
    const corner = await sharp(png).extract({ left: 1150, top: 0, width: 50, height: 50 }).png().toBuffer();
    const { channels } = await sharp(corner).stats();
    // Blue shows through the shade, darkened.
    expect(channels[2]!.mean).toBeGreaterThan(channels[0]!.mean + 10);
    expect(channels[2]!.mean).toBeLessThan(120);
    expect(escapePango('<b>Bold</b> & "q"')).toBe('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;q&quot;');
  });
});

describe('bakeShareCards', () => {
  it('writes each article’s card at its share path, reading its cover from the image store', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'share-cards-'));
    try {
      const cover = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#22aa55' } })
        .webp()
        .toBuffer();
      const read = async (_folder: string, fileName: string) =>
        fileName === 'cover.webp' ? { body: new Uint8Array(cover).buffer, contentType: 'image/webp' } : null;
      const report = await bakeShareCards(
        outDir,
        [
          { slug: 'with-cover', title: 'With a cover', image: 'cover.webp' },
          { slug: 'plain', title: 'Without one' },
          { title: 'No slug' },
        ],
        { brand: 'DeltaSecure', folder: 'courses', images: { read } },
      );
      expect(report).toEqual({ made: [shareImagePath('with-cover'), shareImagePath('plain')], skipped: [] });
      const made = await readFile(join(outDir, shareImagePath('with-cover')));
      expect((await sharp(made).metadata()).width).toBe(1200);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

describe('keptShareCard', () => {
  it('makes a card once per process for the same title, brand and cover, and anew when one of them changes', async () => {
    const cover = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa3355' } })
      .webp()
      .toBuffer();
    const title = `Kept card ${Math.random()}`;
    const first = await keptShareCard({ title, brand: 'DeltaSecure', cover });
    expect(first.kept).toBe(false);
    const again = await keptShareCard({ title, brand: 'DeltaSecure', cover: new Uint8Array(cover) });
    expect(again).toEqual({ png: first.png, kept: true });
    // The kept picture is the one shareCard makes.
    expect(await shareCard({ title, brand: 'DeltaSecure', cover })).toEqual(first.png);

    const otherCover = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#aa3356' },
    })
      .webp()
      .toBuffer();
    expect(otherCover).not.toEqual(cover);
    expect((await keptShareCard({ title, brand: 'DeltaSecure', cover: otherCover })).kept).toBe(false);
    expect((await keptShareCard({ title, brand: 'DeltaSecure' })).kept).toBe(false);
    expect((await keptShareCard({ title: `${title}!`, brand: 'DeltaSecure', cover })).kept).toBe(false);
    expect((await keptShareCard({ title, brand: 'Delta', cover })).kept).toBe(false);
  });
});
