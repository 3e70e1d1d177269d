// The states of an application's life (issue 10) and the request status each one shows in the
// jsonForm's reqStatusId. SPEC gives only 1 'Submitted'; ids 2–7 are ours
// (docs/decisions/017-lifecycle.md).
import { REQUEST_STATUS } from '../constants.ts';

export const APPLICATION_STATES = [
  'submitted',
  'screening',
  'approved',
  'in_review',
  'refused',
  'info_requested',
  'withdrawn',
  'revoked',
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
  revoked: { id: 8, Description: 'Revoked' },
};

/** States in which a decision has been made: nothing moves them any more. */
const FINAL_STATES: readonly ApplicationState[] = ['approved', 'refused', 'withdrawn', 'revoked'];

/** States before a decision: the traveller may still withdraw. */
export const isBeforeDecision = (state: ApplicationState): boolean => !FINAL_STATES.includes(state);

/**
 * What an application's state means at a carrier's check-in desk (issue 28): an authorization that
 * holds, one not decided yet (submitted, unpaid, screened, in review), refused, revoked, or none
 * (withdrawn, or any other closed state).
 */
export type BoardingStanding = 'authorized' | 'pending' | 'refused' | 'revoked' | 'none';

export const boardingStanding = (state: ApplicationState): BoardingStanding => {
  if (state === 'approved') return 'authorized';
  if (state === 'refused') return 'refused';
  if (state === 'revoked') return 'revoked';
  return isBeforeDecision(state) ? 'pending' : 'none';
};

/** Refused or revoked: the traveller may not travel on it, and reads why (refusal reasons). */
export const isAuthorizationDenied = (state: string): boolean =>
  state === 'refused' || state === 'revoked';
