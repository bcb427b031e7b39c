/**
 * Runs the home slider drawn by HomeSlider.astro (spec section 4). A plain script, not a React island: the slider is
 * `/`'s first screen, and React's fetch, evaluation and hydration were the page's long tasks on a slow phone
 * (docs/decisions.md §58).
 *
 * Rotation: the index advances every SLIDER_INTERVAL_MS and wraps, unless paused by the button; under
 * prefers-reduced-motion it starts paused (WCAG 2.2.2). The baked slides show at once; the live list replaces them
 * when it differs, and a failure to load it leaves good content in place (else shows the error). It runs after the
 * load event (AfterLoad.astro), so every slide's picture goes into the page at once.
 */
import { SLIDER_INTERVAL_MS } from '../lib/constants.ts';
import type { ImageFolder } from '../lib/families.ts';
import type { SlidesState } from './carousel-markup.ts';
import { loadLiveSlides } from './live-slides.ts';
import { revealPicture } from './reveal-picture.ts';
import { sliderBody, sliderFingerprint, toggleFace } from './slider-markup.ts';

function run(root: HTMLElement) {
  const folder = root.dataset.folder as ImageFolder;
  const slides = () => root.querySelectorAll<HTMLElement>('[data-slide]');
  let count = slides().length;
  let index = 0;
  let paused = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let timer: ReturnType<typeof setInterval> | undefined;

  const draw = () => {
    for (const slide of slides()) {
      const active = Number(slide.dataset.slide) === index;
      slide.classList.toggle('is-active', active);
      slide.setAttribute('aria-hidden', String(!active));
      revealPicture(slide);
    }
    root.querySelectorAll('.slider__dot').forEach((dot, position) => {
      dot.classList.toggle('is-active', position === index);
    });
    const toggle = root.querySelector('[data-toggle]');
    if (toggle) toggle.innerHTML = toggleFace(paused);
  };

  /** The timer, started over whenever whether it runs, or the number of slides, changes. */
  const syncRotation = () => {
    clearInterval(timer);
    if (count > 1 && !paused)
      timer = setInterval(() => {
        index = (index + 1) % count;
        draw();
      }, SLIDER_INTERVAL_MS);
  };

  const show = (state: SlidesState) => {
    const fingerprint = state.phase === 'loaded' ? sliderFingerprint(state.items, folder) : undefined;
    if (fingerprint !== undefined && fingerprint === root.dataset.fingerprint) return;
    const before = count;
    count = state.phase === 'loaded' ? state.items.length : 0;
    if (index >= count) index = 0;
    root.innerHTML = sliderBody(state, folder);
    if (count > 0) root.setAttribute('aria-roledescription', 'carousel');
    else root.removeAttribute('aria-roledescription');
    if (fingerprint === undefined) delete root.dataset.fingerprint;
    else root.dataset.fingerprint = fingerprint;
    draw();
    if (count !== before) syncRotation();
  };

  root.addEventListener('click', (event) => {
    if (!(event.target instanceof Element && event.target.closest('[data-toggle]'))) return;
    paused = !paused;
    draw();
    syncRotation();
  });
  loadLiveSlides(show, () => count > 0);
  // The pause face under reduced motion, and the hidden slides' pictures (the page has loaded: AfterLoad.astro).
  draw();
  syncRotation();
  root.dataset.live = '';
}

for (const root of document.querySelectorAll<HTMLElement>('[data-island="HomeSlider"]')) run(root);
