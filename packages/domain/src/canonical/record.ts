// The canonical record (decision 013): what the server stores and what the review shows. A posted
// jsonForm is checked by the same step rules as the screens (validateSubmission); then the record
// is rebuilt from the blank template by each step's own toDraft, fed only the values its rules
// checked. So every {id, Description} comes from the reference lists by id, the fields the server
// owns (status, request type, group, bearerStatusArray, document expiry, relationship) are set
// here, unknown keys never reach the record, and what SPEC clears is cleared. Pure: "today" and
// the reference data are passed in.
import type { ApplicationDraft } from '../application.ts';
import { bearerOf, blankDraft, travellerDrafts } from '../draft.ts';
import {
  type SubmissionContext,
  type SubmissionIssue,
  stepsOfTraveller,
  validateSubmission,
} from '../submission.ts';
import { storedTextIssues } from './text-limits.ts';

export type CanonicalResult =
  | { ok: true; record: ApplicationDraft; warnings: SubmissionIssue[] }
  | { ok: false; issues: SubmissionIssue[] };

/**
 * A draft written again, step by step, from the blank template: the record it makes. The review
 * shows this of the traveller's draft, so what is read there is what will be stored.
 */
export const rebuildRecord = (
  draft: ApplicationDraft,
  ctx: SubmissionContext,
): ApplicationDraft => {
  // A group: each traveller rebuilt as a single application's traveller; the application's own
  // fields (contact, e-mail, declaration) from the first.
  const [first, ...others] = travellerDrafts(draft).map((single, index) =>
    stepsOfTraveller(index).reduce(
      (record, step) => step.rebuild(single, record, ctx),
      blankDraft(),
    ),
  );
  if (!first) return blankDraft();
  return {
    ...first,
    bearerList: [first, ...others].map(bearerOf),
  };
};

/** The posted jsonForm as the record to store, or the issues that refuse it. */
export const canonicalRecord = (input: unknown, ctx: SubmissionContext): CanonicalResult => {
  const checked = validateSubmission(input, ctx);
  if (!checked.ok) return checked;
  const record = rebuildRecord(checked.draft, ctx);
  const issues = storedTextIssues(record).map((i) => ({ ...i, step: 'record' }));
  return issues.length > 0
    ? { ok: false, issues }
    : { ok: true, record, warnings: checked.warnings };
};
