import { describe, expect, it } from 'vitest';
import { FALLBACK_IMAGE, contentImageAttributes, imageSrcSet, resolveImageUrl } from './image-url.ts';

const HASH = '0123456789abcdef0123456789abcdef';

describe('resolveImageUrl (spec: image paths)', () => {
  it('uses http values as they are, prefixes paths, and files bare names under the family folder', () => {
    expect(resolveImageUrl('https://cdn.example.in/a.jpg', 'services')).toBe('https://cdn.example.in/a.jpg');
    expect(resolveImageUrl(`/uploads/content/${HASH}.webp`, 'content', 'https://api.example.in')).toBe(
      `https://api.example.in/uploads/content/${HASH}.webp`,
    );
    expect(resolveImageUrl('legacy.jpg', 'careers')).toBe('/uploads/careers/legacy.jpg');
    expect(resolveImageUrl(undefined, 'careers')).toBe(FALLBACK_IMAGE);
  });
});

describe('contentImageAttributes', () => {
  it('gives our uploads a srcset with sizes, lazy loading and a reserved box', () => {
    expect(contentImageAttributes({ value: `${HASH}.webp`, folder: 'services', sizes: '50vw' })).toEqual({
      src: `/uploads/services/${HASH}.webp`,
      srcset: imageSrcSet(`${HASH}.webp`, 'services'),
      sizes: '50vw',
      width: 1200,
      height: 800,
      loading: 'lazy',
      decoding: 'async',
      fetchpriority: undefined,
      'data-fallback': FALLBACK_IMAGE,
    });
  });

  it('loads the priority image eagerly, and gives external pictures neither srcset nor sizes', () => {
    const attributes = contentImageAttributes({
      value: 'https://cdn.example.in/a.jpg',
      folder: 'content',
      sizes: '100vw',
      width: 640,
      height: 480,
      priority: true,
    });
    expect(attributes).toMatchObject({ srcset: undefined, sizes: undefined, width: 640, height: 480 });
    expect(attributes).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
  });
});

describe('imageSrcSet', () => {
  it('offers 400, 800 and 1200 px, and a 1920 px file for full-width pictures only (the home slider)', () => {
    expect(imageSrcSet(`${HASH}.webp`, 'services')).toBe(
      `/uploads/services/${HASH}-400.webp 400w, /uploads/services/${HASH}-800.webp 800w, /uploads/services/${HASH}.webp 1200w`,
    );
    expect(imageSrcSet(`/uploads/content/${HASH}.webp`, 'content')).toBe(
      `/uploads/content/${HASH}-400.webp 400w, /uploads/content/${HASH}-800.webp 800w, /uploads/content/${HASH}.webp 1200w, /uploads/content/${HASH}-1920.webp 1920w`,
    );
    expect(imageSrcSet(`${HASH}.webp`, 'careers')).not.toContain('1920w');
  });
});
