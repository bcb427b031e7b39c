import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../lib/constants.ts';
import { API } from '../../lib/api-messages.ts';
import { imageRefusal, pictureRefusal } from './accept.ts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('imageRefusal', () => {
  it('takes the formats the server takes', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'])
      expect(imageRefusal(file('a', type), { downscaled: true }), type).toBeNull();
  });

  it("refuses other files with the server's wording: SVG, HEIC, text, no type", () => {
    for (const type of ['image/svg+xml', 'image/heic', 'text/plain', ''])
      expect(imageRefusal(file('a', type), { downscaled: true }), type).toBe(API.notAnImage);
  });

  it('refuses a text file named .png by its bytes: "This file is not a picture" (issue 21.11)', async () => {
    const notes = new File(['Notes, not a picture.'], 'notes.png', { type: 'image/png' });
    expect(imageRefusal(notes, { downscaled: true })).toBeNull();
    expect(await pictureRefusal(notes, { downscaled: true })).toBe(API.notAPicture);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'a.png', {
      type: 'image/png',
    });
    expect(await pictureRefusal(png, { downscaled: true })).toBeNull();
    // The declared type is still checked first, with its own reason.
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', { type: 'image/svg+xml' });
    expect(await pictureRefusal(svg, { downscaled: true })).toBe(API.notAnImage);
  });

  it('refuses a picture over 5 MB only where it is sent as picked', () => {
    const big = file('big.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1);
    expect(imageRefusal(big, { downscaled: false })).toBe(API.payloadTooLarge);
    expect(imageRefusal(big, { downscaled: true })).toBeNull();
    expect(imageRefusal(file('ok.jpg', 'image/jpeg', IMAGE_MAX_BYTES), { downscaled: false })).toBeNull();
  });
});
