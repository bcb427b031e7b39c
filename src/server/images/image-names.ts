/**
 * Names of our own uploads (the convention src/lib/image-url.ts builds srcsets from): the main image is
 * `{hash}.webp` (the largest variant), smaller variants are `{hash}-{width}.webp`. Anything else is not ours,
 * and the parsers below are strict because their input comes from URLs and stored item fields.
 */
import { IMAGE_FOLDERS, isImageFolder, type ImageFolder, IMAGE_FOLDER_RULES } from '../../lib/families.ts';
import { IMAGE_VARIANT_WIDTHS, IMAGE_WIDE_VARIANT_WIDTH } from '../../lib/constants.ts';

/** Hex characters of the content hash in a file name (128 bits of SHA-256). */
export const IMAGE_HASH_LENGTH = 32;

/** Every file under these names is WebP written by the pipeline. */
export const IMAGE_CONTENT_TYPE = 'image/webp';

export { IMAGE_FOLDERS, isImageFolder };

/** Widths that get their own `-{width}` file; the largest width is the main file and never has a suffix. */
export const SUFFIXED_VARIANT_WIDTHS: readonly number[] = IMAGE_VARIANT_WIDTHS.slice(0, -1);

/** The `-{width}` files a folder's pictures can have: full-width folders add the wide one. */
export const suffixedWidthsOf = (folder: ImageFolder): readonly number[] =>
  IMAGE_FOLDER_RULES[folder].fullWidth
    ? [...SUFFIXED_VARIANT_WIDTHS, IMAGE_WIDE_VARIANT_WIDTH]
    : SUFFIXED_VARIANT_WIDTHS;

const ALL_SUFFIXED_WIDTHS: readonly number[] = [...SUFFIXED_VARIANT_WIDTHS, IMAGE_WIDE_VARIANT_WIDTH];

const FILE_NAME = /^([a-f0-9]{32})(?:-([0-9]{1,5}))?\.webp$/;

export const mainFileName = (hash: string): string => `${hash}.webp`;
export const variantFileName = (hash: string, width: number): string => `${hash}-${width}.webp`;

/** `{hash, width}` for one of our file names (width null for the main file); null for anything else. */
export function parseImageFileName(fileName: string): { hash: string; width: number | null } | null {
  const match = FILE_NAME.exec(fileName);
  if (!match) return null;
  const hash = match[1] as string;
  if (match[2] === undefined) return { hash, width: null };
  const width = Number(match[2]);
  // Only widths we write: a `-0400` or `-1200` alias would give one image several URLs.
  if (!ALL_SUFFIXED_WIDTHS.includes(width) || String(width) !== match[2]) return null;
  return { hash, width };
}

/**
 * The content hash behind a stored `image` field when it names one of our uploads in `folder`: a bare main file
 * name (services, careers) or `/uploads/{folder}/{name}` (home content). Null for external URLs, legacy names,
 * variants, other folders and anything that could climb out of the folder.
 */
export function ownImageHash(folder: ImageFolder, storedValue: string | undefined | null): string | null {
  if (!storedValue || storedValue.startsWith('http')) return null;
  const prefixes = [`/uploads/${folder}/`, `uploads/${folder}/`, ''];
  for (const prefix of prefixes) {
    if (!storedValue.startsWith(prefix)) continue;
    const parsed = parseImageFileName(storedValue.slice(prefix.length));
    if (parsed && parsed.width === null) return parsed.hash;
  }
  return null;
}
