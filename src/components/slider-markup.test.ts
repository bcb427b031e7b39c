import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../lib/messages.ts';
import { ISLAND_COPY } from '../lib/public-copy.ts';
import type { CarouselSlide } from './carousel-markup.ts';
import { sliderBody, sliderFingerprint, toggleFace } from './slider-markup.ts';

const slide = (n: number, extra: Partial<CarouselSlide> = {}): CarouselSlide => ({
  _id: `id${n}`,
  title: `Slide ${n}`,
  image: `/uploads/content/${String(n).repeat(32)}.webp`,
  imageWidth: 1600,
  imageHeight: 900,
  ...extra,
});
const three = [slide(1), slide(2), slide(3)];
const slides = (markup: string) => markup.split(/<div class="slide(?=[ "])/).slice(1);

describe('sliderBody', () => {
  it('shows the first slide with its picture first in line; the others keep theirs inert until the load', () => {
    const markup = sliderBody({ phase: 'loaded', items: three }, 'content');
    const [first, second, third] = slides(markup);
    expect(first).toMatch(/^ is-active" aria-hidden="false" data-slide="0"><img /);
    expect(first).toContain('loading="eager"');
    expect(first).toContain('fetchpriority="high"');
    expect(first).toContain('width="1600" height="900"');
    expect(first).toContain('sizes="100vw"');
    expect(first).toContain('<div class="slide__caption"><h2>Slide 1</h2></div>');
    expect(second).toMatch(/^" aria-hidden="true" data-slide="1"><template><img [^>]*loading="lazy"/);
    expect(second).not.toContain('fetchpriority');
    expect(third).toContain('data-slide="2"><template><img ');
  });

  it('draws the dots and the pause button with more than one slide, and neither with one', () => {
    const markup = sliderBody({ phase: 'loaded', items: three }, 'content');
    expect(markup.match(/class="slider__dot( is-active)?"/g)).toEqual([
      'class="slider__dot is-active"',
      'class="slider__dot"',
      'class="slider__dot"',
    ]);
    expect(markup).toContain(
      `<button type="button" class="icon-btn" data-toggle>${toggleFace(false)}</button>`,
    );
    expect(toggleFace(false)).toContain(ISLAND_COPY.pauseSlider);
    expect(toggleFace(true)).toContain(ISLAND_COPY.playSlider);
    const single = sliderBody({ phase: 'loaded', items: [slide(1)] }, 'content');
    expect(single).not.toContain('slider__controls');
    expect(single).not.toContain('<template>');
  });

  it('writes what staff typed as text and attribute values, never as markup', () => {
    const hostile = `<img src=x onerror="alert(1)">'&`;
    const markup = sliderBody(
      { phase: 'loaded', items: [slide(1, { title: hostile, alt: `" onload="alert(2)` })] },
      'content',
    );
    expect(markup).not.toContain('<img src=x');
    expect(markup).toContain('<h2>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;</h2>');
    expect(markup).toContain('alt="&quot; onload=&quot;alert(2)"');
  });

  it('stands the loading, error and empty states in the slides’ place, named by data-state', () => {
    expect(sliderBody({ phase: 'loading' }, 'content')).toBe(
      `<div class="slider-state" data-state="loading"><p class="state" role="status">${ISLAND_COPY.loadingContent}</p></div>`,
    );
    expect(sliderBody({ phase: 'error', error: 'Failed <b>' }, 'content')).toBe(
      '<div class="slider-state" data-state="error"><p class="state state--error" role="alert">Failed &lt;b&gt;</p></div>',
    );
    expect(sliderBody({ phase: 'loaded', items: [] }, 'content')).toBe(
      `<div class="slider-state" data-state="empty"><p class="state" role="status">${PUBLIC.emptyContent}</p></div>`,
    );
  });
});

describe('sliderFingerprint', () => {
  it('is the same for the same slides and changes with anything drawn', () => {
    const baked = sliderFingerprint(three, 'content');
    expect(
      sliderFingerprint(
        three.map((item) => ({ ...item })),
        'content',
      ),
    ).toBe(baked);
    expect(sliderFingerprint([three[0]!, three[1]!, slide(3, { title: 'Slide 3!' })], 'content')).not.toBe(
      baked,
    );
    expect(sliderFingerprint([three[0]!, three[1]!, slide(3, { imageWidth: 1200 })], 'content')).not.toBe(
      baked,
    );
    expect(sliderFingerprint(three.slice(0, 2), 'content')).not.toBe(baked);
    expect(sliderFingerprint([three[1]!, three[0]!, three[2]!], 'content')).not.toBe(baked);
  });
});
