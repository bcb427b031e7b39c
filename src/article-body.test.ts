/**
 * An article's body at build time: code coloured by Shiki with classes the stylesheet defines, tables in
 * their scrolling region, uploaded pictures kept, and every script vector of a stored body inert.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CODE_THEME, codeLanguages, colourClass, renderArticleBody, themeColours } from './article-body.ts';
import { processMemo } from './server/process-memo.ts';

const css = readFileSync(new URL('./styles/articles.css', import.meta.url), 'utf8');

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('renderArticleBody', () => {
  it('highlights with one highlighter per process, whichever copy of the module renders (a rebuild bundles anew)', async () => {
    const source = '```ts\nconst seats: number = 12;\n```';
    const html = await renderArticleBody(source);
    vi.resetModules();
    const fresh = await import('./article-body.ts');
    expect(await fresh.renderArticleBody(source)).toBe(html);
    const made = processMemo<Promise<unknown>>('shiki-highlighters', 4).get(CODE_THEME, () => {
      throw new Error('a second highlighter was asked for');
    });
    await expect(made).resolves.toBeDefined();
  });

  it('colours a fenced code block with classes, escaping the code', async () => {
    const html = await renderArticleBody('```python\nprint("<b>hi</b>")  # say hi\n```');
    expect(html).toContain('<pre class="code" tabindex="0"><code class="shiki" data-lang="python">');
    expect(html).toMatch(/<span class="tk-[0-9a-f]{6}">print<\/span>/);
    expect(html).toContain('&#60;b&#62;hi&#60;/b&#62;');
    expect(html).not.toContain('<b>');
    // No inline style: the pages' CSP would drop it.
    expect(html).not.toContain('style=');
  });

  it('shows a block in an unknown or no language as plain escaped code', async () => {
    const html = await renderArticleBody('```klingon\n<script>x</script>\n```\n\n    indented <i>');
    expect(html).toContain(
      '<pre class="code" tabindex="0"><code>&#60;script&#62;x&#60;/script&#62;</code></pre>',
    );
    expect(html).toContain('<pre class="code" tabindex="0"><code>indented &#60;i&#62;');
    expect(html).not.toContain('tk-');
  });

  it('renders a table in a focusable scrolling region, and an uploaded picture by its /uploads address', async () => {
    const html = await renderArticleBody(
      '| Attempt | Result |\n| --- | --- |\n| 1 | Flag |\n\n![The lab](/uploads/courses/0123456789abcdef0123456789abcdef.webp)',
    );
    expect(html).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(html).toContain('<td>Flag</td>');
    expect(html).toContain('</table></div>');
    expect(html).toContain(
      '<img src="/uploads/courses/0123456789abcdef0123456789abcdef.webp" alt="The lab" loading="lazy" decoding="async">',
    );
  });

  it('keeps every script vector of a stored body inert', async () => {
    const html = await renderArticleBody(
      [
        '<script>window.__xss=1</script>',
        '<img src=x onerror=window.__xss=1>',
        '[click](javascript:window.__xss=1) [data](data:text/html,<script>1</script>)',
        '![p](javascript:alert(1)) <a href="javascript:alert(1)">a</a> <svg onload=alert(1)>',
        '```html\n<script>alert(1)</script>\n```',
        '| <b onmouseover=alert(1)>x</b> |\n| --- |\n| <iframe src=javascript:alert(1)> |',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(
      /<script|<img src=x|<svg|<iframe|<b |href="javascript|src="javascript|href="data/i,
    );
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
    expect(html).toContain('&#60;script&#62;window.__xss=1&#60;/script&#62;');
  });

  it('finds the languages its code blocks name', () => {
    expect(codeLanguages('```ts\na\n```\n~~~ Python\nb\n~~~\n```nope\n```\n```ts\n```')).toEqual([
      'ts',
      'python',
    ]);
  });

  it('has a stylesheet class for every colour of the theme, each readable on the white code background', async () => {
    const colours = await themeColours();
    expect(colours.length).toBeGreaterThan(5);
    for (const colour of colours) {
      const rule = new RegExp(`\\.${colourClass(colour)}\\s*\\{\\s*color:\\s*${colour}`, 'i');
      expect(css, colour).toMatch(rule);
    }
    // The theme's text colours (the near-white ones are backgrounds of its diff scopes, never text on white).
    for (const colour of colours.filter((value) => contrast(value, '#ffffff') > 2))
      expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
  });
});
