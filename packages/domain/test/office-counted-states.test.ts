// Which states the payment-deadline job works on and which the back office counts (issue 27):
// an application waiting for its fee, or expired unpaid, is never the office's.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATES,
  OFFICE_COUNTED_STATES,
  OFFICE_WAITING_STATES,
  PAYMENT_WAITING_STATES,
} from '../src/index.ts';

describe('states of the fee', () => {
  it('the payment-deadline job works on awaiting_payment only', () => {
    expect(PAYMENT_WAITING_STATES).toEqual(['awaiting_payment']);
  });

  it.each([
    ['awaiting_payment', false],
    ['expired', false],
    ['submitted', true],
    ['screening', true],
    ['approved', true],
    ['in_review', true],
    ['refused', true],
    ['info_requested', true],
    ['withdrawn', true],
  ] as const)('the office counts %s: %s', (state, counted) => {
    expect(OFFICE_COUNTED_STATES.includes(state)).toBe(counted);
  });

  it('every state is either counted by the office or unpaid, and the queue is within the counted', () => {
    expect(OFFICE_COUNTED_STATES.length + 2).toBe(APPLICATION_STATES.length);
    for (const state of OFFICE_WAITING_STATES) expect(OFFICE_COUNTED_STATES).toContain(state);
  });
});
