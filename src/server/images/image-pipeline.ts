/**
 * The image pipeline (docs/design.md (Architecture) "Images"): untrusted upload bytes in, normalised WebP variants out.
 * The only module that imports sharp.
 *
 * Decisions:
 * - Loaders are allow-listed process-wide: every libvips loader is blocked except the buffer loaders of the five
 *   accepted formats, so SVG (librsvg), TIFF and the rest never parse attacker bytes, not even for metadata.
 *   This is global to the process: code sharing it cannot load other formats through sharp either.
 * - An input over IMAGE_MAX_INPUT_PIXELS (header dimensions) is a 400 with API.imageTooManyPixels, not a 415:
 *   the file is a real image, and the message tells the user what to change. sharp rejects it while reading the
 *   header, before any pixel is decoded, so a decompression bomb costs milliseconds and no memory.
 * - failOn 'error' rather than sharp's default 'warning': truncated and corrupt files are still rejected, but the
 *   harmless libjpeg warnings some cameras trigger ("extraneous bytes before marker") do not refuse a real photo.
 * - The input is decoded once, to raw sRGB pixels already fitted into the bound (JPEG shrink-on-load keeps a
 *   12-megapixel decode cheap); every WebP variant is encoded from those pixels. Nothing of the input's metadata
 *   survives: raw pixels carry none, and sharp writes none unless asked.
 * - The name is the SHA-256 of the main WebP output: identical pictures share one name whatever metadata the
 *   upload carried, and the same upload always lands on the same blobs (retries are idempotent).
 * - Full-width pictures keep up to IMAGE_WIDE_VARIANT_WIDTH in an extra `-{width}` file; the main file stays
 *   inside IMAGE_RESIZE_BOUND_PX, so its name, size and every existing srcset entry are what they always were.
 * - Alpha survives: raw pixels keep the input's channels and WebP carries transparency (a logo on the dark site).
 * - Too small is a 400 with the minimum in the message, checked on the header before decoding: a 1×1 picture
 *   stretched over the hero is never what the editor meant.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_INPUT_PIXELS,
  IMAGE_RESIZE_BOUND_PX,
  IMAGE_WIDE_VARIANT_WIDTH,
} from '../../lib/constants.ts';
import { type ImageFolderRule } from '../../lib/families.ts';
import { API } from '../../lib/api-messages.ts';
import { isPictureData } from '../../lib/picture-bytes.ts';
import { IMAGE_HASH_LENGTH, SUFFIXED_VARIANT_WIDTHS, mainFileName, variantFileName } from './image-names.ts';
import { ImageRejectedError } from './port.ts';

/** Visually close to the browser's JPEG 0.7 at a smaller size; sharp's default is 80. */
export const WEBP_QUALITY = 75;

const ALLOWED_LOADERS = [
  'VipsForeignLoadJpegBuffer',
  'VipsForeignLoadPngBuffer',
  'VipsForeignLoadWebpBuffer',
  'VipsForeignLoadNsgifBuffer',
  'VipsForeignLoadHeifBuffer',
];
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ALLOWED_LOADERS });
// A function instance handles one upload at a time and never sees the same input twice: libvips' operation cache
// would only hold decoded memory between invocations, and extra libvips threads only add per-thread buffers on
// the fraction of a CPU a function gets (measured: 1 and 2 threads take the same time for a 12 MP photo).
sharp.cache(false);
sharp.concurrency(1);

export interface ImageVariant {
  width: number;
  height: number;
  /** `{hash}.webp` for the main (largest) variant, `{hash}-{width}.webp` for the others. */
  fileName: string;
  bytes: Uint8Array;
}

export interface NormalisedImage {
  /** 32 hex characters. */
  hash: string;
  /** Size of the main image (fitted inside IMAGE_RESIZE_BOUND_PX, never enlarged). */
  width: number;
  height: number;
  /** The suffixed files (smaller ones, then a full-width picture's wide one); the last is the main file. */
  variants: ImageVariant[];
}

interface EncodedImage {
  width: number;
  height: number;
  bytes: Uint8Array;
}

type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** The real format from the file's own header, or null for anything we do not accept (SVG included). */
function acceptedFormat(metadata: Metadata): AcceptedFormat | null {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return metadata.format;
    case 'heif':
      // libheif also reads HEIC; only its AV1 flavour is AVIF.
      return metadata.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

function rejectionFor(error: unknown): ImageRejectedError {
  if (error instanceof ImageRejectedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageRejectedError(400, API.imageTooManyPixels);
  // Everything else sharp throws on these bytes is about the bytes: unknown format, corrupt or truncated data.
  return new ImageRejectedError(415, API.notAnImage);
}

/** No minimum and no wide variant: the pipeline on its own; the image service passes the folder's rule. */
const NO_RULE: ImageFolderRule = { fullWidth: false, minShortSidePx: 0 };

/**
 * Validates and normalises one upload. Throws ImageRejectedError: 413 over IMAGE_MAX_BYTES, 415 with
 * API.notAPicture for bytes that are no picture at all (empty too), 415 with API.notAnImage for a picture that is
 * not a sound JPEG/PNG/WebP/GIF/AVIF, 400 over IMAGE_MAX_INPUT_PIXELS or under the rule's minimum size.
 */
export async function processImage(
  bytes: Uint8Array,
  rule: ImageFolderRule = NO_RULE,
): Promise<NormalisedImage> {
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new ImageRejectedError(413, API.payloadTooLarge);
  // The bytes decide, not the name: text named .png is "not a picture", an SVG is a picture we do not take.
  if (!isPictureData(bytes)) throw new ImageRejectedError(415, API.notAPicture);
  try {
    // Animated GIF/WebP: only the first frame is read (sharp's default `pages: 1`).
    const input = sharp(bytes, {
      limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
      failOn: 'error',
      autoOrient: true,
    });
    const metadata = await input.metadata();
    if (acceptedFormat(metadata) === null) throw new ImageRejectedError(415, API.notAnImage);
    if (Math.min(metadata.width, metadata.height) < rule.minShortSidePx)
      throw new ImageRejectedError(400, API.imageTooSmall(rule.minShortSidePx));

    const bound = rule.fullWidth ? IMAGE_WIDE_VARIANT_WIDTH : IMAGE_RESIZE_BOUND_PX;
    const { data, info } = await input
      .resize(bound, bound, { fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };

    const encode = async (width: number, height = width): Promise<EncodedImage> => {
      const pipeline = sharp(data, { raw });
      if (width < raw.width || height < raw.height) pipeline.resize(width, height, { fit: 'inside' });
      const output = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      return { width: output.info.width, height: output.info.height, bytes: new Uint8Array(output.data) };
    };

    // The main file fits the spec's bound; without a wide variant it is the whole decoded picture.
    const main = await encode(IMAGE_RESIZE_BOUND_PX);
    // A variant as wide as the main image or wider would only duplicate it: the main file stands in for it
    // (image-service.ts serves the main file for a skipped width, so srcsets from image-url.ts stay whole).
    const smaller = SUFFIXED_VARIANT_WIDTHS.filter((width) => width < main.width);
    const wide = rule.fullWidth && raw.width > main.width;
    const rest = await Promise.all([
      ...smaller.map((width) => encode(width, bound)),
      ...(wide ? [encode(raw.width, raw.height)] : []),
    ]);

    const hash = createHash('sha256').update(main.bytes).digest('hex').slice(0, IMAGE_HASH_LENGTH);
    const suffixes = [...smaller, ...(wide ? [IMAGE_WIDE_VARIANT_WIDTH] : [])];
    const variants: ImageVariant[] = [
      ...rest.map((variant, index) => ({
        ...variant,
        fileName: variantFileName(hash, suffixes[index] as number),
      })),
      { ...main, fileName: mainFileName(hash) },
    ];
    return { hash, width: main.width, height: main.height, variants };
  } catch (error) {
    throw rejectionFor(error);
  }
}
