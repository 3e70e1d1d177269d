// Table types for Kysely. Times are written from the injected clock, never SQL's now().
import type { ApplicationDraft, PaymentStatus } from '@eta-il/domain';
import type { ColumnType, Generated } from 'kysely';
import type { OfficeTables } from '../audit/tables.ts';

type Json<T> = ColumnType<T, string, string>;

interface ReferenceItemTable {
  list: string;
  code: number;
  position: number;
  record: Json<Record<string, unknown>>;
}

interface ReferenceVersionTable {
  id: Generated<boolean>;
  content_hash: string;
  updated_at: Date;
}

interface EmailCodeTable {
  id: Generated<string>;
  email: string;
  code_hash: string;
  sent_at: Date;
  expires_at: Date;
  failed_attempts: Generated<number>;
  used_at: Date | null;
  /** The client (IP address) that asked for the code. */
  client: Generated<string>;
  /** What the code confirms (decision 048): a CodePurpose. */
  purpose: Generated<string>;
  /** The application or saved draft it confirms for; '' for sign-up. */
  subject: Generated<string>;
}

interface EmailCodeFailureTable {
  id: Generated<string>;
  email: string;
  at: Date;
  client: Generated<string>;
}

/** A client blocked from one address's codes (decision 002). */
interface EmailBlockTable {
  email: string;
  client: Generated<string>;
  blocked_until: Date;
}

/** A shared request counter of @fastify/rate-limit (security/rate-limit-store.ts). */
interface RateLimitTable {
  key: string;
  hits: number;
  reset_at: Date;
}

interface PhotoTable {
  id: string;
  email: string;
  content_type: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  created_at: Date;
}

interface ApplicationTable {
  id: string;
  req_num: string;
  email: string;
  passport_num: string;
  passport_country_id: number;
  first_name: string;
  last_name: string;
  birth_date: ColumnType<Date | string, string, string>;
  arrival_date: ColumnType<Date | string, string, string>;
  photo_id: string | null;
  draft: Json<ApplicationDraft>;
  created_at: Date;
  /** Migration 005: the lifecycle state (moved only by decisions/move-application.ts). */
  state: Generated<string>;
  state_changed_at: Date | null;
  /** The language of the traveller's e-mails. */
  language: Generated<string>;
  /** Migration 009: the number the travellers of one group application share (else null). */
  group_num: string | null;
  /** Migration 012: a correction asked for the application to be screened again (else null). */
  rescreen_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 016: the number the fee is paid under (group_num or req_num); null if waived. */
  fee_reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 016: when the one reminder to pay went. */
  payment_reminded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 026: the approved application a new passport's application replaces (else null). */
  replaces_application_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 025: the traveller asked to be e-mailed before the authorization ends (issue 31). */
  reminder_consent: Generated<boolean>;
  /** Migration 025: when a renewal of this application was submitted (stops the last reminder). */
  renewal_submitted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Migration 025: a reminder sent before an authorization ends, once per last day and kind. */
interface ApplicationReminderTable {
  application_id: string;
  valid_until: ColumnType<Date | string, string, string>;
  days_before: number;
  sent_at: Date;
}

interface IdempotencyKeyTable {
  key: string;
  email: string;
  request_hash: string;
  status_code: number | null;
  response: Json<unknown> | null;
  created_at: Date;
}

/** A traveller's session ended by its submission (migration 017, auth/revocations.ts). */
interface RevokedSessionTable {
  /** The session's id (an HMAC of its address and auth_time), never the token. */
  session_id: string;
  revoked_at: Date;
  /** No token of the session is valid from then on: the row may go. */
  expires_at: Date;
}

/** Mail waiting for the job queue (migration 003); deleted once delivered. */
export interface MailMessageTable {
  id: Generated<string>;
  job_id: Generated<string>;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
  /** When the relay filed its delivery job. */
  queued_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** When delivery was given up (dead letter). */
  dead_at: Date | null;
}

interface DevMailboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  delivered_at: Date;
}

interface ApplicationTransitionTable {
  id: Generated<string>;
  application_id: string;
  from_state: string;
  to_state: string;
  at: Date;
  actor_kind: string;
  actor_id: string | null;
  reasons: Json<string[]>;
  note: string | null;
}

interface TravelAuthorizationTable {
  id: string;
  application_id: string;
  bearer_index: number;
  passport_num: string;
  passport_country_id: number;
  valid_from: ColumnType<Date | string, string, string>;
  valid_until: ColumnType<Date | string, string, string>;
  issued_at: Date;
}

/** Migration 006: each bearer's screening outcome, with its hits for the officer. */
interface ScreeningResultTable {
  application_id: string;
  bearer_index: number;
  outcome: 'approve' | 'refer';
  hits: Json<unknown>;
  rules_checked: Json<unknown>;
  screened_at: Date;
}

/** Migration 011: a draft saved to be continued later, sealed (api/saved-application). */
interface SavedApplicationTable {
  token_hash: Uint8Array;
  email: string;
  sealed: Uint8Array;
  photo_ids: Generated<string[]>;
  created_at: Date;
  expires_at: Date;
}

/** Migration 026: a renewal link, or a new passport opened from the status page (decision 057). */
interface RenewalLinkTable {
  token_hash: Uint8Array;
  application_id: string;
  kind: ColumnType<'renewal' | 'newPassport', 'renewal' | 'newPassport' | undefined, never>;
  email: string;
  created_at: Date;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The session the link opened: its submission is the renewal. */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  renewed_application_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 010: a traveller's correction of one field before the decision. */
interface ApplicationCorrectionTable {
  id: Generated<string>;
  application_id: string;
  field: string;
  old_value: string;
  new_value: string;
  at: Date;
}

/** Migration 018: a traveller's request that an officer move a lost contact address (047). */
interface ContactChangeRequestTable {
  id: Generated<string>;
  application_id: string;
  new_email: string;
  mrz_line1: string;
  mrz_line2: string;
  requested_at: Date;
  status: Generated<string>;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
}

/** Migration 016: one payment session at a provider for one fee reference. */
/** Migration 023: a traveller's review of a refusal, one per application (issue 30). */
interface ApplicationReviewTable {
  application_id: string;
  statement: string;
  asked_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  outcome: 'upheld' | 'overturned' | null;
  reason: string | null;
}

/** Migration 023: a review's supporting documents, re-encoded (never as uploaded). */
interface ApplicationReviewDocumentTable {
  application_id: string;
  position: number;
  media_type: 'application/pdf' | 'image/jpeg' | 'image/png';
  content: Uint8Array;
}

export interface PaymentTable {
  id: string;
  reference: string;
  provider: string;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  url: string | null;
  amount_minor: number;
  currency: string;
  status: PaymentStatus;
  created_at: Date;
  paid_at: Date | null;
}

/** Migration 016: every provider event, once (its id is the key). */
interface PaymentEventTable {
  provider: string;
  id: string;
  type: string;
  received_at: Date;
  session_id: string | null;
  payment_id: string | null;
  outcome: string;
}

/** Migration 016: one full refund per payment. */
interface RefundTable {
  id: string;
  payment_id: string;
  provider_refund_id: string | null;
  amount_minor: number;
  currency: string;
  reason: string;
  requested_by: string;
  created_at: Date;
  /** Migration 021: the retries of a refund the provider did not make at once. */
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  claimed_until: Date | null;
  refunded_at: Date | null;
  given_up_at: Date | null;
}

/** Migration 021: each attempt to refund, and its outcome (none while in flight or cut short). */
interface RefundAttemptTable {
  refund_id: string;
  attempt: number;
  started_at: Date;
  finished_at: Date | null;
  outcome: 'refunded' | 'unavailable' | 'refused' | null;
  detail: string | null;
}

/** Migration 016: the development provider's sessions (PAYMENT_PROVIDER=dev only). */
interface DevPaymentSessionTable {
  id: string;
  payment_id: string;
  reference: string;
  amount_minor: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'paid' | 'expired';
  payment_ref: string | null;
  created_at: Date;
}

/** Migration 016: the development provider's refunds, one per idempotency key. */
interface DevPaymentRefundTable {
  idempotency_key: string;
  id: string;
  payment_ref: string;
  created_at: Date;
}

/** Migration 019: an airline that checks its passengers (issue 28). */
interface CarrierTable {
  id: string;
  name: string;
  iata_code: string;
  key_hash: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Migration 019: one boarding check, its answers in order (document numbers as keyed hashes). */
interface CarrierCheckTable {
  id: string;
  carrier_id: string;
  flight_carrier: string;
  flight_number: string;
  departure_date: ColumnType<Date | string, string, string>;
  departure_from: string;
  checked_at: Date;
  passengers: number;
  results: Json<CarrierCheckRecord[]>;
}

/** One passenger's line in a check's record. */
export interface CarrierCheckRecord {
  reference: string;
  /** HMAC-SHA-256 of the normalized document number under a server key; absent if malformed. */
  document?: string;
  answer: string;
  reason?: string;
}

/** With migration 007's back-office tables (audit/tables.ts). */
export interface Schema extends OfficeTables {
  carrier: CarrierTable;
  carrier_check: CarrierCheckTable;
  reference_item: ReferenceItemTable;
  reference_version: ReferenceVersionTable;
  email_code: EmailCodeTable;
  email_code_failure: EmailCodeFailureTable;
  email_block: EmailBlockTable;
  rate_limit: RateLimitTable;
  photo: PhotoTable;
  application: ApplicationTable;
  idempotency_key: IdempotencyKeyTable;
  revoked_session: RevokedSessionTable;
  mail_message: MailMessageTable;
  dev_mailbox: DevMailboxTable;
  application_transition: ApplicationTransitionTable;
  travel_authorization: TravelAuthorizationTable;
  screening_result: ScreeningResultTable;
  application_correction: ApplicationCorrectionTable;
  saved_application: SavedApplicationTable;
  renewal_link: RenewalLinkTable;
  contact_change_request: ContactChangeRequestTable;
  application_review: ApplicationReviewTable;
  application_reminder: ApplicationReminderTable;
  application_review_document: ApplicationReviewDocumentTable;
  payment: PaymentTable;
  payment_event: PaymentEventTable;
  refund: RefundTable;
  refund_attempt: RefundAttemptTable;
  dev_payment_session: DevPaymentSessionTable;
  dev_payment_refund: DevPaymentRefundTable;
  false_hit_mark: FalseHitMarkTable;
}

/** Migration 024: a watchlist hit marked "not this person" (issue 30 item 4, decision 055). */
interface FalseHitMarkTable {
  id: Generated<string>;
  entry_id: string;
  entry_last_change: string;
  /** As normalizeDocumentNumber gives it. */
  passport_number: string;
  issuing_country_id: number;
  birth_date: string;
  reason: string;
  application_id: string | null;
  bearer_index: number;
  marked_by: string;
  marked_at: Date;
  confirmed_by: string | null;
  confirmed_at: Date | null;
  rejected_by: string | null;
  rejected_at: Date | null;
  rejected_reason: string | null;
  withdrawn_by: string | null;
  withdrawn_at: Date | null;
  withdrawn_reason: string | null;
}
