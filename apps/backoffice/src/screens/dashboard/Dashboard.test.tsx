// The supervisor's dashboard: applications per state today and this week, the figures of the
// week's decisions, the oldest case waiting, the fees per day with their totals, and the reviews
// of refusals.
import type { DashboardAnswer, OfficeDashboard } from '@eta-il/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, listValue, openScreen, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, refused, STAFF } from '../../test/server.ts';
import { Dashboard } from './Dashboard.tsx';

const none = { count: 0, amountMinor: 0 };
const DASHBOARD: OfficeDashboard = {
  today: { since: '2026-11-22', perState: { approved: 4, in_review: 1 } },
  week: { since: '2026-11-16', perState: { approved: 30, in_review: 3, refused: 2 } },
  decisionsThisWeek: 32,
  shareDecidedAutomatically: 0.75,
  medianSecondsToDecision: 1800,
  p95SecondsToDecision: null,
  fees: {
    currency: 'ILS',
    days: [
      { date: '2026-11-21', paid: { count: 2, amountMinor: 5000 }, refunded: none },
      {
        date: '2026-11-22',
        paid: { count: 1, amountMinor: 2500 },
        refunded: { count: 1, amountMinor: 2500 },
      },
    ],
  },
  reviews: {
    asked: 7,
    decided: 5,
    overturned: 2,
    waiting: 2,
    oldestWaitingSeconds: 30 * 3600,
    medianSecondsToDecision: null,
  },
  oldestWaiting: {
    id: 'case-9',
    applicationNumber: '2026-000009',
    state: 'in_review',
    waitingSince: '2026-11-20T10:00:00Z',
    waitingSeconds: 50 * 3600,
  },
  falseHitMarks: { proposed: 2, confirmed: 5, withdrawn: 1, rejected: 3 },
  referralsSpared: { thisWeek: 4, total: 9 },
  medianSecondsToDecisionReferred: 7200,
};

describe('Dashboard', () => {
  it('shows the counts per state, the week in figures and the fees per day', async () => {
    fakeServer({
      'GET me': me(STAFF.supervisor),
      'GET dashboard': ok<DashboardAnswer>({ dashboard: DASHBOARD }),
    });
    await openScreen(<Dashboard />, { staff: STAFF.supervisor });
    expect(heading()).toBe('Dashboard');
    expect(tableRows(await screen.findByRole('table', { name: 'Today' }))).toEqual([
      ['State', 'Applications'],
      ['Approved', '4'],
      ['In review', '1'],
    ]);
    expect(tableRows(screen.getByRole('table', { name: 'Last 7 days' })).slice(1)).toEqual([
      ['Approved', '30'],
      ['In review', '3'],
      ['Refused', '2'],
    ]);
    expect(listValue('Decisions this week')).toBe('32');
    expect(listValue('Decided automatically this week')).toBe('75%');
    expect(listValue('Median time to decision')).toBe('30 min');
    expect(listValue('95th percentile time to decision')).toBe('None');
    expect(listValue('Oldest case waiting')).toBe('2026-000009 (waiting 50 h)');
    expect(screen.getByRole('link', { name: '2026-000009' }).getAttribute('href')).toBe(
      '/cases/case-9',
    );
    // Newest day first, and the period's totals.
    expect(
      tableRows(screen.getByRole('table', { name: 'Fees taken and refunded, last 14 days' })),
    ).toEqual([
      ['Day', 'Payments', 'Taken', 'Refunds', 'Refunded'],
      ['22 November 2026', '1', '₪25.00', '1', '₪25.00'],
      ['21 November 2026', '2', '₪50.00', '0', '₪0.00'],
      ['Total, 14 days', '3', '₪75.00', '1', '₪25.00'],
    ]);
    // Issue 30: false-hit marks, the referrals they spared, the referred cases' time.
    expect(listValue('Marks waiting for a supervisor')).toBe('2');
    expect(listValue('Marks confirmed and standing')).toBe('5');
    expect(listValue('Marks withdrawn')).toBe('1');
    expect(listValue('Marks rejected')).toBe('3');
    expect(listValue('Referrals spared this week')).toBe('4');
    expect(listValue('Referrals spared in all')).toBe('9');
    expect(listValue('Median time to decision, referred cases')).toBe('120 min');
  });

  it('shows the reviews of refusals: asked, decided, overturned, waiting and their ages', async () => {
    fakeServer({
      'GET me': me(STAFF.supervisor),
      'GET dashboard': ok<DashboardAnswer>({ dashboard: DASHBOARD }),
    });
    await openScreen(<Dashboard />, { staff: STAFF.supervisor });
    const reviews = await screen.findByRole('region', { name: 'Reviews of refusals' });
    expect(listValue('Reviews asked', reviews)).toBe('7');
    expect(listValue('Reviews decided', reviews)).toBe('5');
    expect(listValue('Refusals overturned', reviews)).toBe('2');
    expect(listValue('Reviews waiting', reviews)).toBe('2');
    expect(listValue('Oldest review waiting', reviews)).toBe('30 h');
    expect(listValue("Median time to a review's decision", reviews)).toBe('None');
    expect(within(reviews).queryByRole('link')).toBeNull();
  });

  it('says when the supervisor alone may read it', async () => {
    fakeServer({ 'GET me': me(STAFF.officer), 'GET dashboard': refused(403, 'roleNotAllowed') });
    await openScreen(<Dashboard />, { staff: STAFF.officer });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your role has no use for this page.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
