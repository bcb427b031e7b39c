import { describe, expect, it } from 'vitest';
import { feeWithGst, gstRegistered, gstTerms, gstWords } from './gst.ts';
import { COURSES_PAGE } from './page-words.ts';

describe('GST words from the one setting', () => {
  it('is registered exactly when a GSTIN is set', () => {
    expect(gstRegistered('27AAPFU0939F1ZV')).toBe(true);
    for (const gstin of ['', '   ', undefined, null]) expect(gstRegistered(gstin)).toBe(false);
  });

  it('says nothing of GST without a GSTIN, whatever the course says; with one, the course’s own words', () => {
    expect(gstTerms('', true)).toBe('unregistered');
    expect(gstWords('', true)).toBe('');
    expect(gstWords('', false)).toBe('');
    expect(gstWords('27AAPFU0939F1ZV', true)).toBe(COURSES_PAGE.gstIncluded);
    expect(gstWords('27AAPFU0939F1ZV', false)).toBe(COURSES_PAGE.gstExtra);
    expect(gstWords('27AAPFU0939F1ZV', undefined)).toBe(COURSES_PAGE.gstExtra);
    expect(feeWithGst('₹18,500', '')).toBe('₹18,500');
    expect(feeWithGst('₹18,500', COURSES_PAGE.gstExtra)).toBe('₹18,500 + GST');
  });
});
