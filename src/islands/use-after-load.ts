import { useEffect, useState } from 'react';

/**
 * False until the window's load event (true at once if it has passed). Slides that are not on screen at first
 * paint render their images only then, so they do not compete with the LCP image for the phone's few
 * connections; the first render still matches the server's markup.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}
