import { describe, expect, it } from 'vitest';
import { imageSrcSet } from '../../lib/image-url.ts';
import { mainFileName, ownImageHash, parseImageFileName, variantFileName } from './image-names.ts';

const hash = '0123456789abcdef0123456789abcdef';

describe('image names', () => {
  it('parses the main file and the configured variant widths only', () => {
    expect(parseImageFileName(mainFileName(hash))).toEqual({ hash, width: null });
    expect(parseImageFileName(variantFileName(hash, 400))).toEqual({ hash, width: 400 });
    expect(parseImageFileName(variantFileName(hash, 800))).toEqual({ hash, width: 800 });
    for (const name of [
      `${hash}-1200.webp`, // the largest width is the main file
      `${hash}-0400.webp`,
      `${hash}-401.webp`,
      `${hash}.jpg`,
      `${hash.toUpperCase()}.webp`,
      `${hash.slice(1)}.webp`,
      `${hash}0.webp`,
      `../${hash}.webp`,
      `${hash}.webp/..`,
      `${hash}.webp\n`,
      'foo.webp',
      '',
    ]) {
      expect(parseImageFileName(name), name).toBeNull();
    }
  });

  it('finds our hash in stored values of its own folder only', () => {
    expect(ownImageHash('services', `${hash}.webp`)).toBe(hash);
    expect(ownImageHash('content', `/uploads/content/${hash}.webp`)).toBe(hash);
    expect(ownImageHash('content', `uploads/content/${hash}.webp`)).toBe(hash);
    for (const value of [
      `/uploads/careers/${hash}.webp`,
      `/uploads/content/../careers/${hash}.webp`,
      `https://cdn.example.com/${hash}.webp`,
      `http://example.com/uploads/content/${hash}.webp`,
      `${hash}-400.webp`,
      '1699999999-photo.jpg',
      '',
      null,
      undefined,
    ]) {
      expect(ownImageHash('content', value), String(value)).toBeNull();
    }
  });

  it('agrees with the srcset that image-url.ts builds for the browser', () => {
    const srcset = imageSrcSet(mainFileName(hash), 'services');
    expect(srcset).not.toBeNull();
    const names = srcset!.split(', ').map((entry) => entry.split(' ')[0]!.split('/').at(-1)!);
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(parseImageFileName(name)?.hash, name).toBe(hash);
  });
});
