import { describe, expect, it } from 'vitest';
import { contentFamilies } from '../../lib/collections.ts';
import { ARTICLES_PAGE } from '../../lib/page-words.ts';
import { rendererOf, renderPreview } from './renderers.ts';

describe('the article preview', () => {
  const body = [
    '## Findings',
    '<script>alert(1)</script>',
    '[click](javascript:alert(2))',
    '<img src="x" onerror="alert(3)">',
    '```js',
    'const flag = "</code><script>alert(4)</script>";',
    '```',
  ].join('\n\n');
  const item = {
    _id: 'a1',
    title: 'CTF write-up <b>',
    summary: 'How the cookie gave it away',
    body,
    authorName: 'Asha Rao',
    tags: ['CTF', 'Web'],
  };

  it('is shown in the articles page with its title, author, reading time, tags and body', () => {
    expect(rendererOf(contentFamilies.article).shellPath).toBe('/articles');
    const { title, body: html } = renderPreview(contentFamilies.article, item);
    expect(title).toBe('CTF write-up <b>');
    expect(html).toContain('CTF write-up &lt;b&gt;');
    expect(html).toContain(ARTICLES_PAGE.by('Asha Rao'));
    expect(html).toContain(ARTICLES_PAGE.readingTime(1));
    expect(html).toContain('<li>CTF</li>');
    expect(html).toContain('<h2');
  });

  it('keeps a stored XSS payload inert: no script element, javascript: link or event handler', () => {
    const { body: html } = renderPreview(contentFamilies.article, item);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/<img[^>]* onerror=/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });
});
