/**
 * Image URL resolution (spec section 3 "Image paths"):
 * - a value starting with http is used as is;
 * - otherwise the API base address is prefixed; services resolve under uploads/services, careers under
 *   uploads/careers (their stored value is a bare file name), home content stores a path.
 * Our own uploads are content-addressed WebP files `{hash}.webp` with smaller variants `{hash}-{width}.webp`.
 */
import { IMAGE_VARIANT_WIDTHS, IMAGE_WIDE_VARIANT_WIDTH } from './constants.ts';
import { IMAGE_FOLDERS, type ImageFolder, IMAGE_FOLDER_RULES } from './families.ts';

export const FALLBACK_IMAGE = '/images/fallback.svg';

const OWN_UPLOAD = new RegExp(`^(?:/?uploads/(${IMAGE_FOLDERS.join('|')})/)?([a-f0-9]{16,64})\\.webp$`);

/** The absolute-or-root-relative URL of a stored image value. `apiBase` is '' when the API is same-origin. */
export function resolveImageUrl(value: string | undefined | null, folder: ImageFolder, apiBase = ''): string {
  if (!value) return FALLBACK_IMAGE;
  if (value.startsWith('http')) return value;
  if (value.startsWith('/')) return `${apiBase}${value}`;
  if (value.startsWith('uploads/')) return `${apiBase}/${value}`;
  return `${apiBase}/uploads/${folder}/${value}`;
}

/** A srcset for our own content-addressed uploads; null for external URLs (they get a plain src). */
export function imageSrcSet(
  value: string | undefined | null,
  folder: ImageFolder,
  apiBase = '',
): string | null {
  if (!value || value.startsWith('http')) return null;
  const match = OWN_UPLOAD.exec(value.startsWith('/') ? value.slice(1) : value);
  if (!match) return null;
  const hash = match[2];
  const owner = (match[1] as ImageFolder | undefined) ?? folder;
  const dir = `${apiBase}/uploads/${owner}`;
  const entries = IMAGE_VARIANT_WIDTHS.map((width, index) =>
    index === IMAGE_VARIANT_WIDTHS.length - 1
      ? `${dir}/${hash}.webp ${width}w`
      : `${dir}/${hash}-${width}.webp ${width}w`,
  );
  // Full-width pictures also offer the wide file (the main one answers for it when the upload was narrower).
  if (IMAGE_FOLDER_RULES[owner].fullWidth)
    entries.push(`${dir}/${hash}-${IMAGE_WIDE_VARIANT_WIDTH}.webp ${IMAGE_WIDE_VARIANT_WIDTH}w`);
  return entries.join(', ');
}

/** The stored value for a freshly uploaded image, following the family's rule. */
export function storedImageValue(
  fileName: string,
  folder: ImageFolder,
  storedAs: 'path' | 'fileName',
): string {
  return storedAs === 'path' ? `/uploads/${folder}/${fileName}` : fileName;
}

export interface ContentImageOptions {
  value: string | undefined;
  folder: ImageFolder;
  /** Intrinsic size (reserves the box: no layout shift); our uploads default to the 1200×800 frame. */
  width?: number | undefined;
  height?: number | undefined;
  sizes: string;
  /** The page's LCP image: loaded eagerly at high priority; every other image is lazy. */
  priority?: boolean;
}

/**
 * The HTML attributes of a content image, for Img.astro and the islands' ContentImage alike: the resolved URL, a
 * srcset for our own uploads, intrinsic size, lazy unless priority, and the fallback a broken image swaps to
 * (image-fallback.ts).
 */
export function contentImageAttributes({
  value,
  folder,
  width,
  height,
  sizes,
  priority = false,
}: ContentImageOptions) {
  const srcset = imageSrcSet(value, folder) ?? undefined;
  return {
    src: resolveImageUrl(value, folder),
    srcset,
    sizes: srcset ? sizes : undefined,
    width: width ?? 1200,
    height: height ?? 800,
    loading: priority ? 'eager' : 'lazy',
    decoding: 'async',
    fetchpriority: priority ? 'high' : undefined,
    'data-fallback': FALLBACK_IMAGE,
  } as const;
}

/**
 * A content picture's text alternative: the admin's alt text, else the item's title. Pictures that
 * are decoration only do not call this and keep alt="".
 */
export function imageAlt(item: { alt?: unknown; title?: unknown }): string {
  const alt = typeof item.alt === 'string' ? item.alt.trim() : '';
  return alt || (typeof item.title === 'string' ? item.title : '');
}
