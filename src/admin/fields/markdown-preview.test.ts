/**
 * The editor's preview renders through the site's own renderer: a stored XSS payload is as inert in
 * the admin, where a session is open, as on a public page.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../lib/markdown.ts';
import { MARKDOWN_EDITOR } from '../../lib/staff-messages.ts';
import { MarkdownPreview } from './MarkdownPreview.tsx';

const PAYLOAD = [
  '# Heading',
  '',
  '<script>alert("script")</script>',
  '',
  '<img src=x onerror="alert(1)">',
  '',
  '[a javascript: link](javascript:alert(2)) and [a data: link](data:text/html,<b>x</b>)',
  '',
  '<a href="javascript:alert(3)" onclick="alert(4)">raw anchor</a>',
  '',
  '![picture with a handler](javascript:alert(5) "t\\" onerror=\\"alert(6)")',
  '',
  '[a real link](https://example.com) and a **bold** word.',
].join('\n');

const preview = (source: string) =>
  renderToStaticMarkup(createElement(MarkdownPreview, { id: 'p', label: 'Body', source, hidden: false }));

describe('MarkdownPreview', () => {
  it('shows the markdown as the site renders it', () => {
    const html = preview('# Heading\n\nSome **bold** text.');
    expect(html).toContain(
      `<p id="p-heading" class="markdown-preview-heading">${MARKDOWN_EDITOR.preview('Body')}</p>`,
    );
    expect(html).toContain(renderMarkdown('# Heading\n\nSome **bold** text.'));
    expect(html).toContain('<strong>bold</strong>');
  });

  it('leaves a script, a javascript: or data: address and event handlers inert', () => {
    const html = preview(PAYLOAD);
    // Raw HTML is shown as text, never as elements.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<a[^>]*onclick/i);
    const attributes = [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap((tag) =>
      [...tag[0].matchAll(/\s([a-z-]+)=/gi)].map((attribute) => attribute[1]!.toLowerCase()),
    );
    expect(attributes.length).toBeGreaterThan(5);
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(html).toContain('&#60;script&#62;alert(&#34;script&#34;)');
    // No address but the safe one.
    expect(html).not.toMatch(/(?:href|src)="(?:javascript|data):/i);
    expect([...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1])).toEqual([
      'https://example.com',
    ]);
    expect(html).toContain('<strong>bold</strong>');
  });

  it('says so when there is nothing to show', () => {
    expect(preview('  \n')).toContain(MARKDOWN_EDITOR.previewEmpty);
  });
});
