/*
 * The splash's first step, inline in the head of `/` (PublicLayout), before the stylesheet and the first paint:
 * it marks the page as scripted and, on a later load in the same browser session, hides the splash before it is
 * ever drawn. Reading sessionStorage first on a page opens the tab's storage with a synchronous call to the browser
 * process (2–11.5 ms alone on a fresh profile, 10–16 ms in Lighthouse's traces). Here that wait comes before the
 * first paint, where it blocks nothing, instead of in a task after it, which a slow phone stretches into blocking
 * time (decisions §59). Imports nothing: splash.ts imports this module into the browser.
 */

/** sessionStorage key: the splash shows on the first load of / in a browser session only. */
export const SPLASH_SEEN_KEY = 'splashSeen';
/** The root's class when the splash was seen earlier in the session (public.css hides the splash). */
export const SPLASH_SEEN_CLASS = 'splash-seen';

export const SPLASH_EARLY_SCRIPT = `(()=>{const root=document.documentElement;root.classList.add("js");try{if(sessionStorage.getItem("${SPLASH_SEEN_KEY}")==="true")root.classList.add("${SPLASH_SEEN_CLASS}");else sessionStorage.setItem("${SPLASH_SEEN_KEY}","true")}catch{}})()`;
