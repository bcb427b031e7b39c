/**
 * Markdown fields rendered to HTML where they are shown (src/lib/fields/markdown.ts stores the source). Staff
 * type it, but a stolen session or a pasted snippet must not put script on a public page: raw HTML is shown as
 * text, never passed through, and links and pictures keep only web, mail and site-relative addresses.
 */
import { Marked, type MarkedExtension, type Tokens } from 'marked';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** https, http and mailto, or a path on this site: no javascript:, data: or vbscript: in a link or picture. */
function safeHref(href: string): string | null {
  const value = href.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (value.startsWith('#')) return value;
  try {
    return ['https:', 'http:', 'mailto:'].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
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
      const rel = safe.startsWith('http') ? ' rel="noopener noreferrer"' : '';
      return `<a href="${escapeHtml(safe)}"${titled}${rel}>${text}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const safe = safeHref(href);
      if (safe === null) return escapeHtml(text);
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(safe)}" alt="${escapeHtml(text)}"${titled} loading="lazy" decoding="async">`;
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
