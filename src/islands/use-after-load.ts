import { startTransition, useEffect, useState } from 'react';

/**
 * False until the window's load event (then true, at once if it has passed). Slides that are not on screen at
 * first paint render their images only then, so they do not compete with the LCP image for the phone's few
 * connections; the first render still matches the server's markup (false).
 *
 * A transition, not a synchronous store update: adding every hidden slide's picture is work nobody sees yet, and
 * done synchronously it joined hydration in one task of ~15 ms, a long task on a slow phone (issue 21.22). As a
 * transition React renders it in slices of a few milliseconds after hydration.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setLoaded(true));
    if (document.readyState === 'complete') {
      show();
      return;
    }
    window.addEventListener('load', show, { once: true });
    return () => window.removeEventListener('load', show);
  }, []);
  return loaded;
}
