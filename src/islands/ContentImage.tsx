import type { ImageFolder } from '../lib/collections.ts';
import { FALLBACK_IMAGE, imageSrcSet, resolveImageUrl } from '../lib/image-url.ts';

interface Props {
  value: string | undefined;
  folder: ImageFolder;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
  sizes: string;
  className?: string;
  priority?: boolean;
}

/** The island twin of Img.astro; a broken image swaps to the fallback through image-fallback.ts. */
export function ContentImage({
  value,
  folder,
  alt,
  width,
  height,
  sizes,
  className,
  priority = false,
}: Props) {
  const srcSet = imageSrcSet(value, folder) ?? undefined;
  return (
    <img
      src={resolveImageUrl(value, folder)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width ?? 1200}
      height={height ?? 800}
      alt={alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      data-fallback={FALLBACK_IMAGE}
    />
  );
}
