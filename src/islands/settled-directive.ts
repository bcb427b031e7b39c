import type { ClientDirective } from 'astro';

/**
 * `client:settled`: hydrate once the page has loaded (the window's load event) and the island is on screen.
 * `/`'s islands sit above the fold, so `client:visible` fetched React (65 KB) while the first slide's picture, the
 * LCP, was still downloading; on a phone's 1.6 Mbps the two shared the link and the LCP waited for React
 * (issue 21.21). The server-rendered HTML is complete, so nothing is missing until then: hydration adopts it
 * without re-rendering. Kept tiny, as Astro inlines it into the page.
 */
const settledDirective: ClientDirective = (load, _options, element) => {
  const whenVisible = () => {
    const observer = new IntersectionObserver(async (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      await (
        await load()
      )();
    });
    for (const child of element.children) observer.observe(child);
  };
  if (document.readyState === 'complete') whenVisible();
  else addEventListener('load', whenVisible, { once: true });
};

export default settledDirective;
