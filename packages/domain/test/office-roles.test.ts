// Which role may ask the back office for what (issue 29), every action × every role as a table;
// and the machine's moves agree with it: a role the table lets act is one the machine lets move
// the case, and no other.
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  type ApplicationState,
  type LifecycleEvent,
  mayRoleDo,
  nextState,
  OFFICE_ACTIONS,
  type OfficeAction,
  rolesFor,
  STAFF_ROLES,
  type StaffRole,
} from '../src/index.ts';

const ALLOWED: Record<OfficeAction, StaffRole[]> = {
  readQueue: ['officer', 'supervisor'],
  readCase: ['officer', 'supervisor', 'auditor'],
  claim: ['officer', 'supervisor'],
  release: ['officer', 'supervisor'],
  releaseAnyClaim: ['supervisor'],
  approve: ['officer', 'supervisor'],
  requestInfo: ['officer', 'supervisor'],
  proposeRefusal: ['officer', 'supervisor'],
  confirmRefusal: ['supervisor'],
  rejectRefusal: ['supervisor'],
  revoke: ['supervisor'],
  refundFee: ['supervisor'],
  search: ['supervisor', 'auditor'],
  readDashboard: ['supervisor'],
  manageStaff: ['admin'],
  readAudit: ['auditor'],
  manageCarriers: ['admin'],
  readCarrierChecks: ['auditor'],
  readReviews: ['supervisor'],
  decideReview: ['supervisor'],
  markFalseHit: ['officer', 'supervisor'],
  confirmFalseHit: ['supervisor'],
  withdrawFalseHit: ['supervisor'],
};

describe('who may do what in the back office', () => {
  it.each(OFFICE_ACTIONS.flatMap((action) => STAFF_ROLES.map((role) => [action, role] as const)))(
    '%s by %s',
    (action, role) => {
      expect(mayRoleDo(role, action)).toBe(ALLOWED[action].includes(role));
    },
  );
});

// The office's actions that move the state: the event, the state it moves from, good reasons.
const MOVES: [OfficeAction, LifecycleEvent, ApplicationState, string[]][] = [
  ['approve', 'approve', 'in_review', []],
  ['requestInfo', 'requestInfo', 'in_review', ['passportScan']],
  ['confirmRefusal', 'refuse', 'in_review', ['securityConcern']],
  ['revoke', 'revoke', 'approved', ['securityConcern']],
];

describe('the table and the machine agree', () => {
  it.each(MOVES.flatMap((move) => STAFF_ROLES.map((role) => [...move, role] as const)))(
    '%s (event %s from %s, reasons %j) by %s',
    (action, event, from, reasons, role) => {
      const actor: Actor = { staff: 'staff-1', role };
      expect(mayRoleDo(role, action)).toBe(nextState(from, event, actor, reasons).ok);
    },
  );

  it.each([
    ['paymentReceived', []],
    ['startScreening', []],
    ['answerInfo', []],
    ['withdraw', []],
    ['approve', ['officer', 'supervisor']],
    ['refuse', ['supervisor']],
    ['revoke', ['supervisor']],
  ] as const)('rolesFor(%s) is %j', (event, roles) => {
    expect(rolesFor(event)).toEqual(roles);
  });
});
