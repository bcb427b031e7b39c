import { describe, expect, it } from 'vitest';
import { balanceOf, feeDue, financialYear, receiptNumber, upiAmount, upiLink } from './fees.ts';

describe('fees', () => {
  const course = { fee: 2_500_000 };
  // Early bird until 30 November 2026 (IST), stored as the UTC instant of its IST midnight.
  const batch = {
    feeOverride: 2_200_000,
    earlyBirdFee: 2_000_000,
    earlyBirdUntil: '2026-11-29T18:30:00.000Z',
  };

  it('charges the early-bird fee through its last IST day, then the batch’s fee, else the course’s', () => {
    expect(feeDue(batch, course, '2026-11-30')).toBe(2_000_000);
    expect(feeDue(batch, course, '2026-12-01')).toBe(2_200_000);
    expect(feeDue({}, course, '2026-12-01')).toBe(2_500_000);
    expect(feeDue({ earlyBirdFee: 1_000 }, course, '2026-12-01')).toBe(2_500_000);
    expect(feeDue({}, {}, '2026-12-01')).toBeNull();
  });

  it('writes the UPI link with the amount in rupees and the reference as its note, every value encoded', () => {
    expect(upiAmount(2_500_000)).toBe('25000.00');
    expect(upiAmount(1_250_050)).toBe('12500.50');
    expect(
      upiLink({ vpa: 'delta@okicici', payee: 'Delta & Co', paise: 1_250_005, reference: 'DS-ABCD-2345' }),
    ).toBe('upi://pay?pa=delta%40okicici&pn=Delta%20%26%20Co&am=12500.05&cu=INR&tn=DS-ABCD-2345');
  });

  it('nets refunds against payments and says what is still due', () => {
    const entry = (kind: 'payment' | 'refund', amount: number) => ({ kind, amount });
    expect(balanceOf({ fee: 2_000_000 })).toEqual({
      fee: 2_000_000,
      paid: 0,
      due: 2_000_000,
      settled: false,
    });
    expect(balanceOf({ fee: 2_000_000, payments: [entry('payment', 2_000_000)] })).toMatchObject({
      due: 0,
      settled: true,
    });
    expect(
      balanceOf({ fee: 2_000_000, payments: [entry('payment', 2_000_000), entry('refund', 500_000)] }),
    ).toMatchObject({ paid: 1_500_000, due: 500_000, settled: false });
    expect(balanceOf({ payments: [entry('payment', 100)] })).toMatchObject({
      fee: null,
      due: null,
      settled: true,
    });
  });

  it('numbers receipts per Indian financial year (April to March)', () => {
    expect(financialYear('2026-11-26')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2027-04-01')).toBe('2027-28');
    expect(financialYear('2099-06-01')).toBe('2099-00');
    expect(receiptNumber('2026-27', 7)).toBe('RCPT/2026-27/0007');
    expect(receiptNumber('2026-27', 12345)).toBe('RCPT/2026-27/12345');
  });
});
