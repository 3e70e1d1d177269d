// The fee as a parameter (issue 27): per traveller, once for a family, in agorot for the provider;
// due from FEE_WAIVED_UNTIL on; the reminder and the expiry of an unpaid application.
import { describe, expect, it } from 'vitest';
import {
  awaitsPayment,
  feeFor,
  isCorrectable,
  isFeeDue,
  paymentExpiresAt,
  paymentReminderAt,
} from '../src/index.ts';

describe('the fee', () => {
  it.each([
    [1, 25, 2500],
    [3, 75, 7500],
    [10, 250, 25000],
  ])('%i traveller(s) pay %i NIS once (%i agorot)', (travellers, amount, amountMinor) => {
    expect(feeFor(travellers)).toEqual({ amount, amountMinor, currency: 'ILS' });
  });

  it('no traveller, or a part of one, has no fee', () => {
    expect(() => feeFor(0)).toThrow(RangeError);
    expect(() => feeFor(1.5)).toThrow(RangeError);
  });

  it.each([
    ['2024-12-31', '2025-01-01', false],
    ['2025-01-01', '2025-01-01', true],
    ['2026-11-27', '2025-01-01', true],
    ['2026-11-27', '2027-01-01', false],
  ])('on %s with the waiver until %s the fee is due: %s', (today, until, due) => {
    expect(isFeeDue(today, until)).toBe(due);
  });

  it('an unpaid application is reminded after 24 hours and expires after 7 days', () => {
    const submitted = new Date('2026-11-27T10:00:00Z');
    expect(paymentReminderAt(submitted).toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(paymentExpiresAt(submitted).toISOString()).toBe('2026-12-04T10:00:00.000Z');
  });

  it('an unpaid application awaits payment and cannot be corrected; a paid one can', () => {
    expect(awaitsPayment('awaiting_payment')).toBe(true);
    expect(isCorrectable('awaiting_payment')).toBe(false);
    expect(isCorrectable('submitted')).toBe(true);
    expect(isCorrectable('expired')).toBe(false);
  });
});
