import { describe, expect, it } from 'vitest';
import { PREVIEW_PAGE } from '../../lib/messages.ts';
import { closedPage, intoShell, previewDocument } from './preview-page.ts';

/** The shape PublicLayout gives every page (trimmed): what the preview keeps, and what it must take out. */
const SHELL = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Case Studies | DeltaSecure</title>
<link rel="canonical" href="https://example.in/case-studies"><meta property="og:url" content="https://example.in/case-studies">
<script type="application/ld+json">[{"@type":"Organization"}]</script>
<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-x='">
<link rel="stylesheet" href="/_astro/PublicLayout.css"></head><body><a class="skip-link" href="#main">Skip</a>
<header class="site-header"><nav class="navbar" aria-label="Main"></nav></header><script type="module">menu()</script>
<main id="main" tabindex="-1"><h1>Every published study</h1></main><footer class="site-footer">Footer</footer>
<script type="module">leadSource()</script></body></html>`;

describe('the preview page', () => {
  it('keeps the page around the body (styles, navbar, footer) and swaps its main for the banner and the body', () => {
    const html = intoShell(SHELL, 'Draft <study>', '<h1>Draft body</h1>') ?? '';
    expect(html).toContain('<link rel="stylesheet" href="/_astro/PublicLayout.css">');
    expect(html).toContain('<nav class="navbar" aria-label="Main">');
    expect(html).toContain('<footer class="site-footer">Footer</footer>');
    expect(html).toContain('<main id="main" tabindex="-1"><h1>Draft body</h1></main>');
    expect(html).not.toContain('Every published study');
    expect(html).toMatch(
      /<body><div class="preview-banner"[^>]*data-preview-banner><strong>PREVIEW<\/strong>/,
    );
    expect(html).toContain(`<title>${PREVIEW_PAGE.pageTitle('Draft &lt;study&gt;')} | DeltaSecure</title>`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('takes out every script, the meta CSP, the canonical link and og:url', () => {
    const html = intoShell(SHELL, 'Draft', '<p>x</p>') ?? '';
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/content-security-policy/i);
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
  });

  it('is a plain document with the banner when the shell is missing or not a page of ours', async () => {
    expect(intoShell('<html><body>No main</body></html>', 'x', 'y')).toBeNull();
    const html = await previewDocument(async () => null, 'https://example.in', '/', 'Draft', '<p>Body</p>');
    expect(html).toContain('data-preview-banner');
    expect(html).toContain('<p>Body</p>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('says why a closed link shows nothing, for each reason', () => {
    for (const reason of ['invalid', 'expired', 'revoked', 'gone'] as const) {
      const html = closedPage(reason);
      expect(html).toContain(PREVIEW_PAGE[reason]);
      expect(html).not.toContain('data-preview-banner');
    }
  });
});
