import { SPLASH_BLUR_AT_MS, SPLASH_TOTAL_MS } from '../lib/constants.ts';

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
    const blur = setTimeout(() => splash.classList.add('is-leaving'), SPLASH_BLUR_AT_MS);
    const done = setTimeout(end, SPLASH_TOTAL_MS);
    const skip = splash.querySelector<HTMLButtonElement>('[data-splash-skip]');
    skip?.addEventListener('click', () => {
      clearTimeout(blur);
      clearTimeout(done);
      end();
    });
  }
}
