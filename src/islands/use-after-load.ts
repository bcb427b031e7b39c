import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('load', onChange, { once: true });
  return () => window.removeEventListener('load', onChange);
};

/**
 * False until the window's load event (true at once if it has passed). Slides that are not on screen at first
 * paint render their images only then, so they do not compete with the LCP image for the phone's few
 * connections; the first render still matches the server's markup (the server snapshot is false).
 */
export function useAfterLoad(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.readyState === 'complete',
    () => false,
  );
}
