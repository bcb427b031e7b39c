/**
 * The sitemap's XML (every page with its `lastmod`). Pure: src/pages/sitemap.xml.ts gathers the pages and
 * their last changes from the build's collections.
 */
export interface SitemapEntry {
  /** A path on the site. */
  path: string;
  /** UTC ISO time of the page's last change. */
  lastmod: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** The newest of some UTC ISO times (empty ones ignored), else `fallback`. */
export const newestOf = (times: readonly (string | undefined)[], fallback: string): string =>
  times
    .filter((time): time is string => typeof time === 'string' && time !== '')
    .sort()
    .at(-1) ?? fallback;

/** One `<url>` per distinct path, in the order given, each with `<loc>` and `<lastmod>`. */
export function sitemapXml(entries: readonly SitemapEntry[], origin: URL): string {
  const seen = new Set<string>();
  const urls = entries
    .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(new URL(entry.path, origin).href)}</loc><lastmod>${escapeXml(entry.lastmod)}</lastmod></url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
