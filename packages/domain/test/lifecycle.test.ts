// The application's life as a table (STYLE.md item 9): every state × event × actor, with the
// expected next state or refusal; reason-code rules; the reqStatusId mirror; validity and masking.
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  APPLICATION_STATES,
  type ApplicationState,
  authorizationValidUntil,
  LIFECYCLE_EVENTS,
  type LifecycleEvent,
  maskPassportNumber,
  nextState,
  REQUEST_STATUS,
  REQUEST_STATUS_OF,
  refusalConfirmation,
} from '../src/index.ts';

const officer: Actor = { staff: 'staff-7', role: 'officer' };
const supervisor: Actor = { staff: 'staff-9', role: 'supervisor' };
const auditor: Actor = { staff: 'staff-8', role: 'auditor' };
const admin: Actor = { staff: 'staff-1', role: 'admin' };
const ACTORS: [string, Actor][] = [
  ['system', 'system'],
  ['traveller', 'traveller'],
  ['officer', officer],
  ['supervisor', supervisor],
  ['auditor', auditor],
  ['admin', admin],
];

/** Reasons that satisfy each event (empty where none are allowed). */
const GOOD_REASONS: Record<LifecycleEvent, string[]> = {
  paymentReceived: [],
  paymentExpired: [],
  startScreening: [],
  screeningPassed: [],
  screeningHit: ['watchlist'],
  approve: [],
  refuse: ['securityConcern'],
  requestInfo: ['passportScan'],
  answerInfo: [],
  withdraw: [],
  revoke: ['securityConcern'],
  requestReview: [],
  upholdRefusal: [],
  overturnRefusal: [],
  replace: [],
};

// Every allowed move: from, event, actor → to. Anything not listed is refused.
const ALLOWED: [ApplicationState, LifecycleEvent, string, ApplicationState][] = [
  // The fee (issue 27): only the provider's confirmation (the system) moves an unpaid application.
  ['awaiting_payment', 'paymentReceived', 'system', 'submitted'],
  ['awaiting_payment', 'paymentExpired', 'system', 'expired'],
  ['awaiting_payment', 'withdraw', 'traveller', 'withdrawn'],
  ['submitted', 'startScreening', 'system', 'screening'],
  ['screening', 'screeningPassed', 'system', 'approved'],
  ['screening', 'screeningHit', 'system', 'in_review'],
  ['in_review', 'approve', 'officer', 'approved'],
  ['in_review', 'approve', 'supervisor', 'approved'],
  // An officer only proposes a refusal; the confirming supervisor moves the state (four eyes).
  ['in_review', 'refuse', 'supervisor', 'refused'],
  ['in_review', 'requestInfo', 'officer', 'info_requested'],
  ['in_review', 'requestInfo', 'supervisor', 'info_requested'],
  ['info_requested', 'answerInfo', 'traveller', 'in_review'],
  ['submitted', 'withdraw', 'traveller', 'withdrawn'],
  ['screening', 'withdraw', 'traveller', 'withdrawn'],
  ['in_review', 'withdraw', 'traveller', 'withdrawn'],
  ['info_requested', 'withdraw', 'traveller', 'withdrawn'],
  // Only a supervisor revokes an approval (issue 28).
  ['approved', 'revoke', 'supervisor', 'revoked'],
  // A review of a refusal (issue 30): asked by the traveller, decided by a supervisor.
  ['refused', 'requestReview', 'traveller', 'review_requested'],
  ['review_requested', 'upholdRefusal', 'supervisor', 'refused'],
  ['review_requested', 'overturnRefusal', 'supervisor', 'approved'],
  // A new passport's approval ends the old one (issue 31): only the server does it.
  ['approved', 'replace', 'system', 'replaced'],
];

const allowedTo = (from: ApplicationState, event: LifecycleEvent, actor: string) =>
  ALLOWED.find(([f, e, a]) => f === from && e === event && a === actor)?.[3];

const eventAppliesTo = (from: ApplicationState, event: LifecycleEvent) =>
  ALLOWED.some(([f, e]) => f === from && e === event);

const CASES = APPLICATION_STATES.flatMap((from) =>
  LIFECYCLE_EVENTS.flatMap((event) =>
    ACTORS.map(([name, actor]) => [from, event, name, actor] as const),
  ),
);

describe('the lifecycle machine', () => {
  it('has 12 states × 15 events × 6 actors = 1080 cases', () => {
    expect(CASES).toHaveLength(1080);
  });

  it.each(CASES)('%s --%s by %s', (from, event, name, actor) => {
    const outcome = nextState(from, event, actor, GOOD_REASONS[event]);
    const to = allowedTo(from, event, name);
    if (to) {
      expect(outcome).toEqual({ ok: true, from, to, reasons: GOOD_REASONS[event] });
    } else if (
      [
        'approved',
        'refused',
        'withdrawn',
        'expired',
        'revoked',
        'review_requested',
        'replaced',
      ].includes(from) &&
      !eventAppliesTo(from, event)
    ) {
      expect(outcome).toEqual({ ok: false, refusal: 'alreadyDecided' });
    } else if (!eventAppliesTo(from, event)) {
      expect(outcome).toEqual({ ok: false, refusal: 'notAllowedFromState' });
    } else {
      expect(outcome).toEqual({ ok: false, refusal: 'actorNotAllowed' });
    }
  });
});

describe('reason codes', () => {
  const REASON_CASES: [ApplicationState, LifecycleEvent, Actor, string[], boolean][] = [
    ['screening', 'screeningHit', 'system', [], false],
    ['screening', 'screeningHit', 'system', ['watchlist', 'lostDocument'], true],
    ['screening', 'screeningPassed', 'system', ['watchlist'], false],
    ['in_review', 'refuse', supervisor, [], false],
    ['in_review', 'refuse', supervisor, ['madeUpReason'], false],
    ['in_review', 'refuse', supervisor, ['securityConcern', 'previousRefusal'], true],
    ['in_review', 'refuse', supervisor, ['securityConcern', 'securityConcern'], false],
    ['in_review', 'requestInfo', officer, [], false],
    ['in_review', 'requestInfo', officer, ['securityConcern'], false],
    ['in_review', 'requestInfo', officer, ['travelPurpose', 'returnTicket'], true],
    ['in_review', 'approve', officer, [], true],
    ['in_review', 'approve', officer, ['cleared.after-review'], true],
    ['in_review', 'approve', officer, ['has space'], false],
    ['submitted', 'withdraw', 'traveller', ['why'], false],
    ['approved', 'revoke', supervisor, [], false],
    ['approved', 'revoke', supervisor, ['documentReportedLost'], true],
    ['refused', 'requestReview', 'traveller', ['securityConcern'], false],
    ['review_requested', 'upholdRefusal', supervisor, ['securityConcern'], false],
    ['review_requested', 'overturnRefusal', supervisor, [], true],
    ['approved', 'replace', 'system', ['replaced'], false],
    ['approved', 'replace', 'system', [], true],
  ];
  it.each(REASON_CASES)('%s --%s by %o with %j → ok %s', (from, event, actor, reasons, ok) => {
    const outcome = nextState(from, event, actor, reasons);
    expect(outcome.ok).toBe(ok);
    if (!outcome.ok) expect(outcome.refusal).toBe('reasonsInvalid');
  });
});

describe('four eyes on a refusal', () => {
  it.each([
    ['staff-7', { staff: 'staff-9', role: 'supervisor' }, { ok: true }],
    ['staff-9', { staff: 'staff-9', role: 'supervisor' }, { ok: false, refusal: 'sameStaff' }],
    ['staff-7', { staff: 'staff-8', role: 'officer' }, { ok: false, refusal: 'notSupervisor' }],
    ['staff-7', { staff: 'staff-8', role: 'auditor' }, { ok: false, refusal: 'notSupervisor' }],
    ['staff-7', { staff: 'staff-1', role: 'admin' }, { ok: false, refusal: 'notSupervisor' }],
  ] as const)('proposed by %s, confirmed by %o → %o', (proposedBy, confirmer, expected) => {
    expect(refusalConfirmation(proposedBy, confirmer)).toEqual(expected);
  });
});

describe('reqStatusId mirrors the state', () => {
  it('keeps SPEC’s 1 Submitted and gives every other state its own id', () => {
    expect(REQUEST_STATUS_OF.submitted).toEqual(REQUEST_STATUS.submitted);
    const ids = APPLICATION_STATES.map((s) => REQUEST_STATUS_OF[s].id);
    expect(ids).toEqual([8, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12]);
  });
});

describe('authorization', () => {
  it.each([
    ['2026-11-24', '2035-01-01', '2028-11-24'],
    ['2026-11-24', '2027-03-15', '2027-03-15'],
    ['2028-02-29', '2040-01-01', '2030-02-28'],
  ])('decided %s, passport expires %s → valid until %s', (decided, expiry, until) => {
    expect(authorizationValidUntil(decided, expiry)).toBe(until);
  });

  it.each([
    ['AB1234567', '•••••4567'],
    ['12345', '•2345'],
    ['1234', '1234'],
  ])('masks %s as %s', (number, masked) => {
    expect(maskPassportNumber(number)).toBe(masked);
  });
});
