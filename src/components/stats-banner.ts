/**
 * Runs the About section's counters drawn by StatsBanner.astro (spec section 2 "Home", section 9 timings). A plain
 * script, not a React island: the counters sit on `/`'s first screens, and React's evaluation and hydration were the
 * page's long tasks on a slow phone (docs/decisions.md §58).
 *
 * While at least COUNTER_VISIBILITY_THRESHOLD of the enclosing section is in view (the spec counts the whole About
 * + stats section), each counter counts from 0 to its figure with ease-out, starting COUNTER_START_DELAY_MS after
 * the section came into view, and Total Courses is fetched then and every STATS_POLL_INTERVAL_MS. Out of view, the
 * counts go back to 0 and the polling stops.
 */
import {
  COUNTER_COURSES_DURATION_MS,
  COUNTER_CUSTOMERS_DURATION_MS,
  COUNTER_START_DELAY_MS,
  COUNTER_VISIBILITY_THRESHOLD,
  STATS_POLL_INTERVAL_MS,
} from '../lib/constants.ts';
import { fetchTotalCourses } from '../lib/public-api.ts';

/** Ease-out cubic; floored so the final value appears only at the end of the count. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * One counter. A new target after the count-up shows at once; one that arrives during the count (a slow network's
 * answer to the stats call) is what the rest of the count heads for; the count never starts again from 0 while it
 * stays in view.
 */
function counter(figure: HTMLElement, finalText: HTMLElement | null, durationMs: number) {
  let target = Number(figure.dataset.final) || 0;
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  const write = (value: number) => {
    figure.textContent = String(value);
  };

  return {
    setTarget(value: number) {
      target = value;
      if (finalText) finalText.textContent = String(value);
      if (finished) write(value);
    },
    start() {
      if (finished || timer !== undefined) return;
      // Under prefers-reduced-motion the final figure appears after the delay, without the count-up.
      const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
      let begun = 0;
      const step = (now: number) => {
        begun ||= now;
        const progress = Math.min((now - begun) / durationMs, 1);
        write(Math.floor(target * easeOut(progress)));
        if (progress < 1) frame = requestAnimationFrame(step);
        else finished = true;
      };
      timer = setTimeout(() => {
        if (still) {
          finished = true;
          write(target);
        } else frame = requestAnimationFrame(step);
      }, COUNTER_START_DELAY_MS);
    },
    reset() {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      timer = undefined;
      finished = false;
      write(0);
    },
  };
}

function run(root: HTMLElement) {
  const part = (id: string, durationMs: number) => {
    const figure = root.querySelector<HTMLElement>(`[data-counter="${id}"]`);
    return figure && counter(figure, root.querySelector(`[data-final-text="${id}"]`), durationMs);
  };
  const courses = part('courses', COUNTER_COURSES_DURATION_MS);
  const customers = part('customers', COUNTER_CUSTOMERS_DURATION_MS);
  const counters = [courses, customers].filter((entry) => entry !== null);
  let polling: { timer: ReturnType<typeof setInterval>; controller: AbortController } | undefined;

  const refresh = (signal: AbortSignal) =>
    fetchTotalCourses(signal).then(
      (value) => {
        if (value !== null) courses?.setTarget(value);
      },
      (error: unknown) => {
        // Spec section 8: stats failures are only logged.
        if (!signal.aborted) console.warn('Stats refresh failed', error);
      },
    );

  const setVisible = (visible: boolean) => {
    if (visible === (polling !== undefined)) return;
    if (visible) {
      const controller = new AbortController();
      void refresh(controller.signal);
      polling = {
        timer: setInterval(() => void refresh(controller.signal), STATS_POLL_INTERVAL_MS),
        controller,
      };
      for (const entry of counters) entry.start();
    } else if (polling) {
      clearInterval(polling.timer);
      polling.controller.abort();
      polling = undefined;
      for (const entry of counters) entry.reset();
    }
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        setVisible(entry.isIntersecting && entry.intersectionRatio >= COUNTER_VISIBILITY_THRESHOLD);
    },
    { threshold: COUNTER_VISIBILITY_THRESHOLD },
  );
  observer.observe(root.closest('section') ?? root);
  root.dataset.live = '';
}

for (const root of document.querySelectorAll<HTMLElement>('[data-island="StatsBanner"]')) run(root);
