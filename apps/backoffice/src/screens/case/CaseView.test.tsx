// One case as a member of staff reads it: who the traveller is, what they can do now (as the
// server answers it), why it was referred, the application, the fee and the history; claiming it,
// a claim refused, and a supervisor's refund of the fee after a second look.
import type { CaseAnswer, RefundRequest } from '@eta-il/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CASE_ID, caseAnswer } from '../../test/cases.ts';
import { heading, listValue, openScreen, summaryErrors } from '../../test/render.tsx';
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
const CASE = `GET cases/${CASE_ID}`;

const open = async (
  staff: (typeof STAFF)[keyof typeof STAFF],
  answers: CaseAnswer | Reply[],
  routes: Record<string, Reply> = {},
) => {
  const server = fakeServer({
    'GET me': me(staff),
    [CASE]: Array.isArray(answers) ? answers : ok(answers),
    ...routes,
  });
  await openScreen(<CaseView />, { path: PATH, route: '/cases/:id', staff });
  return server;
};

describe('CaseView', () => {
  it('shows who the case is about, why it was referred and the application', async () => {
    await open(STAFF.officer, caseAnswer());
    await screen.findByRole('heading', { level: 1, name: 'Application 2026-000101' });
    expect(listValue('State')).toBe('In review');
    expect(listValue('Traveller')).toBe('JANE MARY DOE');
    expect(listValue('Submitted')).toBe('20 November 2026 at 08:30 UTC');
    expect(listValue('Language of the traveller')).toBe('French');
    const why = screen.getByRole('region', { name: 'Why this case was referred' });
    expect(within(why).getByRole('listitem').textContent).toBe(
      'Declared problems with the law: The traveller answered that they have had problems with the law.',
    );
    const application = screen.getByRole('region', { name: 'The application' });
    expect(within(application).getByText('AB1234567')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Fee' }).textContent).toContain('₪25.00');
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByRole('listitem').textContent).toBe(
      '20 November 2026 at 08:31 UTC: In review, by the systemReasons: Declared problems with the law',
    );
  });

  it('lets an officer claim a case nobody holds, then offers the decision', async () => {
    const server = await open(
      STAFF.officer,
      [
        ok(caseAnswer({ ability: 'claim' })),
        ok(
          caseAnswer(
            { ability: 'decide', mayRelease: true },
            {
              claim: {
                staffId: STAFF.officer.id,
                email: STAFF.officer.email,
                claimedAt: '2026-11-22T09:00:00Z',
              },
            },
          ),
        ),
      ],
      { [`POST cases/${CASE_ID}/claim`]: ok({ state: 'in_review' }) },
    );
    await screen.findByText('Nobody works on this case yet. Claim it to decide it.');
    expect(screen.queryByRole('heading', { name: 'Decide' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Claim this case' }));
    await screen.findByText('You now work on this case.');
    expect(server.called(`POST cases/${CASE_ID}/claim`)).toEqual([
      { route: `POST cases/${CASE_ID}/claim`, body: {}, token: ANTI_FORGERY_TOKEN },
    ]);
    expect(
      screen.getByText(
        'You work on this case. Read the evidence, then decide at the end of the page.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Decide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Release the case' })).toBeTruthy();
    expect(server.called(CASE)).toHaveLength(2);
  });

  it('says why a claim was refused, and stays as it was', async () => {
    await open(STAFF.officer, caseAnswer({ ability: 'claim' }), {
      [`POST cases/${CASE_ID}/claim`]: refused(403, 'claimedByOther'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim this case' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Another member of staff is working on this case.',
    );
    expect(screen.queryByRole('heading', { name: 'Decide' })).toBeNull();
  });

  it('offers an auditor nothing to do', async () => {
    await open(STAFF.auditor, caseAnswer({ ability: 'readOnly' }));
    await screen.findByText('You can read this case. Your role does not act on cases.');
    expect(screen.queryAllByRole('button', { name: /claim|release|approve|refund/i })).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Decide' })).toBeNull();
  });

  it('leads to the review of a refusal under review', async () => {
    await open(STAFF.supervisor, caseAnswer({ ability: 'closed' }, { state: 'review_requested' }));
    const link = await screen.findByRole('link', { name: 'Read the traveller’s review request' });
    expect(link.getAttribute('href')).toBe(`/reviews/${CASE_ID}`);
  });

  it('refunds the fee with a reason, after a second look', async () => {
    const server = await open(
      STAFF.supervisor,
      caseAnswer({ ability: 'readOnly', mayRefundFee: true }, { state: 'approved' }),
      { [`POST cases/${CASE_ID}/refund`]: ok({ refunded: true }) },
    );
    const refund = await screen.findByRole('button', { name: 'Refund the fee' });
    fireEvent.click(refund);
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual(['#refundReason Write the reason for the refund']);
    fireEvent.change(screen.getByLabelText('Reason for the refund'), {
      target: { value: '  Paid twice by mistake ' },
    });
    fireEvent.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Refund the fee?' });
    expect(dialog.textContent).toContain('You are about to refund ₪25.00 paid for 2026-000101');
    expect(server.called(`POST cases/${CASE_ID}/refund`)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund the fee' }));
    await screen.findByText('The fee is refunded. The traveller is e-mailed.');
    expect(server.called(`POST cases/${CASE_ID}/refund`).map((c) => c.body)).toEqual([
      { reason: 'Paid twice by mistake' } satisfies RefundRequest,
    ]);
  });

  it('says when there is no such case', async () => {
    await open(STAFF.officer, [refused(404, 'notFound')]);
    expect((await screen.findByRole('alert')).textContent).toBe('Page not found');
    expect(heading()).toBe('Loading…');
    expect(screen.getByRole('link', { name: 'Back to the queue' }).getAttribute('href')).toBe('/');
  });
});
