import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An index that advances every `intervalMs` and wraps, unless paused. `go(step)` moves by one with wraparound
 * and holds auto-advance for `resumeMs` (the carousel's manual navigation rule). `startPaused` sets the state
 * after hydration (not the initial one) so the server-rendered markup and the first client render agree.
 */
export function useRotation(count: number, intervalMs: number, resumeMs = 0, startPaused = false) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    // After hydration on purpose: the server cannot know the visitor's motion preference, and the first client
    // render must match its markup.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (startPaused) setPaused(true);
  }, [startPaused]);

  // A list that shrank under the index starts over (adjusted during render, before anything shows).
  if (index >= count && count > 0) setIndex(0);

  useEffect(() => {
    if (count <= 1 || paused || held) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, paused, held, intervalMs]);

  useEffect(
    () => () => {
      if (holdTimer.current) clearTimeout(holdTimer.current);
    },
    [],
  );

  const go = useCallback(
    (step: 1 | -1) => {
      if (count <= 1) return;
      setIndex((value) => (value + step + count) % count);
      setHeld(true);
      if (holdTimer.current) clearTimeout(holdTimer.current);
      holdTimer.current = setTimeout(() => setHeld(false), resumeMs);
    },
    [count, resumeMs],
  );

  return {
    index: count > 0 ? index % count : 0,
    paused,
    running: count > 1 && !paused && !held,
    setPaused,
    go,
  };
}
