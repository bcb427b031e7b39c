import type { ImageFolder } from '../lib/collections.ts';
import { contentImageAttributes } from '../lib/image-url.ts';

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

/** The island twin of Img.astro: the same attributes, under React's names for srcset and fetchpriority. */
export function ContentImage({ alt, className, ...options }: Props) {
  const { srcset, fetchpriority, ...attributes } = contentImageAttributes(options);
  return (
    <img {...attributes} srcSet={srcset} fetchPriority={fetchpriority} alt={alt} className={className} />
  );
}
