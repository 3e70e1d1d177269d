// Which states the payment-deadline job works on and which the back office never counts (issue
// 27): an application waiting for its fee, or expired unpaid, is never the office's.
import { describe, expect, it } from 'vitest';
import {
  OFFICE_HIDDEN_STATES,
  OFFICE_WAITING_STATES,
  PAYMENT_WAITING_STATES,
} from '../src/index.ts';

describe('states of the fee', () => {
  it('the payment-deadline job works on awaiting_payment only', () => {
    expect(PAYMENT_WAITING_STATES).toEqual(['awaiting_payment']);
  });

  it.each([
    ['awaiting_payment', true],
    ['expired', true],
    ['submitted', false],
    ['screening', false],
    ['approved', false],
    ['in_review', false],
    ['refused', false],
    ['info_requested', false],
    ['withdrawn', false],
  ] as const)('the office hides %s: %s', (state, hidden) => {
    expect(OFFICE_HIDDEN_STATES.includes(state)).toBe(hidden);
  });

  it('what the job works on is hidden from the office, and no queued state is hidden', () => {
    for (const state of PAYMENT_WAITING_STATES) expect(OFFICE_HIDDEN_STATES).toContain(state);
    for (const state of OFFICE_WAITING_STATES) expect(OFFICE_HIDDEN_STATES).not.toContain(state);
  });
});
