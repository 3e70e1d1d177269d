// The one way an application's state moves (STYLE.md item 9): the current state, an event and
// an actor in; the next state with its reason codes, or a refusal, out. Pure: the server stores
// the result and sends what follows.
import { isInfoRequestReason, isRefusalReason, REASON_CODE_PATTERN } from './reasons.ts';
import {
  type ApplicationState,
  isApplicationState,
  isBeforeDecision,
  statesWhere,
} from './states.ts';

/**
 * The back office's roles (issue 11): an officer works cases; a supervisor also confirms
 * refusals; an auditor reads cases and the audit trail and acts on nothing; an admin manages
 * staff and does no case work.
 */
export const STAFF_ROLES = ['officer', 'supervisor', 'auditor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/** The roles that work cases: claim them, approve, request information, propose a refusal. */
export const CASE_WORK_ROLES: readonly StaffRole[] = ['officer', 'supervisor'];

/** Who sends an event: the server itself, the traveller, or a member of staff with a role. */
export type Actor = 'system' | 'traveller' | { staff: string; role: StaffRole };
export type ActorKind = 'system' | 'traveller' | 'staff';

export const actorKind = (actor: Actor): ActorKind => (typeof actor === 'string' ? actor : 'staff');

export const LIFECYCLE_EVENTS = [
  'paymentReceived',
  'paymentExpired',
  'startScreening',
  'screeningPassed',
  'screeningHit',
  'approve',
  'refuse',
  'requestInfo',
  'answerInfo',
  'withdraw',
  'revoke',
  'requestReview',
  'upholdRefusal',
  'overturnRefusal',
  'replace',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/** Which reason codes an event must carry. */
type ReasonRule = 'none' | 'optional' | 'required' | 'refusal' | 'infoRequest';

interface Rule {
  from: readonly ApplicationState[];
  to: ApplicationState;
  /** The kinds of actor allowed to send it. */
  actors: readonly ActorKind[];
  /** For staff: the roles that may send it. */
  roles?: readonly StaffRole[];
  reasons: ReasonRule;
}

const BEFORE_DECISION: readonly ApplicationState[] = statesWhere(isBeforeDecision);

/** The transitions, as data. */
const TRANSITIONS: Readonly<Record<LifecycleEvent, Rule>> = {
  // The fee (issue 27): confirmed by the payment provider, never by the browser; unpaid after
  // PAYMENT_EXPIRES_AFTER_DAYS the application expires and is never screened.
  paymentReceived: {
    from: ['awaiting_payment'],
    to: 'submitted',
    actors: ['system'],
    reasons: 'none',
  },
  paymentExpired: {
    from: ['awaiting_payment'],
    to: 'expired',
    actors: ['system'],
    reasons: 'none',
  },
  startScreening: { from: ['submitted'], to: 'screening', actors: ['system'], reasons: 'none' },
  screeningPassed: { from: ['screening'], to: 'approved', actors: ['system'], reasons: 'none' },
  screeningHit: { from: ['screening'], to: 'in_review', actors: ['system'], reasons: 'required' },
  approve: {
    from: ['in_review'],
    to: 'approved',
    actors: ['staff'],
    roles: CASE_WORK_ROLES,
    reasons: 'optional',
  },
  // Four eyes: a refusal takes effect only when a supervisor confirms one proposed by someone
  // else (refusalConfirmation below); the state moves with the confirming supervisor as actor.
  refuse: {
    from: ['in_review'],
    to: 'refused',
    actors: ['staff'],
    roles: ['supervisor'],
    reasons: 'refusal',
  },
  requestInfo: {
    from: ['in_review'],
    to: 'info_requested',
    actors: ['staff'],
    roles: CASE_WORK_ROLES,
    reasons: 'infoRequest',
  },
  answerInfo: { from: ['info_requested'], to: 'in_review', actors: ['traveller'], reasons: 'none' },
  withdraw: { from: BEFORE_DECISION, to: 'withdrawn', actors: ['traveller'], reasons: 'none' },
  // The one move out of a decision: a supervisor revokes an approval (issue 28), giving the
  // traveller one of the refusal reasons (their texts exist in every language).
  revoke: {
    from: ['approved'],
    to: 'revoked',
    actors: ['staff'],
    roles: ['supervisor'],
    reasons: 'refusal',
  },
  // A review of a refusal (issue 30): asked by the traveller once, within the deadline
  // (reviewRequestRefusal in review.ts says when it may be asked); decided by a supervisor who
  // took no part in the refusal (reviewerEligibility). Upheld, the refusal is final.
  requestReview: {
    from: ['refused'],
    to: 'review_requested',
    actors: ['traveller'],
    reasons: 'none',
  },
  upholdRefusal: {
    from: ['review_requested'],
    to: 'refused',
    actors: ['staff'],
    roles: ['supervisor'],
    reasons: 'none',
  },
  overturnRefusal: {
    from: ['review_requested'],
    to: 'approved',
    actors: ['staff'],
    roles: ['supervisor'],
    reasons: 'none',
  },
  // A new passport (issue 31, decision 057): the server ends the old approval when, and only when,
  // the application that replaces it is approved, in the same transaction.
  replace: { from: ['approved'], to: 'replaced', actors: ['system'], reasons: 'none' },
};

export type TransitionRefusal =
  /** The application has been decided or withdrawn: nothing moves it. */
  | 'alreadyDecided'
  /** The event does not apply to the current state. */
  | 'notAllowedFromState'
  /** This actor may not send this event. */
  | 'actorNotAllowed'
  /** The event needs reason codes (or ones from its list) and did not get them. */
  | 'reasonsInvalid';

export type TransitionOutcome =
  | { ok: true; from: ApplicationState; to: ApplicationState; reasons: string[] }
  | { ok: false; refusal: TransitionRefusal };

const actorMayAct = (actor: Actor, rule: Rule) =>
  rule.actors.includes(actorKind(actor)) &&
  (typeof actor === 'string' || (rule.roles ?? []).includes(actor.role));

const reasonsFit = (rule: ReasonRule, reasons: readonly string[]) => {
  if (!reasons.every((r) => REASON_CODE_PATTERN.test(r))) return false;
  if (new Set(reasons).size !== reasons.length) return false;
  switch (rule) {
    case 'none':
      return reasons.length === 0;
    case 'optional':
      return true;
    case 'required':
      return reasons.length > 0;
    case 'refusal':
      return reasons.length > 0 && reasons.every(isRefusalReason);
    case 'infoRequest':
      return reasons.length > 0 && reasons.every(isInfoRequestReason);
  }
};

/** The next state of an application, or why it cannot move. */
export const nextState = (
  current: ApplicationState,
  event: LifecycleEvent,
  actor: Actor,
  reasons: readonly string[] = [],
): TransitionOutcome => {
  const rule = TRANSITIONS[event];
  if (!isBeforeDecision(current) && !rule.from.includes(current)) {
    return { ok: false, refusal: 'alreadyDecided' };
  }
  if (!rule.from.includes(current)) return { ok: false, refusal: 'notAllowedFromState' };
  if (!actorMayAct(actor, rule)) return { ok: false, refusal: 'actorNotAllowed' };
  if (!reasonsFit(rule.reasons, reasons)) return { ok: false, refusal: 'reasonsInvalid' };
  return { ok: true, from: current, to: rule.to, reasons: [...reasons] };
};

/**
 * Whether `event` moves an application in `state`, whoever sends it (any string: a state this
 * build does not know moves on no event). The named questions of guards.ts are asked through it.
 */
export const eventApplies = (event: LifecycleEvent, state: string): boolean =>
  isApplicationState(state) && TRANSITIONS[event].from.includes(state);

/** The states `event` moves an application from. */
export const statesBefore = (event: LifecycleEvent): readonly ApplicationState[] =>
  TRANSITIONS[event].from;

/** The state `event` moves an application to. */
export const stateAfter = (event: LifecycleEvent): ApplicationState => TRANSITIONS[event].to;

/** The staff roles that may send `event` (none when only the system or the traveller sends it). */
export const rolesFor = (event: LifecycleEvent): readonly StaffRole[] =>
  TRANSITIONS[event].actors.includes('staff') ? (TRANSITIONS[event].roles ?? []) : [];

/**
 * The state a new application is stored in: waiting for its fee when one is due, else as if paid
 * (the state the provider's confirmation moves an unpaid one to).
 */
export const initialState = (feeDue: boolean): ApplicationState =>
  feeDue ? 'awaiting_payment' : stateAfter('paymentReceived');

/** The e-mail a traveller gets when an application moves, if any. */
export type TravellerNotice =
  | 'approved'
  | 'refused'
  | 'infoRequested'
  | 'withdrawn'
  | 'revoked'
  | 'reviewRequested'
  | 'reviewUpheld';
const NOTICE_ON_ENTRY: Readonly<Partial<Record<ApplicationState, TravellerNotice>>> = {
  approved: 'approved',
  refused: 'refused',
  info_requested: 'infoRequested',
  withdrawn: 'withdrawn',
  revoked: 'revoked',
  review_requested: 'reviewRequested',
};

/**
 * The e-mail a move from `from` to `to` sends: the entered state's, except that a review's upheld
 * refusal says the review was decided (an overturned one is an approval, with its authorization).
 */
export const noticeOnMove = (
  from: ApplicationState,
  to: ApplicationState,
): TravellerNotice | undefined =>
  from === 'review_requested' && to === 'refused' ? 'reviewUpheld' : NOTICE_ON_ENTRY[to];

/** Why a supervisor may not confirm a proposed refusal. */
export type ConfirmationRefusal = 'notSupervisor' | 'sameStaff';

/**
 * Four eyes: whether `confirmer` may confirm a refusal that staff member `proposedBy` proposed.
 * Only a supervisor, and never the person who proposed it.
 */
export const refusalConfirmation = (
  proposedBy: string,
  confirmer: { staff: string; role: StaffRole },
): { ok: true } | { ok: false; refusal: ConfirmationRefusal } => {
  if (!rolesFor('refuse').includes(confirmer.role)) return { ok: false, refusal: 'notSupervisor' };
  if (confirmer.staff === proposedBy) return { ok: false, refusal: 'sameStaff' };
  return { ok: true };
};
