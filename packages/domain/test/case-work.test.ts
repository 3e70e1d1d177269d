import { describe, expect, it } from 'vitest';
import {
  type CaseAbility,
  type CaseStanding,
  caseAbility,
  mayRefundFee,
  mayReleaseCase,
  type StaffRole,
} from '../src/index.ts';

const me = (role: StaffRole) => ({ staff: 'me', role });
const inReview: CaseStanding = { state: 'in_review', claimedBy: null, refusalProposedBy: null };

describe('what a member of staff can do with a case', () => {
  it.each<[string, StaffRole, Partial<CaseStanding>, CaseAbility]>([
    ['an auditor reads only', 'auditor', {}, 'readOnly'],
    ['an admin reads only', 'admin', {}, 'readOnly'],
    ['a decided case is closed', 'supervisor', { state: 'refused' }, 'closed'],
    ['a withdrawn case is closed', 'officer', { state: 'withdrawn' }, 'closed'],
    ['a case not yet screened waits', 'officer', { state: 'screening' }, 'screening'],
    ['an unclaimed case is claimed first', 'officer', {}, 'claim'],
    ['another holds it', 'officer', { claimedBy: 'other' }, 'heldByOther'],
    ['yours in review: decide', 'officer', { claimedBy: 'me' }, 'decide'],
    [
      'yours, waiting for the traveller',
      'officer',
      { state: 'info_requested', claimedBy: 'me' },
      'awaitingTraveller',
    ],
    [
      'you proposed the refusal',
      'supervisor',
      { claimedBy: 'me', refusalProposedBy: 'me' },
      'awaitingConfirmation',
    ],
    [
      "a supervisor, another's proposal, case held by them",
      'supervisor',
      { claimedBy: 'other', refusalProposedBy: 'other' },
      'reviewRefusal',
    ],
    [
      "an officer, another's proposal",
      'officer',
      { claimedBy: 'other', refusalProposedBy: 'other' },
      'refusalPending',
    ],
  ])('%s', (_, role, standing, ability) => {
    expect(caseAbility(me(role), { ...inReview, ...standing })).toBe(ability);
  });

  it('the holder or a supervisor may release a waiting case', () => {
    const held = { ...inReview, claimedBy: 'other' };
    expect(mayReleaseCase(me('officer'), held)).toBe(false);
    expect(mayReleaseCase(me('supervisor'), held)).toBe(true);
    expect(mayReleaseCase(me('officer'), { ...held, claimedBy: 'me' })).toBe(true);
    expect(mayReleaseCase(me('officer'), inReview)).toBe(false);
    expect(mayReleaseCase(me('auditor'), held)).toBe(false);
  });
});

describe('who may refund the fee from the case', () => {
  it.each<[StaffRole, string | null, boolean]>([
    ['supervisor', 'paid', true],
    ['supervisor', 'refunded', false],
    ['supervisor', 'open', false],
    ['supervisor', null, false],
    ['officer', 'paid', false],
    ['auditor', 'paid', false],
    ['admin', 'paid', false],
  ])('%s, payment %s → %s', (role, status, may) => {
    expect(mayRefundFee(me(role), status === null ? null : { status })).toBe(may);
  });
});
