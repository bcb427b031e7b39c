/**
 * The inner pages' hero picture (made by scripts/assets/hero-image.ts, shipped under public/images/): its files,
 * for the component that shows it and the preload that fetches it with the stylesheet.
 */
export const HERO_IMAGE = {
  widths: [640, 1280, 1920] as const,
  /** 3:1, the hero's shape on a desktop; narrower screens crop its sides (object-fit: cover). */
  width: 1920,
  height: 640,
  /** Low on purpose: the picture sits blurred under a 70 % dark overlay, where WebP artefacts do not show. */
  quality: 40,
  file: (width: number) => `/images/hero-${width}.webp`,
};

export const heroSrcSet = HERO_IMAGE.widths.map((width) => `${HERO_IMAGE.file(width)} ${width}w`).join(', ');
