// POST /api/status and the changes the status page confirms with an e-mailed code (withdrawing,
// answering an officer's question, correcting, asking to move a lost address, withdrawing the
// consent to reminders): each request as
// the server checks it, and each answer, declared once for the server and the web app. The codes
// of the `…/code` calls answer `CodeSentTo` (./email-code.ts); refusals are `Refusal`s.
import * as z from 'zod/mini';
import type { Correction, CorrectionChange } from '../corrections.ts';
import { isIsoDate } from '../dates.ts';
import { EmailSchema } from '../fields.ts';
import type { ApplicationState } from '../lifecycle/states.ts';
import { CodeTimestampSchema, ConfirmationCodeSchema } from './email-code.ts';
import type { StatusPayment } from './payment.ts';

const Text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** The three facts that find an application (POST /api/status, and POST /api/payment). */
export const StatusIdentitySchema = z.object({
  applicationNumber: Text(40),
  passportNumber: Text(20),
  birthDate: z.string().check(z.refine(isIsoDate)),
});
export type StatusIdentity = z.input<typeof StatusIdentitySchema>;

/** The code the traveller typed, and the timestamp its sending answered. */
const Confirmed = { code: ConfirmationCodeSchema, timestamp: CodeTimestampSchema };

/**
 * POST /api/status/{withdraw,answer,correction}/code: every code goes to the application's
 * current address. `email` (the new address a correction asks for) is still accepted, as older
 * pages send it, and ignored (decision 048).
 */
export const StatusCodeRequestSchema = z.object({
  ...StatusIdentitySchema.shape,
  email: z.optional(z.string()),
});

/** POST /api/status/withdraw. */
export const WithdrawRequestSchema = z.object({ ...StatusIdentitySchema.shape, ...Confirmed });
export type WithdrawRequest = z.input<typeof WithdrawRequestSchema>;

/** POST /api/status/answer's text, judged first so that its own refusal names the field. */
export const AnswerTextSchema = z.object({ answer: z.string() });
/** POST /api/status/answer. */
export const AnswerRequestSchema = z.object({
  ...StatusIdentitySchema.shape,
  ...Confirmed,
  answer: z.string(),
});
export type AnswerRequest = z.input<typeof AnswerRequestSchema>;

/**
 * POST /api/status/correction: the changes by field name. Any name is read here, so that a
 * locked field is refused with its own code (`correctionNotAllowed`) and an unknown one after.
 */
export const CorrectionRequestSchema = z.object({
  ...StatusIdentitySchema.shape,
  ...Confirmed,
  changes: z.record(z.string(), z.string().check(z.maxLength(254))),
});
/** What the page sends: the changes it offers, by the domain's correctable fields. */
export type CorrectionRequest = Omit<z.input<typeof CorrectionRequestSchema>, 'changes'> & {
  changes: Correction;
};

/** A lost address's new address, judged apart so that its refusal names it. */
export const NewEmailSchema = z.object({ newEmail: EmailSchema() });
/** POST /api/status/contact-request/code: the code goes to the NEW address (decision 047). */
export const ContactCodeRequestSchema = z.object({
  ...StatusIdentitySchema.shape,
  newEmail: z.string(),
});
export type ContactCodeRequest = z.input<typeof ContactCodeRequestSchema>;
const MrzLine = z.string().check(z.maxLength(60));
/** POST /api/status/contact-request: the new address, the passport's two MRZ lines, the code. */
export const ContactRequestSchema = z.object({
  ...ContactCodeRequestSchema.shape,
  ...Confirmed,
  mrz: z.tuple([MrzLine, MrzLine]),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;

/**
 * POST /api/status/review (multipart/form-data): the three facts, the code and its timestamp, the
 * statement, and 0 to REVIEW_DOCUMENTS_MAX files in the `documents` field. The form's text fields
 * arrive as strings: the timestamp is read as a number here. The statement is judged apart
 * (reviewStatementProblem), so that its refusal names the field; the files by their content.
 */
export const ReviewRequestSchema = z.object({
  ...StatusIdentitySchema.shape,
  code: ConfirmationCodeSchema,
  timestamp: z.pipe(
    z.string().check(z.regex(/^\d{1,16}$/)),
    z.pipe(
      z.transform((value: string) => Number(value)),
      CodeTimestampSchema,
    ),
  ),
  statement: z.string(),
});
export type ReviewRequest = z.input<typeof ReviewRequestSchema>;

/** POST /api/status (200). */
export interface StatusAnswer {
  status: ApplicationState;
  /** ISO time of the last change of state. */
  updatedAt: string;
  /** Approved: the last day of validity (YYYY-MM-DD). */
  validUntil?: string;
  /** Refused or information requested: the reasons in the traveller's language. */
  reasons?: { code: string; text: string }[];
  /** Approved: the signed link to the authorization document. */
  documentUrl?: string;
  /** While information is requested: the officer's question, for the traveller to answer. */
  question?: string;
  /** When the application has a fee: its amount, and when it was paid (absent while due). */
  payment?: StatusPayment;
  /**
   * Refused, and a review may still be asked for: the last day to ask (YYYY-MM-DD, in the
   * service's time zone; issue 30).
   */
  reviewUntil?: string;
  /**
   * Whether the traveller will be e-mailed before the authorization ends (issue 31): consent given
   * with the submission and not withdrawn.
   */
  reminders: boolean;
}

/**
 * POST /api/status/reminders/withdraw: the three facts and the code sent by
 * POST /api/status/reminders/code (whose request is StatusCodeRequestSchema's).
 */
export const RemindersWithdrawRequestSchema = z.object({
  ...StatusIdentitySchema.shape,
  ...Confirmed,
});
export type RemindersWithdrawRequest = z.input<typeof RemindersWithdrawRequestSchema>;

/** POST /api/status/reminders/withdraw (200): no reminder will be sent from now on. */
export interface RemindersWithdrawn {
  reminders: false;
}

/** POST /api/status/withdraw, /answer and /review (200): the application's state after the change. */
export interface StatusChanged {
  status: ApplicationState;
}

/** POST /api/status/correction (200): each field changed, from what to what. */
export interface Corrected {
  changes: CorrectionChange[];
}

/** POST /api/status/contact-request (200): the request waits for an officer. */
export interface ContactRequested {
  status: 'pending';
  message: string;
}
