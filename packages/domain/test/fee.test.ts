// SPEC §1/§9: a fee of 25 NIS, waived during the pilot that runs to 01/01/2025. One parameter
// (PILOT_END_DATE) decides whether a traveller is told the fee is waived.
import { describe, expect, it } from 'vitest';
import { FEE_NIS, isFeeWaived, PILOT_END_DATE } from '../src/index.ts';

describe('§9 fee and pilot end', () => {
  it('§9 the fee is 25 NIS and the pilot ends on 2025-01-01', () => {
    expect(FEE_NIS).toBe(25);
    expect(PILOT_END_DATE).toBe('2025-01-01');
  });

  it('§9 the fee is waived only before the pilot end day', () => {
    expect(isFeeWaived('2024-12-31')).toBe(true);
    expect(isFeeWaived(PILOT_END_DATE)).toBe(false);
    expect(isFeeWaived('2026-11-24')).toBe(false);
  });

  it('§9 a later pilot end (the one parameter) waives the fee again', () => {
    expect(isFeeWaived('2026-11-24', '2027-01-01')).toBe(true);
  });
});
