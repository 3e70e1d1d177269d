// The back office's decision forms: what each asks for, in which words (message ids), and the
// trimmed body it lets through.
import { describe, expect, it } from 'vitest';
import {
  CONTACT_REJECTION_REASON_MAX,
  ContactRejectionFormSchema,
  DECISION_TEXT_MAX,
  FEE_REFUND_REASON_MAX,
  InformationRequestFormSchema,
  RefundFormSchema,
  RefusalFormSchema,
} from '../src/index.ts';

/** Each field's first problem, by message id. */
const problems = (
  schema: {
    safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  values: unknown,
) => {
  const found: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    found[String(issue.path[0])] ??= issue.message;
  }
  return found;
};

describe('decision forms', () => {
  it.each([
    [
      'a question with no reason and no words',
      InformationRequestFormSchema,
      { reasons: [], question: '  ' },
      { reasons: 'reasonsMissing', question: 'questionMissing' },
    ],
    [
      'a question with a refusal reason',
      InformationRequestFormSchema,
      { reasons: ['securityConcern'], question: 'Why?' },
      { reasons: 'reasonsMissing' },
    ],
    [
      'a question too long',
      InformationRequestFormSchema,
      { reasons: ['travelPurpose'], question: 'x'.repeat(DECISION_TEXT_MAX + 1) },
      { question: 'tooLong' },
    ],
    [
      'a refusal with no reason and no note',
      RefusalFormSchema,
      { reasons: [], note: '' },
      { reasons: 'reasonsMissing', note: 'noteMissing' },
    ],
    [
      'a refusal with a question reason',
      RefusalFormSchema,
      { reasons: ['passportScan'], note: 'n' },
      { reasons: 'reasonsMissing' },
    ],
    [
      'a refund with no reason',
      RefundFormSchema,
      { reason: ' \n ' },
      { reason: 'refundReasonMissing' },
    ],
    [
      'a refund reason too long',
      RefundFormSchema,
      { reason: 'x'.repeat(FEE_REFUND_REASON_MAX + 1) },
      { reason: 'tooLong' },
    ],
    [
      'a rejection with no reason',
      ContactRejectionFormSchema,
      { reason: '' },
      { reason: 'rejectionReasonMissing' },
    ],
    [
      'a rejection reason too long',
      ContactRejectionFormSchema,
      { reason: 'x'.repeat(CONTACT_REJECTION_REASON_MAX + 1) },
      { reason: 'tooLong' },
    ],
  ])('%s', (_, schema, values, expected) => {
    expect(problems(schema, values)).toEqual(expected);
  });

  it('lets through the trimmed body the server takes', () => {
    expect(
      InformationRequestFormSchema.parse({
        reasons: ['travelPurpose'],
        question: '  Where will you stay? ',
      }),
    ).toEqual({ reasons: ['travelPurpose'], question: 'Where will you stay?' });
    expect(
      RefusalFormSchema.parse({
        reasons: ['securityConcern', 'previousRefusal'],
        note: ' Matches the list. ',
      }),
    ).toEqual({ reasons: ['securityConcern', 'previousRefusal'], note: 'Matches the list.' });
    expect(RefundFormSchema.parse({ reason: ' Paid twice ' })).toEqual({ reason: 'Paid twice' });
    expect(ContactRejectionFormSchema.parse({ reason: ' No match ' })).toEqual({
      reason: 'No match',
    });
  });
});
