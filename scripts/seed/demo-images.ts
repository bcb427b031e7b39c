/**
 * Pictures for the demo content, made here rather than committed: a dark gradient with the accent glow, a
 * circuit-like grid and a label. Rendered from SVG to JPEG by sharp (dev tooling only; the upload pipeline
 * itself refuses SVG), then sent through the real image pipeline like any upload.
 */
import sharp from 'sharp';
import type { DemoPicture } from './demo-content.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

export async function renderDemoPicture(picture: DemoPicture, width = 1200, height = 800): Promise<Blob> {
  const lines = Array.from({ length: 12 }, (_, index) => {
    const x = ((index * 97) % width) + 40;
    const y = ((index * 61) % height) + 30;
    return `<path d="M${x} ${y} h${120 + (index % 4) * 40} v${60 + (index % 3) * 30}" stroke="hsl(${picture.hue} 100% 50% / 0.35)" stroke-width="3" fill="none"/><circle cx="${x}" cy="${y}" r="6" fill="hsl(${picture.hue} 100% 55% / 0.6)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <radialGradient id="glow" cx="30%" cy="35%" r="75%">
      <stop offset="0" stop-color="hsl(${picture.hue} 100% 28%)"/>
      <stop offset="0.55" stop-color="hsl(${picture.hue} 80% 8%)"/>
      <stop offset="1" stop-color="#050505"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  ${lines}
  <text x="50%" y="55%" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(height / 8)}" font-weight="700" fill="#eafff4">${escapeXml(picture.label)}</text>
</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' });
}
