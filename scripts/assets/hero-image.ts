/**
 * Makes the inner pages' hero picture (docs/design.md (Visual): a photo under a dark overlay): a dark, out-of-focus circuit
 * board with the accent's glow, drawn as SVG and rendered by sharp into small WebP files under public/images/.
 * Generated rather than a stock photo: no licence to track, and nobody's face on the site. The files are
 * committed (the build only copies them); run `node scripts/assets/hero-image.ts` after changing the drawing.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { HERO_IMAGE } from '../../src/lib/hero-image.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [WIDTH, HEIGHT] = [1920, 640];

/** A fixed pseudo-random sequence, so every run draws the same picture (and the files stay byte-stable). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function drawing(): string {
  const random = sequence(20_261_123);
  const traces = Array.from({ length: 70 }, () => {
    const x = Math.round(random() * WIDTH);
    const y = Math.round(random() * HEIGHT);
    const run = 60 + Math.round(random() * 220);
    const rise = Math.round((random() - 0.5) * 160);
    const hue = random() < 0.75 ? 152 : 190;
    return (
      `<path d="M${x} ${y} h${run} l${Math.abs(rise)} ${rise} h${Math.round(run / 2)}" stroke="hsl(${hue} 100% 55% / 0.5)" stroke-width="3" fill="none"/>` +
      `<circle cx="${x}" cy="${y}" r="6" fill="hsl(${hue} 100% 60% / 0.8)"/>`
    );
  }).join('');
  const chips = Array.from({ length: 9 }, () => {
    const x = Math.round(random() * (WIDTH - 200));
    const y = Math.round(random() * (HEIGHT - 120));
    return `<rect x="${x}" y="${y}" width="${120 + Math.round(random() * 80)}" height="${70 + Math.round(random() * 50)}" rx="8" fill="#0b1712" stroke="hsl(152 100% 50% / 0.35)" stroke-width="2"/>`;
  }).join('');
  const lights = Array.from({ length: 26 }, () => {
    const hue = random() < 0.7 ? 152 : 190;
    return `<circle cx="${Math.round(random() * WIDTH)}" cy="${Math.round(random() * HEIGHT)}" r="${20 + Math.round(random() * 60)}" fill="hsl(${hue} 100% 60% / ${(0.15 + random() * 0.3).toFixed(2)})"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <radialGradient id="glow" cx="35%" cy="40%" r="80%">
      <stop offset="0" stop-color="#0d3b27"/>
      <stop offset="0.6" stop-color="#06140e"/>
      <stop offset="1" stop-color="#020403"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  ${chips}${traces}${lights}
</svg>`;
}

const source = await sharp(Buffer.from(drawing())).blur(2.5).png().toBuffer();
for (const width of HERO_IMAGE.widths) {
  const target = join(ROOT, 'public', HERO_IMAGE.file(width));
  await mkdir(dirname(target), { recursive: true });
  const info = await sharp(source)
    .resize({ width })
    .webp({ quality: HERO_IMAGE.quality, effort: 6 })
    .toFile(target);
  console.log(`${HERO_IMAGE.file(width)}: ${info.width}×${info.height}, ${info.size} bytes`);
}
