// "Not this person" under a watchlist hit (issue 30 item 4): the case holder marks it with a
// required reason; a supervisor confirms, rejects or withdraws; a spared hit says so, with the
// mark that spared it (who marked and confirmed it, and on which application); Hebrew texts.
import type {
  CaseAnswer,
  FalseHitMarkEntry,
  FalseHitMarksAnswer,
  ScreeningHit,
} from '@eta-il/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { CASE_ID, caseAnswer } from '../../test/cases.ts';
import { openScreen, summaryErrors } from '../../test/render.tsx';
import {
  ANTI_FORGERY_TOKEN,
  fakeServer,
  me,
  ok,
  type Reply,
  refused,
  STAFF,
} from '../../test/server.ts';
import { CaseView } from './CaseView.tsx';

const PATH = `/cases/${CASE_ID}`;
const MARKS = `GET cases/${CASE_ID}/false-hits`;

const watchlistHit = (sparedBy?: string): ScreeningHit => ({
  code: 'WATCHLIST',
  messageId: 'screeningWatchlist',
  score: 0.93,
  details: {
    entryId: 'sample-0001',
    listedName: 'Jane Mary Doe',
    birthDate: 'year',
    nationality: 'confirmed',
    listedOn: 'Sample list',
    listedBirthDates: '1990',
    listedCountries: 'us',
    lastChange: '2026-01-01T00:00:00',
  },
  ...(sparedBy ? { sparedBy } : {}),
});

const withHit = (answer: Partial<CaseAnswer>, hit = watchlistHit()) =>
  caseAnswer(answer, {
    screening: [
      {
        bearerIndex: 0,
        outcome: 'refer',
        hits: [hit],
        rulesChecked: ['WATCHLIST'],
        screenedAt: '2026-11-20T08:31:00Z',
      },
    ],
  });

const mark = (changes: Partial<FalseHitMarkEntry> = {}): FalseHitMarkEntry => ({
  id: 'mark-1',
  entryId: 'sample-0001',
  entryLastChange: '2026-01-01T00:00:00',
  bearerIndex: 0,
  markedOn: { id: CASE_ID, applicationNumber: '2026-000101' },
  state: 'proposed',
  reason: 'Born in Ohio; another face.',
  markedBy: STAFF.officer.id,
  markedByEmail: STAFF.officer.email,
  markedAt: '2026-11-21T10:00:00Z',
  confirmedByEmail: null,
  confirmedAt: null,
  rejectedByEmail: null,
  rejectedAt: null,
  rejectedReason: null,
  withdrawnByEmail: null,
  withdrawnAt: null,
  withdrawnReason: null,
  mayConfirm: false,
  mayWithdraw: false,
  ...changes,
});

const marks = (answer: Partial<FalseHitMarksAnswer>): Reply =>
  ok<FalseHitMarksAnswer>({ marks: [], mayMark: false, ...answer });

const open = async (
  staff: (typeof STAFF)[keyof typeof STAFF],
  answer: CaseAnswer,
  marksReplies: Reply[],
  routes: Record<string, Reply> = {},
) => {
  const server = fakeServer({
    'GET me': me(staff),
    [`GET cases/${CASE_ID}`]: ok(answer),
    [MARKS]: marksReplies,
    ...routes,
  });
  await openScreen(<CaseView />, { path: PATH, route: '/cases/:id', staff });
  await screen.findByRole('heading', { level: 1, name: /2026-000101/ });
  return server;
};

describe('False-hit marks in the case view', () => {
  it('the case holder marks a hit "not this person" with a reason, required', async () => {
    const server = await open(
      STAFF.officer,
      withHit({ ability: 'decide' }),
      [marks({ mayMark: true }), marks({ mayMark: true, marks: [mark()] })],
      {
        [`POST cases/${CASE_ID}/false-hits`]: ok({ mark: mark() }),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Not this person' }));
    const form = screen.getByRole('form', { name: 'Not this person' });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark as not this person' }));
    expect(summaryErrors()).toEqual([
      '#fh-reason-0-sample-0001 Write why this is not the listed person',
    ]);
    expect(server.called(`POST cases/${CASE_ID}/false-hits`)).toEqual([]);
    fireEvent.change(
      within(form).getByLabelText('Why the traveller is not the listed person', { exact: false }),
      {
        target: { value: '  Born in Ohio; another face.  ' },
      },
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Mark as not this person' }));
    await screen.findByText('The hit is marked “not this person”. It waits for a supervisor.');
    expect(server.called(`POST cases/${CASE_ID}/false-hits`)).toEqual([
      {
        route: `POST cases/${CASE_ID}/false-hits`,
        body: { bearerIndex: 0, entryId: 'sample-0001', reason: 'Born in Ohio; another face.' },
        token: ANTI_FORGERY_TOKEN,
      },
    ]);
    expect(screen.getByText(/^Marked by officer@office\.example on/).textContent).toContain(
      'Born in Ohio; another face.',
    );
    // A standing mark is not made twice.
    expect(screen.queryByRole('button', { name: 'Not this person' })).toBeNull();
  });

  it('offers no mark to one who does not hold the case', async () => {
    const server = await open(STAFF.officer, withHit({ ability: 'claim' }), [
      marks({ mayMark: false }),
    ]);
    await screen.findByText('Jane Mary Doe');
    expect(server.called(MARKS)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Not this person' })).toBeNull();
  });

  it('a supervisor confirms a proposed mark, or rejects it with a comment', async () => {
    const server = await open(
      STAFF.supervisor,
      withHit({ ability: 'claim' }),
      [
        marks({ marks: [mark({ mayConfirm: true })] }),
        marks({
          marks: [
            mark({
              state: 'confirmed',
              confirmedByEmail: STAFF.supervisor.email,
              confirmedAt: '2026-11-21T11:00:00Z',
            }),
          ],
        }),
      ],
      {
        'POST false-hits/mark-1/confirm': ok({ mark: mark({ state: 'confirmed' }) }),
        'POST false-hits/mark-1/reject': ok({ mark: mark({ state: 'rejected' }) }),
      },
    );
    await screen.findByText('Waiting for a supervisor');
    fireEvent.change(screen.getByLabelText('Comment (optional)', { exact: false }), {
      target: { value: 'Same face.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject the mark' }));
    await screen.findByText('The mark is rejected.');
    expect(server.called('POST false-hits/mark-1/reject').map((c) => c.body)).toEqual([
      { reason: 'Same face.' },
    ]);
  });

  it('confirming: the step is sent and the confirmation shown with who and when', async () => {
    const server = await open(
      STAFF.supervisor,
      withHit({ ability: 'claim' }),
      [
        marks({ marks: [mark({ mayConfirm: true })] }),
        marks({
          marks: [
            mark({
              state: 'confirmed',
              confirmedByEmail: STAFF.supervisor.email,
              confirmedAt: '2026-11-21T11:00:00Z',
            }),
          ],
        }),
      ],
      { 'POST false-hits/mark-1/confirm': ok({ mark: mark({ state: 'confirmed' }) }) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm the mark' }));
    await screen.findByText('The mark is confirmed: this entry no longer refers this traveller.');
    expect(server.called('POST false-hits/mark-1/confirm')).toHaveLength(1);
    expect(
      screen.getByText(/^Confirmed by supervisor@office\.example on 21 November 2026/),
    ).toBeTruthy();
  });

  it('says why a confirmation is refused (four eyes)', async () => {
    await open(
      STAFF.supervisor,
      withHit({ ability: 'claim' }),
      [marks({ marks: [mark({ mayConfirm: true })] })],
      { 'POST false-hits/mark-1/confirm': refused(403, 'sameStaff') },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm the mark' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A mark must be confirmed or rejected by a supervisor who did not make it.',
    );
  });

  it('a supervisor withdraws a confirmed mark, with a reason, required', async () => {
    const confirmed = mark({
      state: 'confirmed',
      confirmedByEmail: 'other-supervisor@office.example',
      confirmedAt: '2026-11-21T11:00:00Z',
      mayWithdraw: true,
    });
    const server = await open(
      STAFF.supervisor,
      withHit({ ability: 'claim' }),
      [
        marks({ marks: [confirmed] }),
        marks({ marks: [{ ...confirmed, state: 'withdrawn', mayWithdraw: false }] }),
      ],
      { 'POST false-hits/mark-1/withdraw': ok({ mark: mark({ state: 'withdrawn' }) }) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the mark' }));
    expect(summaryErrors()).toEqual([
      '#fh-withdraw-mark-1 Write why this is not the listed person',
    ]);
    expect(server.called('POST false-hits/mark-1/withdraw')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Why the mark is withdrawn', { exact: false }), {
      target: { value: 'The list owner wrote to us.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the mark' }));
    await screen.findByText('The mark is withdrawn: this entry refers this traveller again.');
    expect(server.called('POST false-hits/mark-1/withdraw').map((c) => c.body)).toEqual([
      { reason: 'The list owner wrote to us.' },
    ]);
  });

  it('a hit spared by a mark made on an earlier application says so, with who and when', async () => {
    await open(STAFF.officer, withHit({ ability: 'decide' }, watchlistHit('mark-7')), [
      marks({
        mayMark: true,
        marks: [
          mark({
            id: 'mark-7',
            state: 'confirmed',
            markedOn: { id: 'earlier', applicationNumber: '2026-000050' },
            confirmedByEmail: STAFF.supervisor.email,
            confirmedAt: '2026-10-02T09:00:00Z',
          }),
        ],
      }),
    ]);
    await screen.findByText(
      'Spared by a mark: this hit is not a reason to refer this application.',
    );
    expect(screen.getByText('Marked on application 2026-000050.')).toBeTruthy();
    expect(
      screen.getByText(/^Confirmed by supervisor@office\.example on 2 October 2026/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not this person' })).toBeNull();
  });

  it('speaks Hebrew', async () => {
    await i18n.changeLanguage('he');
    try {
      await open(STAFF.officer, withHit({ ability: 'decide' }), [marks({ mayMark: true })]);
      const button = await screen.findByRole('button', { name: i18n.t('falseHits.notThisPerson') });
      expect(button.textContent).toBe('לא האדם הזה');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
