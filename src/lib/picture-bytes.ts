/**
 * Whether a file's first bytes are those of a picture of any kind, whatever its name or declared type (a text
 * file named .png is not a picture, and must not fail later with "Error processing image"). Used by the server
 * before its image pipeline and by the admin before it decodes or sends a file, so both give the same answer:
 * "not a picture" for anything else, and the pipeline's own "not a supported image" for a picture in a format it
 * does not take (SVG, TIFF, BMP, HEIC …).
 */

/** How many leading bytes the check reads: enough for every signature below and an SVG's XML prologue. */
export const PICTURE_SNIFF_BYTES = 1024;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

/** ISO base media files (AVIF, HEIC): an `ftyp` box whose brand names a still or a sequence of pictures. */
const PICTURE_BRANDS = /^(avif|avis|heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/;

/** A BMP's "BM" is only two letters: its DIB header's size (one of these) must follow. */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/** Raster formats by their magic numbers. */
function isRaster(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0xff, 0xd8, 0xff]) || // JPEG
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || // PNG
    /^GIF8[79]a$/.test(ascii(bytes, 0, 6)) ||
    (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') ||
    (ascii(bytes, 4, 8) === 'ftyp' && PICTURE_BRANDS.test(ascii(bytes, 8, 12))) ||
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || // TIFF, little-endian
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]) || // TIFF, big-endian
    (ascii(bytes, 0, 2) === 'BM' && BMP_HEADER_SIZES.has(bytes[14] ?? 0) && bytes[15] === 0) || // BMP
    startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) || // ICO
    startsWith(bytes, [0xff, 0x0a]) || // JPEG XL codestream
    startsWith(bytes, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20]) // JPEG XL container
  );
}

/** An SVG: XML text whose first element is <svg> (after a BOM, the XML declaration, comments and a doctype). */
function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, PICTURE_SNIFF_BYTES));
  const prologue = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE\s+svg[^>]*>\s*)*/i;
  const rest = text.replace(prologue, '');
  return /^<svg[\s>/]/i.test(rest);
}

export function isPictureData(bytes: Uint8Array): boolean {
  return isRaster(bytes) || isSvg(bytes);
}
