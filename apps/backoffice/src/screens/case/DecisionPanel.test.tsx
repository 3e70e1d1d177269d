// The decisions on a case: approve, ask the traveller or propose a refusal, each form checked by
// the domain's schema before it is sent; a supervisor's confirmation or rejection of another's
// proposal; and the revocation of an approved authorization, after a second look.
import type {
  ApproveRequest,
  InformationRequest,
  RefuseRequest,
  RejectRefusalRequest,
} from '@eta-il/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CASE_ID, caseDetails } from '../../test/cases.ts';
import { openScreen, summaryErrors } from '../../test/render.tsx';
import { fakeServer, me, ok, type Reply, refused, STAFF } from '../../test/server.ts';
import { ConfirmPanel, DecisionPanel, RevokePanel } from './DecisionPanel.tsx';

const at = (action: string) => `POST cases/${CASE_ID}/${action}`;
const done = { state: 'in_review' };

const openPanel = async (routes: Record<string, Reply> = {}) => {
  const server = fakeServer({ 'GET me': me(STAFF.officer), ...routes });
  const onDone = vi.fn();
  await openScreen(<DecisionPanel caseId={CASE_ID} onDone={onDone} />, { staff: null });
  return { server, onDone };
};
const region = (name: string) => screen.getByRole('region', { name });
const press = (name: string, within_: HTMLElement = document.body) =>
  fireEvent.click(within(within_).getByRole('button', { name }));
const type = (label: string, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });

describe('DecisionPanel', () => {
  it('asks for reasons and words before sending, in the summary and at each field', async () => {
    const { server } = await openPanel();
    const ask = region('Ask the traveller');
    press('Ask the traveller', ask);
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual([
      '#askReasons Choose at least one reason',
      '#question Write the question',
    ]);
    const question = within(ask).getByLabelText('Question to the traveller');
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(question.getAttribute('aria-describedby')).toBe('question-hint question-error');
    // The summary's link takes the keyboard to the first reason.
    fireEvent.click(screen.getByRole('link', { name: 'Choose at least one reason' }));
    expect(document.activeElement?.id).toBe('askReasons');
    // Words of spaces are no words; a reason chosen is no longer asked for.
    fireEvent.click(within(ask).getByLabelText('The purpose of the trip'));
    type('Question to the traveller', '   ', ask);
    await waitFor(() => expect(summaryErrors()).toEqual(['#question Write the question']));
    // The refusal's form, sent empty, lists its own problems in place of the question's.
    press('Propose a refusal', region('Propose a refusal'));
    await waitFor(() =>
      expect(summaryErrors()).toEqual([
        '#refuseReasons Choose at least one reason',
        '#refuseNote Write a note',
      ]),
    );
    expect(server.routes()).toEqual([]);
  });

  it('sends the question with its reasons, trimmed', async () => {
    const { server, onDone } = await openPanel({ [at('request-info')]: ok(done) });
    const ask = region('Ask the traveller');
    fireEvent.click(within(ask).getByLabelText('The purpose of the trip'));
    fireEvent.click(within(ask).getByLabelText('A return ticket'));
    type('Question to the traveller', '  Where will you stay in Israel? ', ask);
    press('Ask the traveller', ask);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('info_requested'));
    expect(server.called(at('request-info')).map((c) => c.body)).toEqual([
      {
        reasons: ['travelPurpose', 'returnTicket'],
        question: 'Where will you stay in Israel?',
      } satisfies InformationRequest,
    ]);
  });

  it('proposes a refusal, and says why the server refused it', async () => {
    const { server, onDone } = await openPanel({ [at('refuse')]: refused(409, 'refusalPending') });
    const refuse = region('Propose a refusal');
    fireEvent.click(within(refuse).getByLabelText('Security concern'));
    type('Note for the supervisor', ' Name and birth date match the list. ', refuse);
    press('Propose a refusal', refuse);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A refusal of this case is waiting for a supervisor.',
    );
    expect(server.called(at('refuse')).map((c) => c.body)).toEqual([
      {
        reasons: ['securityConcern'],
        note: 'Name and birth date match the list.',
      } satisfies RefuseRequest,
    ]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('approves, with the note when one is written', async () => {
    const { server, onDone } = await openPanel({ [at('approve')]: ok({ state: 'approved' }) });
    const approve = region('Approve');
    press('Approve', approve);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('approved'));
    type('Note (optional)', ' Checked by phone. ', approve);
    press('Approve', approve);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    expect(server.called(at('approve')).map((c) => c.body)).toEqual([
      {} satisfies ApproveRequest,
      { note: 'Checked by phone.' } satisfies ApproveRequest,
    ]);
  });
});

const PROPOSED = caseDetails({
  pendingRefusal: {
    proposedBy: STAFF.officer.id,
    proposedByEmail: STAFF.officer.email,
    reasons: ['securityConcern', 'previousRefusal'],
    note: 'Matches the watchlist entry.',
    proposedAt: '2026-11-22T09:30:00Z',
  },
});

describe('ConfirmPanel', () => {
  const openConfirm = async (routes: Record<string, Reply>) => {
    const server = fakeServer({ 'GET me': me(STAFF.supervisor), ...routes });
    const onDone = vi.fn();
    const pendingRefusal = PROPOSED.pendingRefusal!;
    await openScreen(<ConfirmPanel c={{ ...PROPOSED, pendingRefusal }} onDone={onDone} />, {
      staff: null,
    });
    return { server, onDone };
  };

  it('shows the proposal and confirms it only after a second look', async () => {
    const { server, onDone } = await openConfirm({
      [at('refusal/confirm')]: ok({ state: 'refused' }),
    });
    const proposal = region('Proposed refusal');
    expect(proposal.textContent).toContain(
      'officer@office.example proposed this refusal on 22 November 2026 at 09:30 UTC.',
    );
    expect(proposal.textContent).toContain('Reasons: Security concern, Previous refusal');
    press('Confirm the refusal', region('Confirm the refusal'));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this application?' });
    expect(dialog.textContent).toContain(
      'You are about to refuse application 2026-000101 of JANE MARY DOE.',
    );
    // Cancel sends nothing.
    press('Cancel', dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    press('Confirm the refusal', region('Confirm the refusal'));
    press('Yes, refuse the application', await screen.findByRole('dialog'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('refused'));
    expect(server.called(at('refusal/confirm')).map((c) => c.body)).toEqual([{}]);
  });

  it('rejects the proposal with a comment for the officer', async () => {
    const { server, onDone } = await openConfirm({ [at('refusal/reject')]: ok(done) });
    const reject = region('Reject the proposal');
    type('Comment for the officer (optional)', ' The dates differ. ', reject);
    press('Reject the proposal', reject);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('rejected'));
    expect(server.called(at('refusal/reject')).map((c) => c.body)).toEqual([
      { comment: 'The dates differ.' } satisfies RejectRefusalRequest,
    ]);
  });
});

describe('RevokePanel', () => {
  it('asks for reasons and a note, then revokes after a second look', async () => {
    const server = fakeServer({
      'GET me': me(STAFF.supervisor),
      [at('revoke')]: ok({ state: 'revoked' }),
    });
    const onDone = vi.fn();
    await openScreen(<RevokePanel c={caseDetails({ state: 'approved' })} onDone={onDone} />, {
      staff: null,
    });
    press('Revoke authorization');
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual([
      '#revokeReasons Choose at least one reason',
      '#revokeNote Write a note',
    ]);
    fireEvent.click(screen.getByLabelText('Document reported lost or stolen'));
    type('Note for the record (not sent to the traveller)', ' Reported stolen. ');
    press('Revoke authorization');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this authorization?' });
    expect(dialog.textContent).toContain('Reasons: Document reported lost or stolen');
    expect(server.called(at('revoke'))).toEqual([]);
    press('Yes, revoke the authorization', dialog);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('revoked'));
    expect(server.called(at('revoke')).map((c) => c.body)).toEqual([
      { reasons: ['documentReportedLost'], note: 'Reported stolen.' } satisfies RefuseRequest,
    ]);
  });
});
