import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../lib/markdown.ts';
import { applyChange, pictureInsertion, pictureMarkdown } from './markdown-source.ts';

const URL = '/uploads/markdown/0123456789abcdef0123456789abcdef.webp';

describe('pictureMarkdown', () => {
  it('writes the picture with its alt text', () => {
    expect(pictureMarkdown('A padlock', URL)).toBe(`![A padlock](${URL})`);
  });

  it('escapes what would end the alt text early, and the site renders the alt text as typed', () => {
    const written = pictureMarkdown('  The [admin] panel](javascript:alert(1))\nsecond line ', URL);
    expect(written).toBe(`![The \\[admin\\] panel\\](javascript:alert(1)) second line](${URL})`);
    expect(renderMarkdown(written)).toBe(
      `<p><img src="${URL}" alt="The [admin] panel](javascript:alert(1)) second line" loading="lazy" decoding="async"></p>\n`,
    );
    // A backslash at the end would escape the closing bracket if it were not escaped itself.
    expect(pictureMarkdown('C:\\', URL)).toBe(`![C:\\\\](${URL})`);
    expect(renderMarkdown(pictureMarkdown('C:\\', URL))).toContain(`<img src="${URL}"`);
  });

  it('keeps a space or parenthesis in the address from ending it', () => {
    expect(pictureMarkdown('x', '/a b(c).webp')).toBe('![x](/a%20b%28c%29.webp)');
  });
});

describe('pictureInsertion', () => {
  const insert = (source: string, from: number, to = from) => {
    const change = pictureInsertion(source, from, to, 'Lock', URL);
    const result = applyChange(source, change);
    return { result, cursorText: result.slice(0, change.cursor) };
  };
  const picture = `![Lock](${URL})`;

  it('puts the picture in an empty field, the cursor on the line after it', () => {
    expect(insert('', 0)).toEqual({ result: `${picture}\n`, cursorText: `${picture}\n` });
  });

  it('makes it a paragraph of its own in the middle of a line', () => {
    const { result, cursorText } = insert('Before after', 6);
    expect(result).toBe(`Before\n\n${picture}\n\n after`);
    expect(cursorText).toBe(`Before\n\n${picture}\n`);
  });

  it('adds no blank lines where the text has them already', () => {
    expect(insert('One\n\n\n\nTwo', 5).result).toBe(`One\n\n${picture}\n\nTwo`);
    expect(insert('One\n', 4).result).toBe(`One\n\n${picture}\n`);
    expect(insert('One\nTwo', 4).result).toBe(`One\n\n${picture}\n\nTwo`);
  });

  it('replaces the selection, and holds the cursor inside the text whatever it is given', () => {
    expect(insert('Keep DROP keep', 5, 9).result).toBe(`Keep \n\n${picture}\n\n keep`);
    expect(insert('Keep DROP keep', 9, 5).result).toBe(`Keep \n\n${picture}\n\n keep`);
    expect(insert('Short', 99).result).toBe(`Short\n\n${picture}\n`);
  });
});
