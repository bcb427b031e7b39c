/**
 * Markdown fields rendered to HTML where they are shown (src/lib/fields/markdown.ts stores the source). Staff
 * type it, but a stolen session or a pasted snippet must not put script on a public page: raw HTML is shown as
 * text, never passed through, and links and pictures keep only web, mail and site-relative addresses.
 */
import { Marked, type Tokens } from 'marked';

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

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
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
      return `<img src="${escapeHtml(safe)}" alt="${escapeHtml(text)}"${titled} loading="lazy">`;
    },
  },
});

/** A markdown field's source as HTML that is safe to put in a page. */
export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
