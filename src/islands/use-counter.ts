import { useEffect, useRef, useState } from 'react';

/** Ease-out cubic; floored so the final value appears only at the end of the count. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 0 up to `target` over `durationMs` with ease-out, starting `delayMs` after `active` turns true;
 * back to 0 when `active` turns false. A new target after the count-up shows at once.
 */
export function useCounter(target: number, active: boolean, delayMs: number, durationMs: number): number {
  const [value, setValue] = useState(0);
  const finished = useRef(false);

  useEffect(() => {
    if (!active) {
      finished.current = false;
      setValue(0);
      return;
    }
    if (finished.current) {
      setValue(target);
      return;
    }
    let frame = 0;
    let start = 0;
    const step = (now: number) => {
      start ||= now;
      const progress = Math.min((now - start) / durationMs, 1);
      setValue(Math.floor(target * easeOut(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
      else finished.current = true;
    };
    // Under prefers-reduced-motion the final figure appears after the delay, without the count-up.
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => {
      if (still) {
        finished.current = true;
        setValue(target);
      } else frame = requestAnimationFrame(step);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [active, target, delayMs, durationMs]);

  return value;
}
