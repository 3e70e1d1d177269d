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
};

/** States in which a decision has been made (or the fee never came): nothing moves them any more. */
const FINAL_STATES: readonly ApplicationState[] = [
  'approved',
  'refused',
  'withdrawn',
  'expired',
  'revoked',
];

/** States before a decision: the traveller may still withdraw. */
export const isBeforeDecision = (state: ApplicationState): boolean => !FINAL_STATES.includes(state);

/** The fee is due: the application is stored but neither screened nor shown to officers. */
export const awaitsPayment = (state: ApplicationState): boolean => state === 'awaiting_payment';

/** States no officer sees, in no queue, search or count: the fee was never paid (issue 27). */
export const OFFICE_HIDDEN_STATES: readonly ApplicationState[] = ['awaiting_payment', 'expired'];

/** States an officer's queue shows: a case waits for an officer or for the traveller's answer. */
export const OFFICE_WAITING_STATES: readonly ApplicationState[] = ['in_review', 'info_requested'];

/** States in which the traveller may correct details (paid, not yet decided). */
export const isCorrectable = (state: ApplicationState): boolean =>
  isBeforeDecision(state) && !awaitsPayment(state);

/** States waiting for the fee (the payment-deadline job reminds and expires these). */
export const PAYMENT_WAITING_STATES: readonly ApplicationState[] =
  APPLICATION_STATES.filter(awaitsPayment);

/** The traveller may withdraw: before a decision, paid or not (the machine's `withdraw`). */
export const isWithdrawable = (state: ApplicationState): boolean => isBeforeDecision(state);

/** The fee never came within PAYMENT_EXPIRES_AFTER_DAYS: never screened, nothing to pay now. */
export const expiredUnpaid = (state: ApplicationState): boolean => state === 'expired';

/** Refused: the traveller is shown why, and the way to a visa. */
export const isRefused = (state: ApplicationState): boolean => state === 'refused';

/** An officer asked the traveller a question that waits for an answer. */
export const asksTraveller = (state: ApplicationState): boolean => state === 'info_requested';

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
