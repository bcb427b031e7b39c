import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether at least `threshold` of the element's enclosing section (or the element itself) is in the viewport.
 * The section is observed because the spec counts visibility of the whole About + stats section.
 */
export function useInView(ref: RefObject<Element | null>, threshold: number): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current?.closest('section') ?? ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) setInView(entry.isIntersecting && entry.intersectionRatio >= threshold);
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
  return inView;
}
