/** A markdown field rendered for a page: formatting kept, anything that could run script refused. */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and safe links', () => {
    const html = renderMarkdown(
      '# Course\n\n**Hands-on** labs:\n\n- recon\n- [Syllabus](https://example.com/s.pdf)',
    );
    expect(html).toContain('<h1>Course</h1>');
    expect(html).toContain('<strong>Hands-on</strong>');
    expect(html).toContain('<li>recon</li>');
    expect(html).toContain('<a href="https://example.com/s.pdf" rel="noopener noreferrer">Syllabus</a>');
  });

  it('shows raw HTML as text and drops script addresses', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> [x](javascript:alert(1)) ![p](data:image/svg+xml,<svg onload=alert(1)>)',
    );
    expect(html).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>|href="javascript|src="data:/);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('x');
  });
});

describe('links a browser would take off-site', () => {
  const hrefOf = (target: string) => /<a href="([^"]*)"([^>]*)>/.exec(renderMarkdown(`[x](${target})`));

  it('writes backslash, tab and protocol-relative forms as the other site they reach, with rel="noopener noreferrer"', () => {
    // Markdown source: `\\\\` is one escaped backslash each, `<…>` lets a tab in.
    for (const [typed, reached] of [
      ['/\\evil.example/login', 'https://evil.example/login'],
      ['\\\\\\\\evil.example/login', 'https://evil.example/login'],
      ['</\t/evil.example/login>', 'https://evil.example/login'],
      ['//evil.example/login', 'https://evil.example/login'],
      ['<ht\ttps://evil.example/>', 'https://evil.example/'],
      ['http:/\\evil.example/', 'http://evil.example/'],
    ] as const) {
      const link = hrefOf(typed);
      expect(link?.[1], typed).toBe(reached);
      expect(link?.[2], typed).toBe(' rel="noopener noreferrer"');
    }
  });

  it('refuses a path whose first segment decodes to a slash or backslash, and script schemes split by a tab', () => {
    for (const typed of [
      '/%5cevil.example/x',
      '/%5Cevil.example',
      '/%2fevil.example',
      '/%2F%2Fevil.example',
      '<java\tscript:alert(1)>',
      '/%E0%A4%A',
    ]) {
      const html = renderMarkdown(`[x](${typed})`);
      expect(html, typed).not.toContain('<a ');
      expect(html, typed).toContain('x');
    }
    expect(renderMarkdown('![p](/\\evil.example/pixel.png)')).toContain(
      'src="https://evil.example/pixel.png"',
    );
  });

  it('keeps site paths, fragments and mail links on the site, written as the browser reads them', () => {
    expect(hrefOf('/courses/cloud?batch=1#fees')?.slice(1)).toEqual(['/courses/cloud?batch=1#fees', '']);
    expect(hrefOf('/a/../contact')?.slice(1)).toEqual(['/contact', '']);
    expect(hrefOf('#fees')?.slice(1)).toEqual(['#fees', '']);
    expect(hrefOf('mailto:training@delta.example')?.slice(1)).toEqual(['mailto:training@delta.example', '']);
    // A path relative to the page showing it has no fixed meaning: shown as text, as before.
    expect(renderMarkdown('[x](courses/cloud)')).not.toContain('<a ');
  });
});
