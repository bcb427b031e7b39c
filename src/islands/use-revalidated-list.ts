import { useCallback, useEffect, useRef, useState } from 'react';

export type ListPhase = 'loading' | 'retrying' | 'error' | 'loaded';

export interface ListState<T> {
  phase: ListPhase;
  items: readonly T[];
  error: string | null;
}

/** Loads a list; calls `onRetry` before each automatic retry wait (to show 'Retrying connection...'). */
export type ListLoader<T> = (signal: AbortSignal, onRetry: () => void) => Promise<T[]>;

/**
 * Baked data first, then the API (docs/design.md (Architecture) "Public pages"): with baked items the first paint is real
 * content and a refresh replaces it only when it succeeds; without them the spec's loading → error / empty /
 * loaded states run. `reload` is the Retry button's action.
 */
export function useRevalidatedList<T>(
  initial: readonly T[] | undefined,
  load: ListLoader<T>,
  describe: (error: unknown) => string,
): { state: ListState<T>; reload: () => void } {
  const baked = initial !== undefined && initial.length > 0;
  const [state, setState] = useState<ListState<T>>(() =>
    baked ? { phase: 'loaded', items: initial, error: null } : { phase: 'loading', items: [], error: null },
  );
  const hasGoodContent = useRef(baked);
  const current = useRef({ load, describe });
  useEffect(() => {
    current.current = { load, describe };
  });
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(() => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    if (!hasGoodContent.current) setState({ phase: 'loading', items: [], error: null });
    current.current
      .load(own.signal, () => {
        if (!hasGoodContent.current && !own.signal.aborted)
          setState({ phase: 'retrying', items: [], error: null });
      })
      .then(
        (items) => {
          if (own.signal.aborted) return;
          hasGoodContent.current = items.length > 0;
          setState({ phase: 'loaded', items, error: null });
        },
        (error: unknown) => {
          if (own.signal.aborted || hasGoodContent.current) return;
          setState({ phase: 'error', items: [], error: current.current.describe(error) });
        },
      );
  }, []);

  useEffect(() => {
    run();
    return () => controller.current?.abort();
  }, [run]);

  return { state, reload: run };
}
