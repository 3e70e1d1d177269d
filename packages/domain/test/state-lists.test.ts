// The lists of states the server's queries read (issue 29: no query names a state itself), the
// state a new application starts in, and the state the office receives it in, as tables.
import { describe, expect, it } from 'vitest';
import {
  DECISION_STATES,
  initialState,
  OFFICE_HIDDEN_STATES,
  OFFICE_WAITING_STATES,
  PAYMENT_WAITING_STATES,
  RECEIVED_STATE,
  SCREENING_STATES,
  statesWhere,
} from '../src/index.ts';

describe('the lists of states queries read', () => {
  it.each([
    ['SCREENING_STATES', SCREENING_STATES, ['submitted', 'screening']],
    ['OFFICE_WAITING_STATES', OFFICE_WAITING_STATES, ['in_review', 'info_requested']],
    ['PAYMENT_WAITING_STATES', PAYMENT_WAITING_STATES, ['awaiting_payment']],
    ['OFFICE_HIDDEN_STATES', OFFICE_HIDDEN_STATES, ['awaiting_payment', 'expired']],
    ['DECISION_STATES', DECISION_STATES, ['approved', 'refused']],
  ] as const)('%s is %j', (_, list, expected) => {
    expect(list).toEqual(expected);
  });

  it('statesWhere keeps the states that pass, in their order', () => {
    expect(statesWhere((s) => s.startsWith('in') || s === 'approved')).toEqual([
      'approved',
      'in_review',
      'info_requested',
    ]);
    expect(statesWhere(() => false)).toEqual([]);
  });
});

describe('where an application starts', () => {
  it.each([
    [true, 'awaiting_payment'],
    [false, 'submitted'],
  ] as const)('fee due %s → %s', (feeDue, state) => {
    expect(initialState(feeDue)).toBe(state);
  });

  it('the office receives it once paid: submitted', () => {
    expect(RECEIVED_STATE).toBe('submitted');
  });
});
