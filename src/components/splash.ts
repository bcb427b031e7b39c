/*
 * Imports nothing shared on purpose: any shared module pulls in the islands chunk, and that chunk imports React, so
 * the splash would make every phone fetch React at page start and the LCP wait for it. The timings
 * come from Splash.astro's data attributes; whether the splash was seen this session, from the inline script in
 * the head (splash-early.ts), which has already read and marked it before the first paint.
 */
import { SPLASH_SEEN_CLASS } from './splash-early.ts';

const splash = document.querySelector<HTMLElement>('[data-splash]');

// A splash seen earlier in the session is already hidden, before the first paint, by that class (public.css).
if (splash && !document.documentElement.classList.contains(SPLASH_SEEN_CLASS)) {
  const end = () => {
    splash.hidden = true;
  };
  const blur = setTimeout(() => splash.classList.add('is-leaving'), Number(splash.dataset.blurAt));
  const done = setTimeout(end, Number(splash.dataset.total));
  const skip = splash.querySelector<HTMLButtonElement>('[data-splash-skip]');
  skip?.addEventListener('click', () => {
    clearTimeout(blur);
    clearTimeout(done);
    end();
  });
}
