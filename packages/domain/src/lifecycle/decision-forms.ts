// The forms of the back office's decisions, each a schema for the browser to check before it
// sends: the reasons chosen from the domain's lists, and the words that must go with them. Each
// check's message is a message id (the back office words it: locales' formErrors.<id>); trimmed
// text is what is sent. The limits are the server's (apps/server/src/office/cases/routes.ts and
// contact-requests/routes.ts check the same bodies with their own zod schemas).
import * as z from 'zod/mini';
import type {
  ContactRejectRequest,
  InformationRequest,
  RefundRequest,
  RefuseRequest,
  UpholdReviewRequest,
} from '../wire/office.ts';
import { FEE_REFUND_REASON_MAX } from './case-work.ts';
import { CONTACT_REJECTION_REASON_MAX } from './contact-request.ts';
import { INFO_REQUEST_REASONS, REFUSAL_REASONS } from './reasons.ts';
import { REVIEW_REASON_MAX } from './review.ts';

/** The longest question, note or comment a decision on a case carries. */
export const DECISION_TEXT_MAX = 2000;

/** What a decision form says is missing or wrong, by id. */
export type DecisionFormMessage =
  | 'reasonsMissing'
  | 'questionMissing'
  | 'noteMissing'
  | 'refundReasonMissing'
  | 'rejectionReasonMissing'
  | 'upholdReasonMissing'
  | 'tooLong';

const stop = (id: DecisionFormMessage) => ({ error: id, abort: true });

/** Required words, trimmed, up to `max` characters. */
const words = (missing: DecisionFormMessage, max: number) =>
  z.string().check(z.trim(), z.minLength(1, stop(missing)), z.maxLength(max, stop('tooLong')));

/** At least one reason, each from the list, none twice. */
const reasonsFrom = <const T extends readonly [string, ...string[]]>(codes: T) =>
  z.array(z.enum(codes, { error: 'reasonsMissing' })).check(
    z.minLength(1, stop('reasonsMissing')),
    z.refine((chosen) => new Set(chosen).size === chosen.length, stop('reasonsMissing')),
  );

/** An officer asks the traveller (POST cases/:id/request-info). */
export const InformationRequestFormSchema = z.object({
  reasons: reasonsFrom(INFO_REQUEST_REASONS),
  question: words('questionMissing', DECISION_TEXT_MAX),
}) satisfies z.ZodMiniType<InformationRequest>;

/** A refusal proposed (POST cases/:id/refuse), or an authorization revoked (…/revoke). */
export const RefusalFormSchema = z.object({
  reasons: reasonsFrom(REFUSAL_REASONS),
  note: words('noteMissing', DECISION_TEXT_MAX),
}) satisfies z.ZodMiniType<RefuseRequest>;

/** A supervisor gives the fee back (POST cases/:id/refund). */
export const RefundFormSchema = z.object({
  reason: words('refundReasonMissing', FEE_REFUND_REASON_MAX),
}) satisfies z.ZodMiniType<RefundRequest>;

/** A request to move a contact address rejected (POST contact-requests/:id/reject). */
export const ContactRejectionFormSchema = z.object({
  reason: words('rejectionReasonMissing', CONTACT_REJECTION_REASON_MAX),
}) satisfies z.ZodMiniType<ContactRejectRequest>;

/** A supervisor upholds a refusal under review (POST reviews/:id/uphold): the traveller reads why. */
export const UpholdReviewFormSchema = z.object({
  reason: words('upholdReasonMissing', REVIEW_REASON_MAX),
}) satisfies z.ZodMiniType<UpholdReviewRequest>;
