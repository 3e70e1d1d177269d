// Every figure of SPEC §9, by name. Nothing else in the code base writes these numbers.
import { PHOTO_QUALITY } from './photo/thresholds.ts';

/** A range of allowed lengths (characters, digits) or values, both ends included. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

// Visit, authorization and fee facts shown to travellers.
export const MAX_STAY_DAYS = 90;
export const MAX_STAY_MONTHS = 3;
export const AUTHORIZATION_VALIDITY_YEARS = 2;
/** The fee per traveller (SPEC §9); a family pays it once per traveller, in one payment (fee.ts). */
export const FEE_NIS = 25;
/**
 * The default of FEE_WAIVED_UNTIL: SPEC §1 waives the fee during the pilot, which ran to this date
 * (docs/decisions/022-fee-after-the-pilot.md, 049-the-fee.md). The server's parameter replaces it.
 */
export const PILOT_END_DATE = '2025-01-01';

/** Whether the fee is waived on `todayIso` (YYYY-MM-DD): only before `waivedUntil`. */
export const isFeeWaived = (todayIso: string, waivedUntil: string = PILOT_END_DATE): boolean =>
  todayIso < waivedUntil;
export const ANSWER_WITHIN_HOURS = 72;
const FEE_CURRENCY = 'NIS';

/** The most travellers one application takes (a family or group; New Zealand's limit). */
export const GROUP_SIZE_MAX = 10;

/**
 * The figures the texts quote, by name: every language's texts interpolate them
 * (`{{maxStayDays}}`), so a change here changes every text (issue 15, parameters not prose).
 * `currency` is the English word (SPEC: '25 NIS'); Hebrew and Arabic write their own (ש״ח, شيكل).
 * `/api/config` serves them with the pilot's end and whether the fee is charged today.
 */
// A review of a refusal (issue 30; lifecycle/review.ts has its rules).
/** Days after the refusal during which a review may be asked (REVIEW_DAYS overrides it). */
export const REVIEW_DAYS = 28;
/** The traveller's statement, in characters. */
export const REVIEW_STATEMENT_MAX = 5_000;
/** Supporting documents with one request. */
export const REVIEW_DOCUMENTS_MAX = 3;
/**
 * The multipart field of POST /api/status/review that carries the supporting documents (repeated,
 * one file each); here rather than with the wire schemas, so that the status page's first load
 * does not bring the schemas' validator with it.
 */
export const REVIEW_DOCUMENTS_FIELD = 'documents';
/** One document's size, in bytes. */
export const REVIEW_DOCUMENT_BYTES_MAX = 10 * 1024 * 1024;
/** What a supporting document may be, by its content (never by its name or declared type). */
export const REVIEW_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Pages a supporting PDF may have (each is redrawn as a picture). */
export const REVIEW_PDF_PAGES_MAX = 10;

// Reminders before an authorization ends (issue 31; lifecycle/reminders.ts has the rules).
/**
 * Days before the last day of validity on which a traveller who asked for it is e-mailed: the
 * first, then the last reminder (the last only when no renewal was submitted meanwhile).
 */
export const REMINDER_DAYS_BEFORE = [30, 7] as const;

export const TEXT_PARAMETERS = {
  fee: FEE_NIS,
  currency: FEE_CURRENCY,
  validityYears: AUTHORIZATION_VALIDITY_YEARS,
  maxStayDays: MAX_STAY_DAYS,
  maxStayMonths: MAX_STAY_MONTHS,
  answerWithinHours: ANSWER_WITHIN_HOURS,
  photoMinWidth: PHOTO_QUALITY.minWidth,
  photoMinHeight: PHOTO_QUALITY.minHeight,
  groupSizeMax: GROUP_SIZE_MAX,
  reviewDays: REVIEW_DAYS,
  reviewStatementMax: REVIEW_STATEMENT_MAX,
  reviewDocumentsMax: REVIEW_DOCUMENTS_MAX,
  reviewDocumentMb: REVIEW_DOCUMENT_BYTES_MAX / (1024 * 1024),
  reviewPdfPagesMax: REVIEW_PDF_PAGES_MAX,
} as const;

// People.
export const ADULT_AGE = 18;

// Request identity (SPEC §3 blank template, §9).
export const REQUEST_TYPE_ID = 2100;
export const GROUP_DOC = 1;
export const REQUEST_STATUS = {
  submitted: { id: 1, Description: 'Submitted' },
} as const;
export const GROUP_TYPE = {
  myself: { id: 1, Description: 'Myself' },
  someoneElse: { id: 2, Description: 'Someone else' },
} as const;
export const RELATIONSHIP_TYPE = {
  minor: { id: 1, Description: 'Minor' },
  adult: { id: 2, Description: 'Adult' },
} as const;

// Field lengths.
export const NAME_LENGTH: Range = { min: 2, max: 39 };
export const PARENT_FIRST_NAME_LENGTH: Range = { min: 2, max: 15 };
export const PASSPORT_NUMBER_LENGTH: Range = { min: 5, max: 9 };
export const PHONE_DIGITS: Range = { min: 9, max: 15 };
export const EMAIL_MAX_LENGTH = 60;
export const COMPANY_EMAIL_MAX_LENGTH = 60;
export const TOWN_MAX_LENGTH = 50;
export const COMPANY_TEXT_MAX_LENGTH = 50;
export const DESCRIPTION_LENGTH: Range = { min: 2, max: 250 };
export const MIN_TEXT_LENGTH = 2;
export const CODE_DIGITS = 6;
/** A whole e-mailed code as the server accepts it. */
export const CONFIRMATION_CODE_PATTERN = new RegExp(`^\\d{${CODE_DIGITS}}$`);
export const YEAR_DIGITS = 4;

// Dates.
export const DATE_YEAR: Range = { min: 1900, max: 3000 };
export const ARRIVAL_MAX_YEARS_AHEAD = 20;
export const ARRIVAL_WARNING_YEARS_AHEAD = 2;
export const PASSPORT_EXPIRY_MAX_YEARS_AHEAD = 50;
export const PASSPORT_EXPIRY_WARNING_YEARS = 2;
/** bearerDocExpireDate is the earlier of passport expiry and today + this many years. */
export const DOCUMENT_EXPIRY_YEARS = 2;

// Lists and files.
export const MAX_ADDITIONAL_NATIONALITIES = 5;
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

// Reference-data codes with rules attached.
/** Country id exempt from the nationality, birth-country and home-country enemy checks. */
export const EXCEPTION_COUNTRY_ID = 710;
export const ISRAEL_COUNTRY_CODE = 'ISR';
export const PALESTINE_COUNTRY_CODE = 'PSE';
export const EMPLOYED_OCCUPATION_CODES: readonly number[] = [1, 5];

/** Length-of-stay × entry-reason combinations that block (SPEC §5 "Travel info"). */
export const STAY_OVER_THREE_MONTHS_CODE = 6;
export const REASONS_LIMITED_TO_THREE_MONTHS: readonly number[] = [2, 3, 5, 8, 9, 10];
export const TOURISM_REASON_CODE = 1;
export const SHORT_VISIT_REASON_CODE = 7;
export const STAYS_LONGER_THAN_PURPOSE_ALLOWS: readonly number[] = [4, 5, 6];

/** Passport types that carry an advisory warning (SPEC §5 "Passport"). */
export const DIPLOMATIC_PASSPORT_TYPE_ID = 31;
export const OFFICIAL_PASSPORT_TYPE_IDS: readonly number[] = [96, 1001];

// Session and timing (milliseconds).
export const SESSION_WARNING_MS = 30 * 60 * 1000;
export const SESSION_VALIDITY_MS = 3_600_000;
/**
 * How long after the e-mail code was confirmed a session may still be renewed: a token is renewed
 * for another SESSION_VALIDITY_MS at most until this much time has passed since then (issue 26).
 */
export const SESSION_ABSOLUTE_MS = 2 * 3_600_000;
export const CHECK_LOADER_MS = 2000;
export const ELIGIBILITY_LOADER_MS = 2000;

// Layout and widgets.
export const TOOLTIP_ENTER_DELAY_MS = 100;
export const TOOLTIP_TOUCH_DELAY_MS = 700;
export const TOOLTIP_LEAVE_TOUCH_DELAY_MS = 1500;
export const PHONE_DEFAULT_PREFIX = '+';
export const PHONE_SEARCH_MIN_CHARS = 2;
export const PHONE_SEARCH_DEBOUNCE_MS = 250;
export const PHONE_GUESS_DIGITS = 6;
export const PHONE_DEFAULT_MASK_GROUPS = 12;

// Email-code policy (server-enforced; SPEC leaves it open, see docs/decisions/002-email-codes.md).
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_WRONG_TRIES = 5;
export const CODE_RESEND_INTERVAL_MS = 30 * 1000;
/**
 * What a code is for (decision 048): a code confirms only the purpose it was sent for, and a
 * status change only the application it was sent for; the resend interval is per purpose.
 * `contactRequest` is the one code sent to a NEW address: it proves that address is the
 * traveller's before an officer is asked to move the application to it (decision 047). `review`
 * confirms a request for the review of a refusal (issue 30); `reminders` the withdrawal of the
 * consent to reminders before the authorization ends (issue 31). `renewal` opens a renewal
 * link's prefilled application, `newPassport` a new passport's (issue 31, decision 057).
 */
const CODE_PURPOSES = [
  'signUp',
  'resume',
  'withdraw',
  'correct',
  'answer',
  'contactRequest',
  'review',
  'reminders',
  'renewal',
  'newPassport',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
/** Sends per hour for one address from one client; the 30-second interval is per pair too. */
export const CODE_SENDS_PER_HOUR = 5;
/** Sends per hour for one address from all clients together (bounds mail and guesses). */
export const CODE_SENDS_PER_ADDRESS_PER_HOUR = 20;
/** Sends per hour from one client to all addresses together. */
export const CODE_SENDS_PER_CLIENT_PER_HOUR = 30;
/** Wrong tries per hour for one address from one client before that client is blocked. */
export const ADDRESS_WRONG_TRIES_PER_HOUR = 15;
/** How long a client stays blocked from one address's codes. */
export const ADDRESS_BLOCK_MS = 2 * 60 * 60 * 1000;
/** A renewal link works once, for this long (issue 31, decision 057). */
export const RENEWAL_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Idempotency keys of submissions are honoured at least this long. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
