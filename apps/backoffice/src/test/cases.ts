// A case as GET cases/:id answers it (the wire's CaseAnswer), around the domain's one valid
// application (packages/domain/test/fixtures.ts: JANE MARY DOE, a US passport): referred by one
// declared hit, in review, its fee paid. A test changes what it is about.
import type { CaseAnswer, CaseDetails } from '@eta-il/domain';
import { validDraft } from '../../../../packages/domain/test/fixtures.ts';

export const CASE_ID = '0b6f1f0e-3c55-4a8e-9d43-5d1f2a7c9e10';

export const caseDetails = (changes: Partial<CaseDetails> = {}): CaseDetails => ({
  id: CASE_ID,
  applicationNumber: '2026-000101',
  state: 'in_review',
  email: 'jane.doe@example.com',
  language: 'fr',
  submittedAt: '2026-11-20T08:30:00Z',
  stateChangedAt: '2026-11-20T08:31:00Z',
  answers: validDraft(),
  fee: {
    reference: 'F-2026-000101',
    covers: ['2026-000101'],
    payments: [
      {
        id: 'payment-1',
        status: 'paid',
        amount: 25,
        currency: 'ILS',
        paidAt: '2026-11-20T08:29:00Z',
        providerRef: 'pi_123',
        refund: null,
      },
    ],
  },
  photoUrl: null,
  screening: [
    {
      bearerIndex: 0,
      outcome: 'refer',
      hits: [
        {
          code: 'LAW_PROBLEMS',
          messageId: 'screeningLawProblems',
          score: 1,
          details: {},
        },
      ],
      rulesChecked: ['LAW_PROBLEMS', 'WATCHLIST'],
      screenedAt: '2026-11-20T08:31:00Z',
    },
  ],
  earlierApplications: [],
  history: [
    {
      from: 'screening',
      to: 'in_review',
      at: '2026-11-20T08:31:00Z',
      actorKind: 'system',
      actorId: null,
      actorEmail: null,
      proposedByEmail: null,
      reasons: ['LAW_PROBLEMS'],
      note: null,
    },
  ],
  refusalSteps: [],
  corrections: [],
  claim: null,
  pendingRefusal: null,
  infoRequests: [],
  falseHitMarks: [],
  ...changes,
});

export const caseAnswer = (
  changes: Partial<Omit<CaseAnswer, 'case'>> = {},
  details: Partial<CaseDetails> = {},
): CaseAnswer => ({
  case: caseDetails(details),
  ability: 'claim',
  mayRelease: false,
  mayRefundFee: false,
  mayRevoke: false,
  ...changes,
});
