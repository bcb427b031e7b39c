/**
 * Articles' share pictures: 1200 × 630 PNGs made after the build from each published article's title
 * and cover, written to `{outDir}/share/articles/{slug}.png` (src/lib/articles.ts shareImagePath), which the
 * article page names as its og:image and twitter:image.
 *
 * Decisions:
 * - The title is drawn with libvips' text operation (Pango), not an SVG: the pipeline blocks every loader but
 *   the five picture formats process-wide (image-pipeline.ts), SVG included, and that stays so. The title is
 *   escaped for Pango's markup; Pango fits it into its box (the title is at most 160 characters).
 * - The cover is our pipeline's own WebP (read from the image store), darkened so the white title keeps its
 *   contrast over any picture; without a cover the card is the site's dark background.
 * - Best effort, like bake-uploads.ts: a card that cannot be made is logged and skipped, never failing a deploy
 *   (the page's og:image then answers 404 and link previews fall back to the title and description).
 * - A process that bakes again (the local runner's warm build worker, per content change) keeps each card it made
 *   by a digest of its title, brand and cover bytes, which are all a card is made from (docs/decisions.md
 *   §53): libvips' text and PNG encoding were ~0.4 CPU-s per rebuild for the same pictures.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
// The pipeline's loader allow-list (WebP and the other accepted formats only) applies to the covers read here.
import './image-pipeline.ts';
import { SHARE_IMAGE, shareImagePath } from '../../lib/articles.ts';
import type { ImageFolder } from '../../lib/families.ts';
import { processMemo } from '../process-memo.ts';
import type { ImageService } from './port.ts';

const BACKGROUND = '#0a0a0a';
const ACCENT = '#00ff87';
const MARGIN = 80;

/** Pango markup's special characters escaped: a stored title is text, never markup. */
export const escapePango = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

const textImage = (markup: string, width: number, height: number, font: string) =>
  sharp({ text: { text: markup, font, width, height, rgba: true, wrap: 'word' } })
    .png()
    .toBuffer({ resolveWithObject: true });

interface ShareCardInput {
  title: string;
  brand: string;
  cover?: ArrayBuffer | Uint8Array | null;
}

/** One share card as PNG bytes: the cover (darkened) or the dark background, an accent bar, title and brand. */
export async function shareCard({ title, brand, cover }: ShareCardInput): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const base = cover
    ? sharp(new Uint8Array(cover)).resize(width, height, { fit: 'cover' }).removeAlpha()
    : sharp({ create: { width, height, channels: 3, background: BACKGROUND } });
  const [heading, brandLine] = await Promise.all([
    textImage(
      `<span foreground="#ffffff" weight="bold">${escapePango(title)}</span>`,
      width - 2 * MARGIN,
      300,
      'sans',
    ),
    textImage(`<span foreground="${ACCENT}" weight="bold">${escapePango(brand)}</span>`, 600, 44, 'sans'),
  ]);
  const shade = await sharp({
    create: { width, height, channels: 4, background: { r: 10, g: 10, b: 10, alpha: cover ? 0.78 : 0 } },
  })
    .png()
    .toBuffer();
  const bar = await sharp({ create: { width: 12, height: 300, channels: 4, background: ACCENT } })
    .png()
    .toBuffer();
  return base
    .composite([
      { input: shade, left: 0, top: 0 },
      { input: bar, left: MARGIN - 36, top: 150 },
      {
        input: heading.data,
        left: MARGIN,
        top: 150 + Math.max(0, Math.round((300 - heading.info.height) / 2)),
      },
      { input: brandLine.data, left: MARGIN, top: height - MARGIN - brandLine.info.height },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const madeCards = processMemo<Promise<Buffer>>('share-cards', 32);

/** shareCard's picture, made once per process for the same title, brand and cover bytes (`kept` when it was). */
export async function keptShareCard(input: ShareCardInput): Promise<{ png: Buffer; kept: boolean }> {
  const key = createHash('sha256')
    .update(JSON.stringify([input.title, input.brand]))
    .update(input.cover ? `cover ${input.cover.byteLength}:` : 'no cover')
    .update(input.cover ? new Uint8Array(input.cover) : new Uint8Array())
    .digest('hex');
  const kept = madeCards.has(key);
  return { png: await madeCards.get(key, () => shareCard(input)), kept };
}

/** A stored article, as the build's loader reads it: only its slug, title and cover are used. */
export type ShareCardArticle = Readonly<Record<string, unknown>>;

export interface ShareCardReport {
  made: string[];
  skipped: { path: string; reason: string }[];
}

/** Writes every article's card under `outDir`; articles without a slug or title are skipped. */
export async function bakeShareCards(
  outDir: string,
  articles: readonly ShareCardArticle[],
  { brand, folder, images }: { brand: string; folder: ImageFolder; images: Pick<ImageService, 'read'> },
): Promise<ShareCardReport> {
  const report: ShareCardReport = { made: [], skipped: [] };
  for (const article of articles) {
    if (typeof article.slug !== 'string' || article.slug === '' || typeof article.title !== 'string')
      continue;
    const path = shareImagePath(article.slug);
    try {
      const cover =
        typeof article.image === 'string' && article.image !== ''
          ? ((await images.read(folder, article.image))?.body ?? null)
          : null;
      const target = join(outDir, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, (await keptShareCard({ title: article.title, brand, cover })).png);
      report.made.push(path);
    } catch (error) {
      report.skipped.push({ path, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
