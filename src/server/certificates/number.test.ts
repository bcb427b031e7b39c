import { describe, expect, it } from 'vitest';
import { makeSerial, normaliseNumber, randomCrockford, SERIAL_FORMAT } from './number.ts';

describe('certificate numbers (issue 23)', () => {
  it('are DLT-{IST year}-XXXX-XXXX in Crockford base32', () => {
    // 18:30 UTC on 31 December is already 1 January in India.
    const number = makeSerial('DLT', '2025-12-31T18:30:00.000Z');
    expect(number).toMatch(SERIAL_FORMAT);
    expect(number.startsWith('DLT-2026-')).toBe(true);
    expect(makeSerial('DLT', '2025-12-31T18:29:59.000Z').startsWith('DLT-2025-')).toBe(true);
  });

  it('carry 40 random bits: every symbol of the alphabet turns up, I L O U never', () => {
    const seen = new Set(Array.from({ length: 400 }, () => randomCrockford()).join(''));
    expect(seen.size).toBe(32);
    for (const letter of 'ILOU') expect(seen.has(letter)).toBe(false);
    const many = new Set(Array.from({ length: 2000 }, () => makeSerial('DLT', '2026-03-14T00:00:00Z')));
    expect(many.size).toBe(2000);
  });

  it('are found as typed: case and look-alikes forgiven in the random part only', () => {
    expect(normaliseNumber(' dlt-2026-7kq9-m2xo ')).toBe('DLT-2026-7KQ9-M2X0');
    expect(normaliseNumber('dlt-2026-il00-0000')).toBe('DLT-2026-1100-0000');
    expect(normaliseNumber('OLD-0042')).toBe('OLD-0042');
  });
});
