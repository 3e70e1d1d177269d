// What each state allows (issues 27 and 29): correcting only once paid and before a decision,
// withdrawing before a decision (paid or not), an unpaid application's expiry, a refusal's reasons,
// an officer's question, screening's work, the office's cases — every state against every
// predicate, as a table; a state this build does not know allows nothing.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATES,
  type ApplicationState,
  asksTraveller,
  awaitsOfficer,
  awaitsPayment,
  awaitsReview,
  awaitsScreening,
  boardingStanding,
  expiredUnpaid,
  isAuthorizationDenied,
  isAuthorized,
  isBeforeDecision,
  isBeforeScreeningResult,
  isCorrectable,
  isRefused,
  isReplaced,
  isRevoked,
  isUnderReview,
  isWithdrawable,
  isWithOffice,
} from '../src/index.ts';

const PREDICATES = {
  isBeforeDecision,
  awaitsPayment,
  isCorrectable,
  isWithdrawable,
  expiredUnpaid,
  isAuthorized,
  isRefused,
  isRevoked,
  isReplaced,
  isAuthorizationDenied,
  isUnderReview,
  awaitsReview,
  asksTraveller,
  awaitsScreening,
  isBeforeScreeningResult,
  awaitsOfficer,
  isWithOffice,
};
type Name = keyof typeof PREDICATES;

const TRUE_IN: Record<Name, ApplicationState[]> = {
  isBeforeDecision: ['awaiting_payment', 'submitted', 'screening', 'in_review', 'info_requested'],
  awaitsPayment: ['awaiting_payment'],
  isCorrectable: ['submitted', 'screening', 'in_review', 'info_requested'],
  isWithdrawable: ['awaiting_payment', 'submitted', 'screening', 'in_review', 'info_requested'],
  expiredUnpaid: ['expired'],
  isAuthorized: ['approved'],
  isRefused: ['refused'],
  isRevoked: ['revoked'],
  isReplaced: ['replaced'],
  isAuthorizationDenied: ['refused', 'revoked', 'review_requested'],
  isUnderReview: ['review_requested'],
  awaitsReview: ['review_requested'],
  asksTraveller: ['info_requested'],
  awaitsScreening: ['submitted'],
  isBeforeScreeningResult: ['submitted', 'screening'],
  awaitsOfficer: ['in_review'],
  isWithOffice: ['in_review', 'info_requested'],
};

const NAMES = Object.keys(PREDICATES) as Name[];

describe('the states’ predicates', () => {
  it.each(NAMES.flatMap((name) => APPLICATION_STATES.map((state) => [name, state] as const)))(
    '%s(%s)',
    (name, state) => {
      expect(PREDICATES[name](state)).toBe(TRUE_IN[name].includes(state));
    },
  );

  it.each(NAMES.flatMap((name) => ['', 'APPROVED', 'in review', 'draft'].map((s) => [name, s])))(
    '%s(%j) of a state this build does not know is false',
    (name, state) => {
      expect(PREDICATES[name as Name](state)).toBe(false);
    },
  );
});

describe('boardingStanding', () => {
  it('a replaced authorization is none at the check-in desk, as a withdrawn one', () => {
    expect(boardingStanding('replaced')).toBe('none');
    expect(boardingStanding('approved')).toBe('authorized');
  });
});
