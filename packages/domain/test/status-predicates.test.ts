// What /status offers in each state (issue 27): correcting only once paid and before a decision,
// withdrawing before a decision (paid or not), an unpaid application's expiry, a refusal's reasons,
// an officer's question — every state against every predicate, as a table.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATES,
  type ApplicationState,
  asksTraveller,
  awaitsPayment,
  expiredUnpaid,
  isCorrectable,
  isRefused,
  isWithdrawable,
} from '../src/index.ts';

const PREDICATES = {
  awaitsPayment,
  isCorrectable,
  isWithdrawable,
  expiredUnpaid,
  isRefused,
  asksTraveller,
};
type Name = keyof typeof PREDICATES;

const TRUE_IN: Record<Name, ApplicationState[]> = {
  awaitsPayment: ['awaiting_payment'],
  isCorrectable: ['submitted', 'screening', 'in_review', 'info_requested'],
  isWithdrawable: ['awaiting_payment', 'submitted', 'screening', 'in_review', 'info_requested'],
  expiredUnpaid: ['expired'],
  isRefused: ['refused'],
  asksTraveller: ['info_requested'],
};

describe('the states’ predicates', () => {
  it.each(
    (Object.keys(PREDICATES) as Name[]).flatMap((name) =>
      APPLICATION_STATES.map((state) => [name, state] as const),
    ),
  )('%s(%s)', (name, state) => {
    expect(PREDICATES[name](state)).toBe(TRUE_IN[name].includes(state));
  });
});
