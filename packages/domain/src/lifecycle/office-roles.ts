// Which staff roles may ask the back office for what (issue 29): one table the server's route
// guards read and the case view's abilities are built on. The moves of the machine take their
// roles from its transitions (machine.ts), so a route never lets through a role the machine
// refuses, nor refuses one it allows.
import { CASE_WORK_ROLES, rolesFor, type StaffRole } from './machine.ts';

export const OFFICE_ACTIONS = [
  /** The queue of cases waiting for an officer or for a traveller's answer. */
  'readQueue',
  /** A case, its photo and its history (an auditor reads them too). */
  'readCase',
  'claim',
  /** Hand back a case one holds. */
  'release',
  /** Take a case from whoever holds it, to give it to someone else. */
  'releaseAnyClaim',
  'approve',
  'requestInfo',
  /** Propose a refusal; a different supervisor confirms it (four eyes). */
  'proposeRefusal',
  'confirmRefusal',
  'rejectRefusal',
  /** Revoke an approved authorization (issue 28). */
  'revoke',
  /** Give a traveller's fee back (issue 27 item 5). */
  'refundFee',
  'search',
  'readDashboard',
  /** Create, confirm and disable staff accounts. */
  'manageStaff',
  /** Read and verify the audit trail. */
  'readAudit',
  /** Create carriers and their keys (issue 28). */
  'manageCarriers',
  /** Read the carriers' boarding checks. */
  'readCarrierChecks',
  /** The queue of reviews travellers asked for after a refusal (issue 30). */
  'readReviews',
  /** Uphold or overturn a refusal under review (only a supervisor who took no part in it). */
  'decideReview',
  /** Mark a watchlist hit "not this person", with a reason (issue 30 item 4). */
  'markFalseHit',
  /** Confirm or reject another's mark (four eyes). */
  'confirmFalseHit',
  /** Withdraw a confirmed mark, so that the entry refers the traveller again. */
  'withdrawFalseHit',
] as const;
export type OfficeAction = (typeof OFFICE_ACTIONS)[number];

/**
 * Each role's name in the back office's two languages: its screens and the set-up e-mail (which
 * is written in both) read them here.
 */
export const STAFF_ROLE_NAMES: Readonly<Record<'en' | 'he', Readonly<Record<StaffRole, string>>>> =
  {
    en: { officer: 'officer', supervisor: 'supervisor', auditor: 'auditor', admin: 'admin' },
    he: { officer: 'פקיד/ה', supervisor: 'מפקח/ת', auditor: 'מבקר/ת', admin: 'מנהל/ת מערכת' },
  };

const SUPERVISOR: readonly StaffRole[] = ['supervisor'];
const AUDITOR: readonly StaffRole[] = ['auditor'];
const ADMIN: readonly StaffRole[] = ['admin'];

/** The roles that may do each action. */
export const OFFICE_ROLES: Readonly<Record<OfficeAction, readonly StaffRole[]>> = {
  readQueue: CASE_WORK_ROLES,
  readCase: [...CASE_WORK_ROLES, ...AUDITOR],
  claim: CASE_WORK_ROLES,
  release: CASE_WORK_ROLES,
  releaseAnyClaim: SUPERVISOR,
  approve: rolesFor('approve'),
  requestInfo: rolesFor('requestInfo'),
  proposeRefusal: CASE_WORK_ROLES,
  // Whoever may confirm a refusal (the machine's `refuse`) may reject one instead.
  confirmRefusal: rolesFor('refuse'),
  rejectRefusal: rolesFor('refuse'),
  revoke: rolesFor('revoke'),
  refundFee: SUPERVISOR,
  search: [...SUPERVISOR, ...AUDITOR],
  readDashboard: SUPERVISOR,
  manageStaff: ADMIN,
  readAudit: AUDITOR,
  manageCarriers: ADMIN,
  readCarrierChecks: AUDITOR,
  readReviews: rolesFor('overturnRefusal'),
  decideReview: rolesFor('overturnRefusal'),
  markFalseHit: CASE_WORK_ROLES,
  confirmFalseHit: SUPERVISOR,
  withdrawFalseHit: SUPERVISOR,
};

/** Whether a member of staff with `role` may do `action`. */
export const mayRoleDo = (role: StaffRole, action: OfficeAction): boolean =>
  OFFICE_ROLES[action].includes(role);
