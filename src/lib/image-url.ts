/**
 * Image URL resolution (spec section 3 "Image paths"):
 * - a value starting with http is used as is;
 * - otherwise the API base address is prefixed; services resolve under uploads/services, careers under
 *   uploads/careers (their stored value is a bare file name), home content stores a path.
 * Our own uploads are content-addressed WebP files `{hash}.webp` with smaller variants `{hash}-{width}.webp`.
 */
import type { ImageFolder } from './collections.ts';
import { IMAGE_VARIANT_WIDTHS } from './constants.ts';

export const FALLBACK_IMAGE = '/images/fallback.svg';

const OWN_UPLOAD = /^(?:\/?uploads\/(content|services|careers)\/)?([a-f0-9]{16,64})\.webp$/;

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
  const dir = `${apiBase}/uploads/${match[1] ?? folder}`;
  return IMAGE_VARIANT_WIDTHS.map((width, index) =>
    index === IMAGE_VARIANT_WIDTHS.length - 1
      ? `${dir}/${hash}.webp ${width}w`
      : `${dir}/${hash}-${width}.webp ${width}w`,
  ).join(', ');
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
