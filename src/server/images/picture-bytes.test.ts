/** The sniffing is shared code (src/lib); its pictures are drawn with sharp, which only server code may import. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isPictureData } from '../../lib/picture-bytes.ts';

const text = (value: string) => new TextEncoder().encode(value);
const blank = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a5' } });

describe('isPictureData (issue 21.11: the bytes decide, not the name)', () => {
  it('knows pictures by their bytes, in formats the pipeline takes and in others', async () => {
    const pictures = [
      await blank().jpeg().toBuffer(),
      await blank().png().toBuffer(),
      await blank().webp().toBuffer(),
      await blank().gif().toBuffer(),
      await blank().avif().toBuffer(),
      await blank().tiff().toBuffer(),
      text('<?xml version="1.0"?>\n<!-- logo --><svg xmlns="http://www.w3.org/2000/svg"/>'),
      text('\uFEFF<svg viewBox="0 0 1 1"></svg>'),
    ];
    for (const bytes of pictures) expect(isPictureData(new Uint8Array(bytes))).toBe(true);
  });

  it('refuses text, HTML, PDF, a zip and nothing at all', () => {
    const others = [
      text('Meeting notes, saved as notes.png by mistake.'),
      text('<!doctype html><html><body><svg></svg></body></html>'),
      text('%PDF-1.7\n1 0 obj<<>>endobj'),
      text('BMW service notes'),
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
      new Uint8Array(0),
    ];
    for (const bytes of others) expect(isPictureData(bytes)).toBe(false);
  });
});
