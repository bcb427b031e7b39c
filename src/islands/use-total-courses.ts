import { useEffect, useState } from 'react';
import { STATS_POLL_INTERVAL_MS } from '../lib/constants.ts';
import { fetchTotalCourses } from '../lib/public-api.ts';

/** Total Courses from the API: fetched when the banner shows, then every 30 s while it stays in view. */
export function useTotalCourses(initial: number, visible: boolean): number {
  const [total, setTotal] = useState(initial);
  useEffect(() => {
    if (!visible) return;
    const controller = new AbortController();
    const refresh = () => {
      fetchTotalCourses(controller.signal).then(
        (value) => {
          if (value !== null) setTotal(value);
        },
        (error: unknown) => {
          // Spec section 8: stats failures are only logged.
          if (!controller.signal.aborted) console.warn('Stats refresh failed', error);
        },
      );
    };
    refresh();
    const timer = setInterval(refresh, STATS_POLL_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [visible]);
  return total;
}
