// A review of a refusal (issue 30) as tables: when it may be asked, until when, who decides it,
// and what the traveller is e-mailed at each move.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATES,
  awaitsReview,
  boardingStanding,
  isAuthorizationDenied,
  isBeforeDecision,
  isWithdrawable,
  noticeOnMove,
  REVIEW_DAYS,
  reviewerEligibility,
  reviewRequestRefusal,
  reviewUntil,
  type StaffRole,
} from '../src/index.ts';

describe('the deadline', () => {
  it.each([
    ['2026-11-27', 28, '2026-12-25'],
    ['2026-02-01', 28, '2026-03-01'],
    ['2028-02-01', 28, '2028-02-29'],
    ['2026-12-20', 14, '2027-01-03'],
  ])('refused on %s, %i days → the last day is %s', (refusedOn, days, until) => {
    expect(reviewUntil(refusedOn, days)).toBe(until);
  });

  it('is 28 days unless configured', () => {
    expect(REVIEW_DAYS).toBe(28);
    expect(reviewUntil('2026-11-27')).toBe('2026-12-25');
  });
});

describe('asking for a review', () => {
  const until = '2026-12-25';
  it.each([
    ['refused', false, '2026-11-27', null],
    ['refused', false, '2026-12-25', null],
    ['refused', false, '2026-12-26', 'tooLate'],
    ['refused', true, '2026-11-28', 'alreadyReviewed'],
    ['review_requested', false, '2026-11-28', 'notRefused'],
    ['approved', false, '2026-11-28', 'notRefused'],
    ['revoked', false, '2026-11-28', 'notRefused'],
    ['in_review', false, '2026-11-28', 'notRefused'],
    ['withdrawn', false, '2026-11-28', 'notRefused'],
    ['no-such-state', false, '2026-11-28', 'notRefused'],
  ] as const)('%s, reviewed %s, on %s → %s', (state, reviewed, today, refusal) => {
    expect(reviewRequestRefusal({ state, reviewed, today, reviewUntil: until })).toBe(refusal);
  });
});

describe('who may decide a review', () => {
  const tookPart = ['officer-1', 'supervisor-1'];
  it.each([
    [{ staff: 'supervisor-2', role: 'supervisor' }, { ok: true }],
    [
      { staff: 'supervisor-1', role: 'supervisor' },
      { ok: false, refusal: 'tookPart' },
    ],
    [
      { staff: 'officer-1', role: 'officer' },
      { ok: false, refusal: 'notSupervisor' },
    ],
    [
      { staff: 'officer-2', role: 'officer' },
      { ok: false, refusal: 'notSupervisor' },
    ],
    [
      { staff: 'auditor-1', role: 'auditor' },
      { ok: false, refusal: 'notSupervisor' },
    ],
    [
      { staff: 'admin-1', role: 'admin' },
      { ok: false, refusal: 'notSupervisor' },
    ],
  ] as const)('%o → %o', (reviewer, expected) => {
    expect(reviewerEligibility(reviewer as { staff: string; role: StaffRole }, tookPart)).toEqual(
      expected,
    );
  });
});

describe('what a review request means meanwhile', () => {
  it('the refusal stands: no boarding, nothing the traveller can withdraw or correct', () => {
    expect(boardingStanding('review_requested')).toBe('refused');
    expect(isAuthorizationDenied('review_requested')).toBe(true);
    expect(isBeforeDecision('review_requested')).toBe(false);
    expect(isWithdrawable('review_requested')).toBe(false);
  });

  it('only a requested review waits for a supervisor', () => {
    expect(APPLICATION_STATES.filter(awaitsReview)).toEqual(['review_requested']);
  });
});

describe('the e-mail each move sends', () => {
  it.each([
    ['in_review', 'refused', 'refused'],
    ['refused', 'review_requested', 'reviewRequested'],
    ['review_requested', 'refused', 'reviewUpheld'],
    ['review_requested', 'approved', 'approved'],
    ['screening', 'approved', 'approved'],
    ['approved', 'revoked', 'revoked'],
    ['screening', 'in_review', undefined],
  ] as const)('%s → %s: %s', (from, to, notice) => {
    expect(noticeOnMove(from, to)).toBe(notice);
  });
});
