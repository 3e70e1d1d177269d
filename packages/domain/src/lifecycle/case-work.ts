// What one member of staff can do with one case now (issue 25 item 3): the back office's case
// view says it and shows only the matching actions; the server answers it with the case, from
// the same facts decide.ts checks, so the screen never offers what the server would refuse.
import { awaitsOfficer, isWithOffice } from './guards.ts';
import { nextState, refusalConfirmation, type StaffRole } from './machine.ts';
import { mayRoleDo } from './office-roles.ts';
import { REFUSAL_REASONS } from './reasons.ts';
import { isApplicationState, isBeforeDecision } from './states.ts';

/** The facts of a case that decide who may act on it. */
export interface CaseStanding {
  readonly state: string;
  /** The staff id holding the case, if any. */
  readonly claimedBy: string | null;
  /** The staff id who proposed a refusal waiting for confirmation, if any. */
  readonly refusalProposedBy: string | null;
}

export type CaseAbility =
  /** An auditor (or an admin): reads, never acts. */
  | 'readOnly'
  /** Decided or withdrawn: nothing more to do. */
  | 'closed'
  /** Submitted and not yet screened: nothing for staff until screening refers it. */
  | 'screening'
  /** Waiting and nobody holds it: claim it to work on it. */
  | 'claim'
  /** Another member of staff holds it. */
  | 'heldByOther'
  /** Yours and in review: approve, ask the traveller or propose a refusal. */
  | 'decide'
  /** Yours, and the traveller has a question to answer. */
  | 'awaitingTraveller'
  /** You proposed a refusal: a different supervisor confirms or rejects it. */
  | 'awaitingConfirmation'
  /** A supervisor, and another member of staff proposed a refusal: confirm or reject it. */
  | 'reviewRefusal'
  /** A refusal someone else proposed waits for a supervisor, and you are not one. */
  | 'refusalPending';

export const caseAbility = (
  staff: { staff: string; role: StaffRole },
  c: CaseStanding,
): CaseAbility => {
  if (!mayRoleDo(staff.role, 'claim')) return 'readOnly';
  if (!isWithOffice(c.state)) return isBeforeDecision(c.state) ? 'screening' : 'closed';
  if (c.refusalProposedBy !== null) {
    if (c.refusalProposedBy === staff.staff) return 'awaitingConfirmation';
    return refusalConfirmation(c.refusalProposedBy, staff).ok ? 'reviewRefusal' : 'refusalPending';
  }
  if (c.claimedBy === null) return 'claim';
  if (c.claimedBy !== staff.staff) return 'heldByOther';
  return awaitsOfficer(c.state) ? 'decide' : 'awaitingTraveller';
};

/** The holder may hand a waiting case back; a supervisor may take it from anyone to reassign. */
export const mayReleaseCase = (staff: { staff: string; role: StaffRole }, c: CaseStanding) =>
  mayRoleDo(staff.role, 'release') &&
  isWithOffice(c.state) &&
  c.claimedBy !== null &&
  (c.claimedBy === staff.staff || mayRoleDo(staff.role, 'releaseAnyClaim'));

/** The longest reason a supervisor may give for a refund (it goes into the audit trail). */
export const FEE_REFUND_REASON_MAX = 500;

/** Whether this member of staff may refund a payment in this state now: a supervisor, once paid. */
export const mayRefundFee = (staff: { role: StaffRole }, payment: { status: string } | null) =>
  mayRoleDo(staff.role, 'refundFee') && payment?.status === 'paid';

/** Whether this member of staff may revoke the case's authorization now (issue 28): the machine's answer. */
export const mayRevokeAuthorization = (staff: { staff: string; role: StaffRole }, state: string) =>
  isApplicationState(state) && nextState(state, 'revoke', staff, REFUSAL_REASONS.slice(0, 1)).ok;
