// The states of an application's life (issue 10) and the request status each one shows in the
// jsonForm's reqStatusId. SPEC gives only 1 'Submitted'; ids 2–9 are ours
// (docs/decisions/017-lifecycle.md, 049-the-fee.md). Every "which state allows what" question is
// answered here, never by comparing state names elsewhere (issue 29).
import { REQUEST_STATUS } from '../constants.ts';

export const APPLICATION_STATES = [
  'awaiting_payment',
  'submitted',
  'screening',
  'approved',
  'in_review',
  'refused',
  'info_requested',
  'withdrawn',
  'expired',
  'revoked',
  'review_requested',
  'replaced',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

export const isApplicationState = (value: string): value is ApplicationState =>
  (APPLICATION_STATES as readonly string[]).includes(value);

/** The reqStatusId {id, Description} that mirrors each state in the stored jsonForm. */
export const REQUEST_STATUS_OF: Readonly<
  Record<ApplicationState, { readonly id: number; readonly Description: string }>
> = {
  submitted: REQUEST_STATUS.submitted,
  screening: { id: 2, Description: 'Screening' },
  approved: { id: 3, Description: 'Approved' },
  in_review: { id: 4, Description: 'In review' },
  refused: { id: 5, Description: 'Refused' },
  info_requested: { id: 6, Description: 'Information requested' },
  withdrawn: { id: 7, Description: 'Withdrawn' },
  awaiting_payment: { id: 8, Description: 'Awaiting payment' },
  expired: { id: 9, Description: 'Expired unpaid' },
  revoked: { id: 10, Description: 'Revoked' },
  review_requested: { id: 11, Description: 'Review requested' },
  replaced: { id: 12, Description: 'Replaced' },
};

/** The states that pass `test`, in the order of APPLICATION_STATES (for a query's `state IN`). */
export const statesWhere = (test: (state: ApplicationState) => boolean): ApplicationState[] =>
  APPLICATION_STATES.filter(test);

/**
 * States in which a decision has been made (or the fee never came). Only a second look moves one:
 * a supervisor's revocation of an approval, a traveller's review of a refusal (issue 30), the
 * review's own outcome; nothing the traveller or screening does before a decision applies.
 */
const FINAL_STATES: readonly ApplicationState[] = [
  'approved',
  'refused',
  'withdrawn',
  'expired',
  'revoked',
  'review_requested',
  'replaced',
];

// Every predicate below takes any string: a state this build does not know answers false.

/** States before a decision: the traveller may still withdraw. */
export const isBeforeDecision = (state: string): boolean =>
  isApplicationState(state) && !FINAL_STATES.includes(state);

/** The fee never came within PAYMENT_EXPIRES_AFTER_DAYS: never screened, nothing to pay now. */
export const expiredUnpaid = (state: string): boolean => state === 'expired';

/** Approved: the authorization holds (until it ends), the traveller may download it. */
export const isAuthorized = (state: string): boolean => state === 'approved';

/** Refused: the traveller is shown why, and the way to a visa. */
export const isRefused = (state: string): boolean => state === 'refused';

/** Revoked by a supervisor after an approval (issue 28): no longer valid, and said so. */
export const isRevoked = (state: string): boolean => state === 'revoked';

/**
 * Approved, then ended because the traveller's new passport got its own authorization (issue 31,
 * decision 057): no longer valid; carriers see no authorization ('none').
 */
export const isReplaced = (state: string): boolean => state === 'replaced';

/**
 * Refused, and the traveller asked for a review (issue 30): the refusal stands until a supervisor
 * who took no part in it overturns it.
 */
export const isUnderReview = (state: string): boolean => state === 'review_requested';

/**
 * Refused (a review asked or not) or revoked: the traveller may not travel on it, and reads why
 * (refusal reasons).
 */
export const isAuthorizationDenied = (state: string): boolean =>
  isRefused(state) || isUnderReview(state) || isRevoked(state);

/**
 * The states a decision on a case enters, by screening alone or by staff: approved or refused
 * (the dashboard counts these; a withdrawal, an expiry or a revocation is no decision on a case).
 */
export const DECISION_STATES: readonly ApplicationState[] = statesWhere(
  (state) => isAuthorized(state) || isRefused(state),
);

/**
 * What an application's state means at a carrier's check-in desk (issue 28): an authorization that
 * holds, one not decided yet (submitted, unpaid, screened, in review), refused, revoked, or none
 * (withdrawn, or any other closed state).
 */
export type BoardingStanding = 'authorized' | 'pending' | 'refused' | 'revoked' | 'none';

export const boardingStanding = (state: ApplicationState): BoardingStanding => {
  if (isAuthorized(state)) return 'authorized';
  if (isRefused(state) || isUnderReview(state)) return 'refused';
  if (isRevoked(state)) return 'revoked';
  return isBeforeDecision(state) ? 'pending' : 'none';
};
