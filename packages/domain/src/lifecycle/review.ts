// A review of a refusal (issue 30): what the traveller may send, until when, and who may decide
// it. The machine's `requestReview`, `upholdRefusal` and `overturnRefusal` move the state; these
// rules say whether they may be asked now (docs/decisions/054-review-and-false-hits.md).
import { REVIEW_DAYS, type REVIEW_DOCUMENT_TYPES, REVIEW_STATEMENT_MAX } from '../constants.ts';
import { addDaysIso, type IsoDate } from '../dates.ts';
import type { MessageId } from '../messages.ts';
import { type FreeTextProblem, freeTextProblem } from './info-answer.ts';
import { eventApplies, rolesFor, type StaffRole, stateAfter, statesBefore } from './machine.ts';

// The review's figures are product parameters (../constants.ts), quoted in the texts.
export {
  REVIEW_DAYS,
  REVIEW_DOCUMENT_BYTES_MAX,
  REVIEW_DOCUMENT_TYPES,
  REVIEW_DOCUMENTS_MAX,
  REVIEW_PDF_PAGES_MAX,
  REVIEW_STATEMENT_MAX,
} from '../constants.ts';
export type ReviewDocumentType = (typeof REVIEW_DOCUMENT_TYPES)[number];
/** A supervisor's written reason for upholding a refusal, in characters. */
export const REVIEW_REASON_MAX = 2_000;

/** The last day on which a review of a refusal made on `refusedOn` may be asked. */
export const reviewUntil = (refusedOn: IsoDate, days: number = REVIEW_DAYS): IsoDate =>
  addDaysIso(refusedOn, days);

/** Why a review may not be asked now. */
export type ReviewRequestRefusal =
  /** The application is not refused (approved, in review, withdrawn…). */
  | 'notRefused'
  /** This refusal has had its review: the outcome is final. */
  | 'alreadyReviewed'
  /** Past the deadline: what remains is a visa application. */
  | 'tooLate';

/**
 * Whether the traveller may ask for a review now: a refusal, never reviewed, on or before its
 * last day (in the service's time zone).
 */
export const reviewRequestRefusal = (application: {
  state: string;
  /** Whether this refusal has been reviewed already (one review per refusal). */
  reviewed: boolean;
  today: IsoDate;
  reviewUntil: IsoDate;
}): ReviewRequestRefusal | null => {
  if (!eventApplies('requestReview', application.state)) return 'notRefused';
  if (application.reviewed) return 'alreadyReviewed';
  if (application.today > application.reviewUntil) return 'tooLate';
  return null;
};

export type ReviewStatementProblem = Extract<
  MessageId,
  'reviewStatementRequired' | 'tooLong' | 'reviewStatementCharacters'
>;
const STATEMENT_PROBLEMS: Record<FreeTextProblem, ReviewStatementProblem> = {
  empty: 'reviewStatementRequired',
  tooLong: 'tooLong',
  characters: 'reviewStatementCharacters',
};

/**
 * Why a review's statement cannot be sent: checked as every free text of the status page is
 * (freeTextProblem), up to REVIEW_STATEMENT_MAX characters after trimming.
 */
export const reviewStatementProblem = (statement: string): ReviewStatementProblem | undefined => {
  const problem = freeTextProblem(statement, REVIEW_STATEMENT_MAX);
  return problem && STATEMENT_PROBLEMS[problem];
};

/** The message of each refusal of a review request (409), saying what else can be done. */
export const REVIEW_REQUEST_REFUSAL_MESSAGES: Record<ReviewRequestRefusal, MessageId> = {
  notRefused: 'reviewNotRefused',
  alreadyReviewed: 'reviewAlreadyAsked',
  tooLate: 'reviewTooLate',
};

/** Why a supporting document is refused (by its content, its size, or their number). */
export type ReviewDocumentProblem = Extract<
  MessageId,
  | 'reviewDocumentType'
  | 'reviewDocumentUnreadable'
  | 'reviewDocumentTooLarge'
  | 'reviewTooManyDocuments'
  | 'reviewPdfTooManyPages'
>;

/**
 * The move that refused an application, which a review looks back at: a supervisor's `refuse`
 * (not a review's upholding, which enters the same state). Its reasons are the refusal's grounds.
 */
export const REFUSAL_MOVE = { from: statesBefore('refuse'), to: stateAfter('refuse') } as const;

/** A review waits for a supervisor's decision. */
export const awaitsReview = (state: string): boolean => eventApplies('overturnRefusal', state);

/** Why a member of staff may not decide a review. */
export type ReviewerRefusal = 'notSupervisor' | 'tookPart';

/**
 * Someone new: a supervisor who took no part in the refusal (neither proposed, confirmed nor
 * decided it). `tookPart` lists the staff ids that did.
 */
export const reviewerEligibility = (
  reviewer: { staff: string; role: StaffRole },
  tookPart: readonly string[],
): { ok: true } | { ok: false; refusal: ReviewerRefusal } => {
  if (!rolesFor('overturnRefusal').includes(reviewer.role)) {
    return { ok: false, refusal: 'notSupervisor' };
  }
  if (tookPart.includes(reviewer.staff)) return { ok: false, refusal: 'tookPart' };
  return { ok: true };
};
