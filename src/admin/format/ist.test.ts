import { describe, expect, it } from 'vitest';
import { istDateTime, telHref } from './ist.ts';

describe('request times and phone links', () => {
  it('shows the US numeric date and the time in IST, whatever the machine time zone', () => {
    expect(istDateTime('2025-03-14T15:35:00.000Z')).toBe('3/14/2025, 9:05 PM IST');
    // Past midnight in India while still the day before in UTC.
    expect(istDateTime('2025-03-14T19:00:00.000Z')).toBe('3/15/2025, 12:30 AM IST');
    expect(istDateTime('not a date')).toBe('');
  });

  it('dials digits and a leading plus', () => {
    expect(telHref('+91 98765 43210')).toBe('tel:+919876543210');
    expect(telHref('(022) 555-0100')).toBe('tel:0225550100');
  });
});
