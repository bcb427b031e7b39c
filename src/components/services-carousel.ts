/**
 * Runs the services carousel drawn by ServicesCarousel.astro (spec section 4). A plain script, not a React
 * island: the carousel is on the first screen, so anything it needs runs during the page load, and React's
 * evaluation and hydration were the page's long tasks on a slow phone (docs/decisions.md §55).
 *
 * Rotation: the index advances every CAROUSEL_INTERVAL_MS unless paused (hover, keyboard focus) or held (for
 * CAROUSEL_RESUME_MS after previous / next, which wrap around). The timer starts over only when whether it runs,
 * or the number of slides, changes. The baked slides show at once; the live list replaces them when it differs,
 * and a failure to load it leaves good content in place (else shows the error).
 */
import { CAROUSEL_INTERVAL_MS, CAROUSEL_RESUME_MS } from '../lib/constants.ts';
import type { ImageFolder } from '../lib/families.ts';
import {
  carouselBody,
  isOnScreen,
  slideClass,
  slidesFingerprint,
  type SlidesState,
} from './carousel-markup.ts';
import { loadLiveSlides } from './live-slides.ts';
import { revealPicture } from './reveal-picture.ts';

function run(root: HTMLElement) {
  const folder = root.dataset.folder as ImageFolder;
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[data-step]')];
  const slides = () => root.querySelectorAll<HTMLElement>('[data-slide]');
  let count = slides().length;
  let index = 0;
  let paused = false;
  let held = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  let loaded = document.readyState === 'complete';

  const running = () => count > 1 && !paused && !held;

  const draw = () => {
    for (const slide of slides()) {
      const position = Number(slide.dataset.slide);
      const className = slideClass(position, index, count);
      slide.className = `card ${className}`;
      slide.setAttribute('aria-hidden', String(position !== index));
      if (loaded || isOnScreen(className)) revealPicture(slide);
    }
  };

  /** The rotation's state onto the page (marker, buttons) and its timer, started over. */
  const syncRotation = () => {
    root.dataset.rotation = running() ? 'running' : 'stopped';
    for (const button of buttons) button.disabled = count <= 1;
    clearInterval(timer);
    if (running())
      timer = setInterval(() => {
        index = (index + 1) % count;
        draw();
      }, CAROUSEL_INTERVAL_MS);
  };

  const setPaused = (value: boolean) => {
    if (paused === value) return;
    paused = value;
    syncRotation();
  };

  const go = (step: number) => {
    if (count <= 1) return;
    index = (index + step + count) % count;
    draw();
    clearTimeout(holdTimer);
    holdTimer = setTimeout(() => {
      held = false;
      syncRotation();
    }, CAROUSEL_RESUME_MS);
    if (held) return;
    held = true;
    syncRotation();
  };

  const show = (state: SlidesState) => {
    const fingerprint = state.phase === 'loaded' ? slidesFingerprint(state.items, folder) : undefined;
    if (fingerprint !== undefined && fingerprint === root.dataset.fingerprint) return;
    const before = count;
    count = state.phase === 'loaded' ? state.items.length : 0;
    if (index >= count) index = 0;
    const body = root.firstElementChild;
    if (body) body.outerHTML = carouselBody(state, folder, index);
    if (fingerprint === undefined) delete root.dataset.fingerprint;
    else root.dataset.fingerprint = fingerprint;
    draw();
    if (count !== before) syncRotation();
  };

  for (const button of buttons) button.addEventListener('click', () => go(Number(button.dataset.step)));
  root.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  });
  root.addEventListener('mouseenter', () => setPaused(true));
  root.addEventListener('mouseleave', () => setPaused(false));
  // Keyboard focus pauses like hover does; a mouse click on previous / next must still resume after 3 s.
  root.addEventListener('focusin', (event) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) setPaused(true);
  });
  root.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && root.contains(event.relatedTarget))) setPaused(false);
  });
  if (!loaded)
    window.addEventListener(
      'load',
      () => {
        loaded = true;
        draw();
      },
      { once: true },
    );

  loadLiveSlides(show, () => count > 0);
  syncRotation();
  root.dataset.live = '';
}

for (const root of document.querySelectorAll<HTMLElement>('[data-island="ServicesCarousel"]')) run(root);
