/**
 * Test inputs for the image pipeline, generated with sharp (no committed binaries). Test-only: nothing outside
 * tests imports this module. Generation uses sharp's `create`/raw inputs and its encoders, none of which is a
 * loader, so it works under the pipeline's loader allow-list.
 */
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';

/** ASCII markers planted in the metadata so a byte scan can prove they are gone. */
export const MARKERS = {
  camera: 'FixtureCam-9000',
  gpsDatum: 'WGS-84-FIXTURE',
  xmp: 'fixture-xmp-secret',
} as const;

/**
 * A JPEG stored landscape (`width`×`height`, left half red, right half blue) with EXIF orientation 6 (display
 * rotated 90° clockwise: red on top), camera EXIF, GPS position, XMP and an ICC profile.
 */
export async function jpegWithExifAndGps(width = 1600, height = 1000): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, left: half, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: MARKERS.camera, Model: 'Fixture' },
      // libvips numbers the GPS directory IFD3.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
        GPSMapDatum: MARKERS.gpsDatum,
      },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
        `<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:source="${MARKERS.xmp}"/>` +
        `</rdf:RDF></x:xmpmeta>`,
    )
    .withIccProfile('p3')
    .toBuffer();
}

/** True when an EXIF block (as sharp's metadata().exif gives it) has a GPS directory pointer (tag 0x8825). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let index = 0; index < entries; index++) {
    if (u16(ifd0 + 2 + index * 12) === 0x8825) return true;
  }
  return false;
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 30, g: 140, b: 90, alpha: 0.6 } } });

export const pngWithAlpha = (width = 640, height = 480) => solid(width, height, 4).png().toBuffer();
export const webpImage = (width = 640, height = 480) => solid(width, height).webp().toBuffer();
export const avifImage = (width = 320, height = 240) => solid(width, height).avif({ effort: 0 }).toBuffer();

/** A two-frame animated GIF: a red frame, then a blue one. */
export function animatedGif(width = 120, height = 80): Promise<Buffer> {
  const frame = width * height * 3;
  const pixels = Buffer.alloc(frame * 2);
  for (let offset = 0; offset < frame; offset += 3) pixels[offset] = 255;
  for (let offset = frame + 2; offset < frame * 2; offset += 3) pixels[offset] = 255;
  return sharp(pixels, { raw: { width, height: height * 2, channels: 3, pageHeight: height } })
    .gif()
    .toBuffer();
}

/**
 * A photo-like JPEG of `width`×`height`: smooth colour fields with fine noise, so it decodes like a camera
 * picture yet stays under the upload limit at 12 megapixels.
 */
export async function photoLikeJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const fields = await sharp({
    create: {
      width: Math.ceil(width / 40),
      height: Math.ceil(height / 40),
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .composite([{ input: fields, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/**
 * A valid 1-bit greyscale PNG of `side`×`side` all-black pixels: ~50 KB on disk for 20000×20000 (400 megapixels,
 * 1.2 GB once decoded to RGB).
 */
export function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    '<script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);

export const HTML_AS_JPEG = Buffer.from(
  '<!doctype html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>',
);
