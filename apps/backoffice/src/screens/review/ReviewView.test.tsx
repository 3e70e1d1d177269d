// One review of a refusal: the refusal (reasons, note, who proposed and confirmed it) beside the
// traveller's statement and documents, the case's hits and history; the decision offered only
// when the server says this supervisor may take it: Uphold asks for a reason before anything is
// sent, Overturn asks once more in a dialog; the server's refusal is said in words.
import type {
  ReviewAnswer,
  ReviewDecisionAnswer,
  ReviewDetails,
  UpholdReviewRequest,
} from '@eta-il/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CASE_ID, caseDetails } from '../../test/cases.ts';
import { heading, listValue, openScreen, summaryErrors } from '../../test/render.tsx';
import { fakeServer, me, ok, type Reply, refused, STAFF } from '../../test/server.ts';
import { ReviewView } from './ReviewView.tsx';

const GET = `GET reviews/${CASE_ID}`;
const DOCUMENT_URL = `/office/api/reviews/${CASE_ID}/documents/1`;

const review = (changes: Partial<ReviewDetails> = {}): ReviewDetails => ({
  id: CASE_ID,
  applicationNumber: '2026-000101',
  statement: 'I am not the person on the list.',
  askedAt: '2026-11-21T09:00:00Z',
  documents: [
    { position: 1, mediaType: 'image/png', size: 20_480, url: DOCUMENT_URL },
    {
      position: 2,
      mediaType: 'application/pdf',
      size: 102_400,
      url: `${DOCUMENT_URL.slice(0, -1)}2`,
    },
  ],
  refusal: {
    reasons: ['securityConcern'],
    note: 'Matches the watchlist entry.',
    proposedByEmail: 'officer@office.example',
    confirmedByEmail: 'other-supervisor@office.example',
    refusedAt: '2026-11-20T10:00:00Z',
  },
  decision: null,
  ...changes,
});

const answer = (
  changes: Partial<Omit<ReviewAnswer, 'review'>> = {},
  details: Partial<ReviewDetails> = {},
) =>
  ok<ReviewAnswer>({
    review: review(details),
    case: caseDetails({ state: 'review_requested' }),
    mayDecide: true,
    notDecidable: null,
    ...changes,
  });

const open = async (answers: Reply[], routes: Record<string, Reply> = {}) => {
  const server = fakeServer({ 'GET me': me(STAFF.supervisor), [GET]: answers, ...routes });
  await openScreen(<ReviewView />, {
    path: `/reviews/${CASE_ID}`,
    route: '/reviews/:id',
    staff: STAFF.supervisor,
  });
  await screen.findByRole('heading', { level: 1, name: 'Review of 2026-000101' });
  return server;
};
const region = (name: string) => screen.getByRole('region', { name });
const press = (name: string, part: HTMLElement = document.body) =>
  fireEvent.click(within(part).getByRole('button', { name }));

describe('ReviewView', () => {
  it('shows the refusal beside the traveller’s statement and documents, with the hits and history', async () => {
    await open([answer()]);
    expect(heading()).toBe('Review of 2026-000101');
    const refusal = region('The refusal');
    expect(listValue('Reasons', refusal)).toBe('Security concern');
    expect(listValue('Note', refusal)).toBe('Matches the watchlist entry.');
    expect(listValue('Proposed by', refusal)).toBe('officer@office.example');
    expect(listValue('Confirmed by', refusal)).toBe('other-supervisor@office.example');
    const request = region("The traveller's request");
    expect(listValue('Statement', request)).toBe('I am not the person on the list.');
    const image = within(request).getByRole('img', {
      name: 'Supporting document 1, as the traveller sent it',
    });
    expect(image.getAttribute('src')).toBe(DOCUMENT_URL);
    expect(
      within(request).getByRole('link', { name: 'Open document 1 (PNG image, 20 KB)' }),
    ).toBeTruthy();
    // A PDF is not drawn on the page: it is downloaded (the server sends it as an attachment).
    expect(within(request).getAllByRole('img')).toHaveLength(1);
    expect(
      within(request)
        .getByRole('link', { name: 'Download document 2 (PDF, 100 KB)' })
        .getAttribute('href'),
    ).toBe(`/office/api/reviews/${CASE_ID}/documents/2`);
    expect(region('Why this case was referred')).toBeTruthy();
    expect(region('History')).toBeTruthy();
    expect(screen.getByText(/You took no part in this refusal/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe(
      `/cases/${CASE_ID}`,
    );
  });

  it('offers no decision to a supervisor who took part, and says why', async () => {
    await open([answer({ mayDecide: false, notDecidable: 'tookPart' })]);
    expect(screen.getByText(/You proposed or confirmed this refusal/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Decide the review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Overturn the refusal' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Uphold the refusal' })).toBeNull();
  });

  it('asks for the reason before upholding, in the summary and at the field; then sends it', async () => {
    const upheld = answer(
      { mayDecide: false, notDecidable: 'decided' },
      {
        decision: {
          outcome: 'upheld',
          byEmail: STAFF.supervisor.email,
          at: '2026-11-22T09:00:00Z',
          reason: 'The documents do not change it.',
        },
      },
    );
    const server = await open([answer(), upheld], {
      [`POST reviews/${CASE_ID}/uphold`]: ok<ReviewDecisionAnswer>({
        state: 'refused',
        outcome: 'upheld',
      }),
    });
    const uphold = region('Uphold the refusal');
    press('Uphold the refusal', uphold);
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual(['#upholdReason Write the reason for upholding the refusal']);
    const reason = within(uphold).getByLabelText('Reason for upholding');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(reason, { target: { value: '   ' } });
    press('Uphold the refusal', uphold);
    await waitFor(() =>
      expect(summaryErrors()).toEqual(['#upholdReason Write the reason for upholding the refusal']),
    );
    expect(server.called(`POST reviews/${CASE_ID}/uphold`)).toEqual([]);

    fireEvent.change(reason, { target: { value: '  The documents do not change it. ' } });
    press('Uphold the refusal', uphold);
    await screen.findByText('The refusal is upheld. The traveller is e-mailed.');
    const [sent] = server.called(`POST reviews/${CASE_ID}/uphold`);
    expect(sent?.body).toEqual({
      reason: 'The documents do not change it.',
    } satisfies UpholdReviewRequest);
    expect(sent?.token).toBe('token-of-this-session');
    // The review as it now is: decided, with no decision offered.
    const decision = region('Decision on the review');
    expect(listValue('Outcome', decision)).toBe('Refusal upheld');
    expect(listValue('Reason', decision)).toBe('The documents do not change it.');
    expect(screen.queryByRole('region', { name: 'Decide the review' })).toBeNull();
  });

  it('overturns after a second look in a dialog', async () => {
    const server = await open([answer()], {
      [`POST reviews/${CASE_ID}/overturn`]: ok<ReviewDecisionAnswer>({
        state: 'approved',
        outcome: 'overturned',
      }),
    });
    press('Overturn the refusal', region('Overturn the refusal'));
    const dialog = await screen.findByRole('dialog', { name: 'Overturn the refusal?' });
    expect(dialog.textContent).toContain('Application 2026-000101 will be approved');
    press('Cancel', dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.called(`POST reviews/${CASE_ID}/overturn`)).toEqual([]);
    press('Overturn the refusal', region('Overturn the refusal'));
    press('Yes, overturn and approve', await screen.findByRole('dialog'));
    await screen.findByText(
      'The refusal is overturned: the application is approved and the traveller is e-mailed.',
    );
    expect(server.called(`POST reviews/${CASE_ID}/overturn`)).toHaveLength(1);
  });

  it('says the server’s refusal in words', async () => {
    await open([answer()], {
      [`POST reviews/${CASE_ID}/overturn`]: refused(403, 'tookPart'),
    });
    press('Overturn the refusal', region('Overturn the refusal'));
    press('Yes, overturn and approve', await screen.findByRole('dialog'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You took part in this refusal: a supervisor who did not must review it.',
    );
  });
});
