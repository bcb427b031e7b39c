import { useEffect, useRef, useState } from 'react';

/** Ease-out cubic; floored so the final value appears only at the end of the count. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 0 up to `target` over `durationMs` with ease-out, starting `delayMs` after `active` turns true;
 * back to 0 when `active` turns false. A new target after the count-up shows at once; one that arrives during
 * the count (a slow network's answer to the stats call) is what the rest of the count heads for; the count
 * never starts again from 0.
 */
export function useCounter(target: number, active: boolean, delayMs: number, durationMs: number): number {
  const [value, setValue] = useState(0);
  const [finished, setFinished] = useState(false);
  // Leaving view resets the count (adjusted during render, so the 0 shows in the same paint).
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    if (!active) {
      setFinished(false);
      setValue(0);
    }
  }

  const latestTarget = useRef(target);
  useEffect(() => {
    latestTarget.current = target;
  }, [target]);

  useEffect(() => {
    if (!active || finished) return;
    let frame = 0;
    let start = 0;
    const step = (now: number) => {
      start ||= now;
      const progress = Math.min((now - start) / durationMs, 1);
      setValue(Math.floor(latestTarget.current * easeOut(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
      else setFinished(true);
    };
    // Under prefers-reduced-motion the final figure appears after the delay, without the count-up.
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => {
      if (still) setFinished(true);
      else frame = requestAnimationFrame(step);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [active, finished, delayMs, durationMs]);

  return active && finished ? target : value;
}
