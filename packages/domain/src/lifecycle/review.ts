// A review of a refusal (issue 30): what the traveller may send, until when, and who may decide
// it. The machine's `requestReview`, `upholdRefusal` and `overturnRefusal` move the state; these
// rules say whether they may be asked now (docs/decisions/054-review-and-false-hits.md).
import { addDaysIso, type IsoDate } from '../dates.ts';
import { eventApplies, rolesFor, type StaffRole } from './machine.ts';

/** Days after the refusal during which a review may be asked (REVIEW_DAYS overrides it). */
export const REVIEW_DAYS = 28;
/** The traveller's statement, in characters. */
export const REVIEW_STATEMENT_MAX = 5_000;
/** Supporting documents with one request. */
export const REVIEW_DOCUMENTS_MAX = 3;
/** One document's size, in bytes. */
export const REVIEW_DOCUMENT_BYTES_MAX = 10 * 1024 * 1024;
/** What a supporting document may be, by its content (never by its name or declared type). */
export const REVIEW_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
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
