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
