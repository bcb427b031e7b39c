import { useState } from 'react';
import type { ImageFolder } from '../../lib/collections.ts';
import { FALLBACK_IMAGE, resolveImageUrl } from '../../lib/image-url.ts';

/** A stored item's image, resolved by the spec's rules; swapped once to the fallback if it fails to load. */
export function ItemImage({ value, folder }: { value: string | undefined; folder: ImageFolder }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? FALLBACK_IMAGE : resolveImageUrl(value, folder);
  // Decorative: the item's title sits right beside it.
  return <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}
