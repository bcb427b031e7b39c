/**
 * Two things Astro writes that the W3C Nu HTML checker refuses, mended in every page, whether the build wrote it
 * (the build's valid-html step) or the page middleware rendered it on demand:
 * - The islands' one rule (`astro-island,astro-slot,astro-static-slot{display:contents}`) as a `<style>` right before
 *   a page's first island, inside `<body>`, where HTML allows no `<style>`. It moves, unchanged, to the end of
 *   `<head>`. The page's CSP names the rule by its hash, which does not depend on where the element stands, and a
 *   rule in the head applies before the island is parsed, as it did before.
 * - A redirect page's `<meta http-equiv="refresh" content="0;url=…">`: HTML asks for a space after the semicolon,
 *   `0; url=…`. Browsers read both.
 */
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page with Astro's island `<style>` moved from the body to the end of the head (unchanged when absent). */
export function hoistIslandStyle(html: string): string {
  const bodyStart = html.indexOf('<body');
  const headEnd = html.indexOf('</head>');
  if (bodyStart < 0 || headEnd < 0 || headEnd > bodyStart) return html;
  const at = html.indexOf(ISLAND_STYLE, bodyStart);
  if (at < 0) return html;
  const body = html.slice(0, at) + html.slice(at + ISLAND_STYLE.length);
  const head = html.slice(0, headEnd).includes(ISLAND_STYLE) ? '' : ISLAND_STYLE;
  return body.slice(0, headEnd) + head + body.slice(headEnd);
}

/** The refresh meta's `0;url=` as HTML writes it, `0; url=` (unchanged when already so, or absent). */
export const spaceRefreshUrl = (html: string): string =>
  html.replace(/(<meta http-equiv="refresh" content="\d+);url=/gi, '$1; url=');

/** Both mends. */
export const mendHtml = (html: string): string => spaceRefreshUrl(hoistIslandStyle(html));
