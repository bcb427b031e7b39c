/**
 * Markdown fields rendered to HTML where they are shown (src/lib/fields/markdown.ts stores the source). Staff
 * type it, but a stolen session or a pasted snippet must not put script on a public page: raw HTML is shown as
 * text, never passed through, and links and pictures keep only web, mail and site-relative addresses.
 */
import { Marked, type MarkedExtension, type Tokens } from 'marked';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Where links on this site are resolved from: a stand-in origin no one can own (`.invalid`), so "same origin"
 * means "a path on whatever site shows the field".
 */
const SITE = new URL('https://site.invalid/');
const WEB_SCHEMES = new Set(['https:', 'http:']);
/** What the URL parser drops before reading an address: tabs and newlines anywhere, controls and spaces at the ends. */
const IGNORED_ANYWHERE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex -- the parser's own set: C0 controls and space
const IGNORED_AT_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** An address as the page will use it; `offSite` links get rel="noopener noreferrer". */
interface SafeHref {
  href: string;
  offSite: boolean;
}

/**
 * https, http and mailto, or a path or fragment on this site: no javascript:, data: or vbscript: in a link or
 * picture. The address is read the way a browser reads it (the WHATWG URL parser: tabs and newlines dropped,
 * `\` taken for `/` in web addresses), so `/\host`, `\\host` or `/<tab>/host` are seen for the other sites they
 * are and written out as such, in the parser's own spelling. A path whose
 * first segment decodes to a slash or backslash (`/%5chost`, `/%2f/host`) is refused: a server that decodes it
 * would redirect off-site.
 */
function safeHref(typed: string): SafeHref | null {
  let url: URL;
  try {
    url = new URL(typed, SITE);
  } catch {
    return null;
  }
  const cleaned = typed.replace(IGNORED_ANYWHERE, '').replace(IGNORED_AT_ENDS, '');
  if (url.origin !== SITE.origin) {
    // An address typed in full, with no backslash or space for a browser to reinterpret, is written as typed.
    const href = /^(https?|mailto):/i.test(cleaned) && !/[\\\s]/.test(cleaned) ? cleaned : url.href;
    if (WEB_SCHEMES.has(url.protocol)) return { href, offSite: true };
    return url.protocol === 'mailto:' ? { href, offSite: false } : null;
  }
  // On this site: only a path from the root or a fragment (a relative path would depend on the page showing it).
  if (cleaned.startsWith('#')) return { href: url.hash || '#', offSite: false };
  if (!cleaned.startsWith('/')) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (/^\/[/\\]/.test(path)) return null;
  return { href: `${url.pathname}${url.search}${url.hash}`, offSite: false };
}

/**
 * Turns a fenced code block into the inner HTML of its `<pre>`, or null to show it plain. Given only at build time
 * (src/article-body.ts highlights with Shiki): this module stays free of it, so the admin's preview can use it.
 * What it returns is trusted markup: it must escape the code itself.
 */
export type Highlight = (code: string, lang: string) => string | null;

const rendererWith = (highlight: Highlight | null): MarkedExtension => ({
  gfm: true,
  async: false as const,
  renderer: {
    code({ text, lang }: Tokens.Code) {
      const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
      const highlighted = highlight && language ? highlight(text, language) : null;
      if (highlighted !== null) return `<pre class="code" tabindex="0">${highlighted}</pre>\n`;
      return `<pre class="code" tabindex="0"><code>${escapeHtml(text)}</code></pre>\n`;
    },
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      if (safe === null) return text;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      // External links open as ordinary links, without giving the page they open a handle on this one.
      const rel = safe.offSite ? ' rel="noopener noreferrer"' : '';
      return `<a href="${escapeHtml(safe.href)}"${titled}${rel}>${text}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const safe = safeHref(href);
      if (safe === null) return escapeHtml(text);
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(safe.href)}" alt="${escapeHtml(text)}"${titled} loading="lazy" decoding="async">`;
    },
  },
});

const plain = new Marked(rendererWith(null));

/**
 * A markdown field's source as HTML that is safe to put in a page. `highlight` colours fenced code blocks (build
 * time only); anything it declines is shown as plain escaped code.
 */
export function renderMarkdown(source: string, { highlight }: { highlight?: Highlight } = {}): string {
  const marked = highlight ? new Marked(rendererWith(highlight)) : plain;
  return marked.parse(source, { async: false });
}
