/**
 * A preview as a whole page: the deployed page the item will appear on is the shell (its head,
 * stylesheet, navbar and footer, rendered by Astro's PublicLayout at build time), with its `<main>` replaced by
 * the PREVIEW banner and the item's body (renderers.ts). Scripts are dropped (previewed pages need none, and the
 * page's meta CSP lists only the shell's own), the canonical link too, and `noindex` is added. Without a shell (the
 * site unreachable, a test) the same body stands in a plain document.
 */
import { PREVIEW_PAGE } from '../../lib/messages.ts';
import { brandName } from '../../lib/site-config.ts';
import { escapeHtml as e } from '../../lib/html.ts';

/** Scripts off, styles and pictures from the site (and https pictures, as stored image URLs may be). */
export const PREVIEW_CSP =
  "default-src 'none'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
  "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Never kept by the CDN or a browser, never indexed. */
export const PREVIEW_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'Netlify-CDN-Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Content-Security-Policy': PREVIEW_CSP,
  'Referrer-Policy': 'no-referrer',
} as const;

const BANNER_STYLE = `.preview-banner{position:sticky;top:0;z-index:1000;background:#facc15;color:#111;padding:.5rem 1rem;
font:600 1rem/1.4 system-ui,sans-serif;text-align:center}.preview-banner strong{letter-spacing:.1em;margin-right:.5rem}`;

export const bannerHtml = () =>
  `<div class="preview-banner" role="note" data-preview-banner><strong>${e(PREVIEW_PAGE.banner)}</strong>${e(PREVIEW_PAGE.bannerDetail)}</div>`;

const MAIN = /(<main\b[^>]*>)[\s\S]*<\/main>/;

/** The shell with the preview in its `<main>`; null when the shell is not a page of ours (no `<main>`). */
export function intoShell(shell: string, title: string, body: string): string | null {
  if (!MAIN.test(shell) || !/<\/head>/i.test(shell)) return null;
  const fullTitle = `${PREVIEW_PAGE.pageTitle(title)} | ${brandName}`;
  return shell
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<meta\s+http-equiv="content-security-policy"[^>]*>/gi, '')
    .replace(/<meta\s+name="robots"[^>]*>/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>/gi, '')
    .replace(/<meta\s+property="og:url"[^>]*>/gi, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${e(fullTitle)}</title>`)
    .replace(
      /<\/head>/i,
      () => `<meta name="robots" content="noindex, nofollow"><style>${BANNER_STYLE}</style></head>`,
    )
    .replace(/<body([^>]*)>/i, (_all, attributes: string) => `<body${attributes}>${bannerHtml()}`)
    .replace(MAIN, (_all, open: string) => `${open}${body}</main>`);
}

/** A document of our own: for a closed link, or a preview when no shell could be had. */
export function plainPage(title: string, main: string, withBanner: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${e(title)} | ${e(brandName)}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif}main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem}
${BANNER_STYLE}</style></head><body>${withBanner ? bannerHtml() : ''}<main id="main">${main}</main></body></html>`;
}

export type ClosedReason = 'invalid' | 'expired' | 'revoked' | 'gone';

/** The page a link that shows nothing opens: why, and the way home. Nothing of any item. */
export const closedPage = (reason: ClosedReason) =>
  plainPage(
    PREVIEW_PAGE.closedTitle,
    `<h1>${e(PREVIEW_PAGE.closedTitle)}</h1><p role="alert" data-preview-closed="${reason}">${e(PREVIEW_PAGE[reason])}</p><p><a href="/">${e(PREVIEW_PAGE.home)}</a></p>`,
    false,
  );

/** Fetches the deployed page at `path` to serve as the shell; null when it cannot be had quickly. */
export type ShellLoader = (origin: string, path: string) => Promise<string | null>;

const SHELL_TTL_MS = 60_000;
const shells = new Map<string, { at: number; html: string }>();

/** The deployed page over HTTP, kept a minute per instance (the shell changes only with a deploy). */
export const fetchShell: ShellLoader = async (origin, path) => {
  const key = `${origin}${path}`;
  const kept = shells.get(key);
  if (kept && Date.now() - kept.at < SHELL_TTL_MS) return kept.html;
  try {
    const response = await fetch(key, { signal: AbortSignal.timeout(2500), redirect: 'follow' });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return null;
    const html = await response.text();
    shells.set(key, { at: Date.now(), html });
    return html;
  } catch {
    return null;
  }
};

/** The preview page: the item's body in its page's shell, or in a plain document when there is none. */
export async function previewDocument(
  load: ShellLoader,
  origin: string,
  shellPath: string,
  title: string,
  body: string,
): Promise<string> {
  const shell = await load(origin, shellPath);
  return (shell && intoShell(shell, title, body)) ?? plainPage(PREVIEW_PAGE.pageTitle(title), body, true);
}
