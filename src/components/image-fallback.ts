/**
 * Swaps a broken content image to the fallback, once. Listens in the capture phase (error events do not bubble)
 * and also sweeps images that failed before this module ran, including those rendered by islands.
 */
const swap = (image: HTMLImageElement) => {
  const fallback = image.dataset.fallback;
  if (!fallback || image.dataset.fallbackApplied === 'true') return;
  image.dataset.fallbackApplied = 'true';
  image.removeAttribute('srcset');
  image.removeAttribute('sizes');
  image.src = fallback;
};

document.addEventListener(
  'error',
  (event) => {
    if (event.target instanceof HTMLImageElement) swap(event.target);
  },
  true,
);

for (const image of Array.from(document.images)) {
  if (image.complete && image.naturalWidth === 0 && image.loading !== 'lazy') swap(image);
}
