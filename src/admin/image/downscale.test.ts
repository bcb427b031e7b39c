import { describe, expect, it } from 'vitest';
import { fitWithin, isImageFile } from './downscale.ts';

describe('fitWithin (1200 × 1200, aspect kept, never enlarged)', () => {
  it('scales the longer side down to the bound', () => {
    expect(fitWithin(4000, 3000, 1200)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin(1000, 2400, 1200)).toEqual({ width: 500, height: 1200 });
    expect(fitWithin(1600, 1000, 1200)).toEqual({ width: 1200, height: 750 });
  });

  it('leaves smaller images as they are', () => {
    expect(fitWithin(800, 600, 1200)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1200, 1200, 1200)).toEqual({ width: 1200, height: 1200 });
  });

  it('never rounds a side to zero', () => {
    expect(fitWithin(10_000, 1, 1200)).toEqual({ width: 1200, height: 1 });
  });
});

describe('isImageFile', () => {
  it('accepts only types starting with image/', () => {
    expect(isImageFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBe(true);
    expect(isImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(false);
    expect(isImageFile(new File(['x'], 'a.jpg', { type: '' }))).toBe(false);
    expect(isImageFile(undefined)).toBe(false);
  });
});
