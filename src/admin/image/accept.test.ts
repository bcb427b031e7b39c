import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../lib/constants.ts';
import { API } from '../../lib/api-messages.ts';
import { imageRefusal } from './accept.ts';

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

  it('refuses a picture over 5 MB only where it is sent as picked', () => {
    const big = file('big.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1);
    expect(imageRefusal(big, { downscaled: false })).toBe(API.payloadTooLarge);
    expect(imageRefusal(big, { downscaled: true })).toBeNull();
    expect(imageRefusal(file('ok.jpg', 'image/jpeg', IMAGE_MAX_BYTES), { downscaled: false })).toBeNull();
  });
});
