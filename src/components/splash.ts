/*
 * Imports nothing on purpose: any shared module pulls in the islands chunk, and that chunk imports React, so the
 * splash would make every phone fetch React at page start and the LCP wait for it (issue 21.21). The timings come
 * from Splash.astro's data attributes instead.
 */

/** sessionStorage key: the splash shows on the first load of / in a browser session only. */
export const SPLASH_SEEN_KEY = 'splashSeen';

const splash = document.querySelector<HTMLElement>('[data-splash]');
document.documentElement.classList.add('js');

const seen = (): boolean => {
  try {
    return sessionStorage.getItem(SPLASH_SEEN_KEY) === 'true';
  } catch {
    return false;
  }
};

if (splash) {
  const end = () => {
    splash.hidden = true;
  };
  if (seen()) {
    end();
  } else {
    try {
      sessionStorage.setItem(SPLASH_SEEN_KEY, 'true');
    } catch {
      // Private modes may refuse storage: the splash then simply shows again next time.
    }
    const blur = setTimeout(() => splash.classList.add('is-leaving'), Number(splash.dataset.blurAt));
    const done = setTimeout(end, Number(splash.dataset.total));
    const skip = splash.querySelector<HTMLButtonElement>('[data-splash-skip]');
    skip?.addEventListener('click', () => {
      clearTimeout(blur);
      clearTimeout(done);
      end();
    });
  }
}
