import { describe, expect, it } from 'vitest';
import { hoistIslandStyle, spaceRefreshUrl } from './valid-html.ts';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('hoistIslandStyle', () => {
  it("moves Astro's island <style> from the body to the end of the head, once", () => {
    const page = `<!doctype html><html><head><title>t</title></head><body><main><p>x</p>${STYLE}<script>1</script><astro-island></astro-island></main></body></html>`;
    expect(hoistIslandStyle(page)).toBe(
      `<!doctype html><html><head><title>t</title>${STYLE}</head><body><main><p>x</p><script>1</script><astro-island></astro-island></main></body></html>`,
    );
  });

  it('leaves a page without islands, or one already fixed, as it is', () => {
    const plain = '<html><head></head><body><p>x</p></body></html>';
    expect(hoistIslandStyle(plain)).toBe(plain);
    const fixed = `<html><head>${STYLE}</head><body><p>x</p></body></html>`;
    expect(hoistIslandStyle(fixed)).toBe(fixed);
  });

  it('keeps a single copy when the head already has the rule', () => {
    const both = `<html><head>${STYLE}</head><body>${STYLE}<astro-island></astro-island></body></html>`;
    expect(hoistIslandStyle(both)).toBe(
      `<html><head>${STYLE}</head><body><astro-island></astro-island></body></html>`,
    );
  });
});

describe('spaceRefreshUrl', () => {
  it("writes a redirect page's refresh as HTML asks, with a space after the semicolon", () => {
    const page =
      '<!doctype html><title>Redirecting to: /courses/b</title><meta http-equiv="refresh" content="0;url=/courses/b">';
    expect(spaceRefreshUrl(page)).toBe(
      '<!doctype html><title>Redirecting to: /courses/b</title><meta http-equiv="refresh" content="0; url=/courses/b">',
    );
    expect(spaceRefreshUrl(spaceRefreshUrl(page))).toBe(spaceRefreshUrl(page));
    expect(spaceRefreshUrl('<p>0;url=/x</p>')).toBe('<p>0;url=/x</p>');
  });
});
