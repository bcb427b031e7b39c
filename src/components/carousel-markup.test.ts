import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../lib/messages.ts';
import { ISLAND_COPY } from '../lib/public-copy.ts';
import { carouselBody, slideClass, slidesFingerprint, type CarouselSlide } from './carousel-markup.ts';

const slide = (n: number, extra: Partial<CarouselSlide> = {}): CarouselSlide => ({
  _id: `id${n}`,
  title: `Slide ${n}`,
  image: `/uploads/content/${String(n).repeat(32)}.webp`,
  imageWidth: 1200,
  imageHeight: 800,
  ...extra,
});
const four = [slide(1), slide(2), slide(3), slide(4)];
const figures = (markup: string) => markup.split('<figure').slice(1);

describe('slideClass', () => {
  it('marks the active slide and its neighbours, wrapping around; two slides have no previous', () => {
    expect([0, 1, 2, 3].map((position) => slideClass(position, 0, 4))).toEqual([
      'carousel__slide is-active',
      'carousel__slide is-next',
      'carousel__slide',
      'carousel__slide is-prev',
    ]);
    expect([0, 1].map((position) => slideClass(position, 1, 2))).toEqual([
      'carousel__slide is-next',
      'carousel__slide is-active',
    ]);
  });
});

describe('carouselBody', () => {
  it('draws every slide; the ones off screen keep their picture inert in a template', () => {
    const shown = figures(carouselBody({ phase: 'loaded', items: four }, 'content', 0));
    expect(shown).toHaveLength(4);
    expect(shown[0]).toContain(
      'class="card carousel__slide is-active" aria-hidden="false" data-slide="0"><img ',
    );
    expect(shown[0]).toContain('loading="eager"');
    expect(shown[0]).toContain('fetchpriority="high"');
    expect(shown[1]).toContain('aria-hidden="true" data-slide="1"><img ');
    expect(shown[1]).toContain('loading="lazy"');
    expect(shown[2]).toContain('data-slide="2"><template><img ');
    expect(shown[3]).toContain('is-prev" aria-hidden="true" data-slide="3"><img ');
    expect(shown[0]).toContain('<h2 class="carousel__title">Slide 1</h2>');
  });

  it('writes what staff typed as text and attribute values, never as markup', () => {
    const hostile = `<img src=x onerror="alert(1)">'&`;
    const markup = carouselBody(
      { phase: 'loaded', items: [slide(1, { title: hostile, alt: `" onload="alert(2)` })] },
      'content',
      0,
    );
    expect(markup).not.toContain('<img src=x');
    expect(markup).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;</h2>');
    expect(markup).toContain('alt="&quot; onload=&quot;alert(2)"');
  });

  it('stands the loading, error and empty states in the track’s place', () => {
    expect(carouselBody({ phase: 'loading' }, 'content', 0)).toBe(
      `<p class="state" role="status">${ISLAND_COPY.loadingContent}</p>`,
    );
    expect(carouselBody({ phase: 'error', error: 'Failed <b>' }, 'content', 0)).toBe(
      '<p class="state state--error" role="alert">Failed &lt;b&gt;</p>',
    );
    expect(carouselBody({ phase: 'loaded', items: [] }, 'content', 0)).toBe(
      `<p class="state">${PUBLIC.emptyContent}</p>`,
    );
  });
});

describe('slidesFingerprint', () => {
  it('is the same for the same slides and changes with anything drawn', () => {
    const baked = slidesFingerprint(four, 'content');
    expect(
      slidesFingerprint(
        four.map((item) => ({ ...item })),
        'content',
      ),
    ).toBe(baked);
    expect(slidesFingerprint([...four.slice(0, 3), slide(4, { title: 'Slide 4!' })], 'content')).not.toBe(
      baked,
    );
    expect(slidesFingerprint(four.slice(0, 3), 'content')).not.toBe(baked);
    expect(slidesFingerprint([four[1]!, four[0]!, ...four.slice(2)], 'content')).not.toBe(baked);
  });
});
