// The back office's API (docs/office-api.md): each answer of /office/api/…, and the simple request
// bodies, declared once for the server (which builds them) and the back office (which reads them).
// Every answer also carries `statusCode`; refusals `code` and `message` (apps/server/src/http.ts).
// Times are ISO strings, as JSON carries a Date; days are YYYY-MM-DD.
import type { ApplicationDraft } from '../application.ts';
import type { AuditChainReport } from '../audit-chain.ts';
import type { FEE_CURRENCY_CODE } from '../fee.ts';
import type { CaseAbility } from '../lifecycle/case-work.ts';
import type { ContactRequestStatus } from '../lifecycle/contact-request.ts';
import type { StaffRole } from '../lifecycle/machine.ts';
import type { InfoRequestReason, RefusalReason } from '../lifecycle/reasons.ts';
import type { ReviewDocumentType, ReviewerRefusal } from '../lifecycle/review.ts';
import type { MrzFieldComparison, StoredPassport } from '../mrz/compare.ts';
import type { ScreeningHit, ScreeningOutcome } from '../screening/engine.ts';
import type { FalseHitState } from '../screening/false-hits.ts';
import type { StaffPasswordProblem } from '../staff-password.ts';

// ── Set-up, sign-in, who am I ────────────────────────────────────────────────────────────────

/** A signed-in member of staff. */
export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
}

/** POST setup: the token of the set-up link, and the password chosen. */
export interface SetupRequest {
  token: string;
  password: string;
}

/** POST setup (200): the TOTP secret (base32), its otpauth:// URI and QR code (SVG data URL). */
export interface SetupAnswer {
  totpSecret: string;
  otpauthUri: string;
  qrCode: string;
}

/** A refusal: a stable code for the back office to translate, and the English text. */
interface Refusal {
  code: string;
  message: string;
}

/** POST setup, 400 weakPassword: why the password was refused (the link stays usable). */
export interface WeakPasswordAnswer extends Refusal {
  reason: StaffPasswordProblem;
}

/** GET auth-methods: local accounts always; the organisation's OpenID Connect when configured. */
export interface AuthMethods {
  local: true;
  oidc: boolean;
}

/** POST sign-in: password and TOTP code together. */
export interface SignInRequest {
  email: string;
  password: string;
  code: string;
}

/** POST sign-in (200) and GET me: who is signed in, and the session's anti-forgery token. */
export interface OfficeSession {
  staff: StaffMember;
  antiForgeryToken: string;
}

/** POST sign-in, 423 accountLocked: when the lock ends. */
export interface SignInLocked extends Refusal {
  lockedUntil: string;
}

/** GET reasons: the codes a refusal and an information request may carry. */
export interface ReasonsAnswer {
  refusal: readonly RefusalReason[];
  infoRequest: readonly InfoRequestReason[];
}

// ── Case work ────────────────────────────────────────────────────────────────────────────────

/** One case of GET queue. */
export interface QueueCase {
  id: string;
  applicationNumber: string;
  state: string;
  submittedAt: string;
  /** Time left against the 72-hour promise; negative when late. */
  timeLeftMs: number;
  /** YYYY-MM-DD. */
  arrivalDate: string;
  /** The main bearer's first and last name. */
  name: string;
  /** The main bearer's nationality: its country id in the reference list (`EXT_COUNTRY_ID`). */
  nationality: number | null;
  /** The screening reason codes of its hits. */
  hits: string[];
  /** The e-mail address of the member of staff who claimed it. */
  claimedBy: string | null;
  refusalPending: boolean;
}

/** GET queue?sort=: oldest submission first (the default), or soonest arrival first. */
export const QUEUE_SORTS = ['submitted', 'arrival'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** GET queue. */
export interface QueueAnswer {
  cases: QueueCase[];
}

/** A screening hit as it was stored when the bearer was screened (the domain's screening engine). */
export type { ScreeningHit } from '../screening/engine.ts';

/** The case's fee: the number it is paid under, the applications it covers, its payments. */
export interface CaseFee {
  /** Null when no fee was due (the pilot's waiver). */
  reference: string | null;
  /** The application numbers it covers (a family pays once). */
  covers: string[];
  /** Payments taken, oldest first. */
  payments: CaseFeePayment[];
}

/** One payment taken under the fee's number, and its refund if any. */
export interface CaseFeePayment {
  id: string;
  status: 'paid' | 'refunded';
  /** In shekels, as the texts quote it. */
  amount: number;
  currency: string;
  paidAt: string;
  /** The provider's reference of the payment (Stripe: pi_…). */
  providerRef: string | null;
  refund: {
    at: string;
    reason: string;
    /** The supervisor who asked for it; null when the service refunded a second payment itself. */
    byEmail: string | null;
    /** Recorded, and the provider has not yet confirmed it. */
    pending: boolean;
  } | null;
}

/** GET cases/:id `case`: the application in full. */
export interface CaseDetails {
  id: string;
  applicationNumber: string;
  state: string;
  email: string;
  language: string;
  submittedAt: string;
  /** Null until the application first moves from the state it was stored in. */
  stateChangedAt: string | null;
  /** Every answer as the traveller gave it (the stored jsonForm). */
  answers: ApplicationDraft;
  fee: CaseFee;
  /** The passport photo's address, or null. */
  photoUrl: string | null;
  screening: {
    bearerIndex: number;
    outcome: ScreeningOutcome;
    hits: readonly ScreeningHit[];
    /** The reason codes of every rule checked, hit or not. */
    rulesChecked: string[];
    screenedAt: string;
  }[];
  /** Earlier applications with the same passport number. */
  earlierApplications: {
    id: string;
    applicationNumber: string;
    state: string;
    submittedAt: string;
  }[];
  /** Every transition. */
  history: {
    from: string;
    to: string;
    at: string;
    actorKind: string;
    actorId: string | null;
    /** The member of staff who moved it. */
    actorEmail: string | null;
    /** For a refusal: who proposed it (the actor is the supervisor who confirmed it). */
    proposedByEmail: string | null;
    reasons: string[];
    note: string | null;
  }[];
  /** Proposed refusals and their rejections, which move no state, in the order they happened. */
  refusalSteps: {
    action: 'proposeRefusal' | 'rejectRefusal';
    at: string;
    byEmail: string;
    proposedByEmail: string | null;
    reasons: string[];
    /** The proposal's note or the rejection's comment. */
    note: string | null;
  }[];
  /** The traveller's corrections before the decision (a country by its id). */
  corrections: { field: string; from: string; to: string; at: string }[];
  claim: { staffId: string; email: string; claimedAt: string } | null;
  pendingRefusal: {
    /** The proposer's staff id. */
    proposedBy: string;
    proposedByEmail: string;
    reasons: string[];
    note: string;
    proposedAt: string;
  } | null;
  infoRequests: {
    /** The asker's e-mail address. */
    askedBy: string;
    reasons: string[];
    question: string;
    askedAt: string;
    answer: string | null;
    answeredAt: string | null;
  }[];
  /**
   * The false-hit marks of this case's hits (issue 30 item 4): those made on it, and those of its
   * bearers for its listed entries made on earlier applications — a hit's `sparedBy` names one.
   */
  falseHitMarks: FalseHitMarkView[];
}

/** GET cases/:id: the case, and what the signed-in member of staff can do with it now. */
export interface CaseAnswer {
  case: CaseDetails;
  ability: CaseAbility;
  mayRelease: boolean;
  /** A supervisor, and the fee is paid: "Refund the fee" is offered. */
  mayRefundFee: boolean;
  /** A supervisor, and the case is approved: the authorization may be revoked (issue 28). */
  mayRevoke: boolean;
}

/** POST cases/:id/approve (the body may be absent). */
export interface ApproveRequest {
  note?: string;
}

/** POST cases/:id/request-info. */
export interface InformationRequest {
  reasons: string[];
  question: string;
}

/** POST cases/:id/refuse (a proposal) and cases/:id/revoke: reasons and a note, both required. */
export interface RefuseRequest {
  reasons: string[];
  note: string;
}

/** POST cases/:id/refusal/reject (the body may be absent). */
export interface RejectRefusalRequest {
  comment?: string;
}

/** Every case action that succeeds (claim, release, approve, …): the case's state after it. */
export interface CaseActionAnswer {
  state: string;
}

/** POST cases/:id/refund: a supervisor's reason. */
export interface RefundRequest {
  reason: string;
}

/** POST cases/:id/refund (200). */
export interface RefundAnswer {
  refunded: true;
}

/** One result of GET search. */
export interface SearchResult {
  id: string;
  applicationNumber: string;
  state: string;
  name: string;
  passportNumber: string;
  submittedAt: string;
}

/** GET search?q=…. */
export interface SearchAnswer {
  results: SearchResult[];
}

/** Applications per state submitted since a day (in the service's time zone). */
export interface DashboardPeriod {
  since: string;
  perState: Record<string, number>;
}

/** Payments or refunds: how many, and how much. */
export interface FeeCount {
  count: number;
  /** In the currency's minor unit (agorot). */
  amountMinor: number;
}

/** Fees taken and refunded per day, every day of the last 14, oldest first. */
export interface DashboardFees {
  currency: typeof FEE_CURRENCY_CODE;
  days: { date: string; paid: FeeCount; refunded: FeeCount }[];
}

/** Reviews of refusals (issue 30): asked, decided and overturned, and how long they take. */
export interface DashboardReviews {
  /** Every review ever asked. */
  asked: number;
  decided: number;
  overturned: number;
  waiting: number;
  /** The age of the review waiting longest; null when none waits. */
  oldestWaitingSeconds: number | null;
  /** From the request to the supervisor's decision; null when none was decided. */
  medianSecondsToDecision: number | null;
}

/** GET dashboard `dashboard` (supervisors). */
export interface OfficeDashboard {
  today: DashboardPeriod;
  week: DashboardPeriod;
  decisionsThisWeek: number;
  /** Null when nothing was decided this week. */
  shareDecidedAutomatically: number | null;
  medianSecondsToDecision: number | null;
  p95SecondsToDecision: number | null;
  fees: DashboardFees;
  reviews: DashboardReviews;
  /** The case waiting longest since it reached the office. */
  oldestWaiting: {
    id: string;
    applicationNumber: string;
    state: string;
    waitingSince: string;
    waitingSeconds: number;
  } | null;
  /** False-hit marks as they stand now (issue 30 item 4): a confirmed one not withdrawn spares. */
  falseHitMarks: { proposed: number; confirmed: number; withdrawn: number; rejected: number };
  /**
   * Referrals the marks spared: applications screening approved only because a confirmed mark
   * spared each of their watchlist hits, this week and ever.
   */
  referralsSpared: { thisWeek: number; total: number };
  /** The median time from submission (receipt) to decision of cases decided this week that screening referred. */
  medianSecondsToDecisionReferred: number | null;
}

/** GET dashboard. */
export interface DashboardAnswer {
  dashboard: OfficeDashboard;
}

// ── Requests to move a lost contact address (decision 047) ──────────────────────────────────

/** A pending request, as GET contact-requests lists it. */
export interface ContactRequestSummary {
  id: string;
  applicationNumber: string;
  name: string;
  requestedAt: string;
}

/** GET contact-requests: the pending requests, oldest first. */
export interface ContactRequestsAnswer {
  requests: ContactRequestSummary[];
}

/** One request in full, beside its application's stored passport. */
export interface ContactRequestDetails {
  id: string;
  applicationId: string;
  applicationNumber: string;
  applicationState: string;
  currentEmail: string;
  newEmail: string;
  /** The two MRZ lines the traveller gave. */
  mrz: [string, string];
  requestedAt: string;
  status: ContactRequestStatus;
  /** The e-mail address of the member of staff who decided it. */
  decidedBy: string | null;
  decidedAt: string | null;
  /** A rejection's reason. */
  reason: string | null;
  storedPassport: StoredPassport;
  /** The MRZ field by field beside the stored passport; null when the lines no longer read. */
  comparison: MrzFieldComparison[] | null;
  photoUrl: string | null;
}

/** GET contact-requests/:id. */
export interface ContactRequestAnswer {
  request: ContactRequestDetails;
  mayDecide: boolean;
}

/** POST contact-requests/:id/reject: the reason the traveller is sent. */
export interface ContactRejectRequest {
  reason: string;
}

/** POST contact-requests/:id/accept or …/reject (200). */
export interface ContactDecisionAnswer {
  status: ContactRequestStatus;
}

// ── Reviews of refusals (issue 30) ──────────────────────────────────────────────────────────

/** How a review was decided: the refusal upheld (final), or overturned (approved). */
export type ReviewOutcome = 'upheld' | 'overturned';

/** A review waiting for a supervisor, as GET reviews lists it (its id is the application's). */
export interface ReviewSummary {
  id: string;
  applicationNumber: string;
  /** The main bearer's first and last name. */
  name: string;
  askedAt: string;
  /** How many supporting documents came with it. */
  documents: number;
  /** Whether the signed-in supervisor may decide it (someone new: no part in the refusal). */
  mayDecide: boolean;
  /** Why not, when they may not. */
  notDecidable: ReviewerRefusal | null;
}

/** GET reviews: the reviews waiting, oldest first. */
export interface ReviewsAnswer {
  reviews: ReviewSummary[];
}

/** A supporting document, as stored (re-encoded): GET its url for the bytes. */
interface ReviewDocument {
  position: number;
  mediaType: ReviewDocumentType;
  /** In bytes. */
  size: number;
  url: string;
}

/** The refusal under review: what it said, who proposed it and who confirmed it, when. */
interface ReviewedRefusal {
  reasons: string[];
  note: string | null;
  proposedByEmail: string | null;
  confirmedByEmail: string | null;
  refusedAt: string;
}

/** One review in full (GET reviews/:id `review`). */
export interface ReviewDetails {
  /** The application's id. */
  id: string;
  applicationNumber: string;
  /** The traveller's statement, as they wrote it. */
  statement: string;
  askedAt: string;
  documents: ReviewDocument[];
  refusal: ReviewedRefusal | null;
  /** Null while it waits. */
  decision: {
    outcome: ReviewOutcome;
    byEmail: string | null;
    at: string;
    /** An upheld refusal's reason. */
    reason: string | null;
  } | null;
}

/** GET reviews/:id: the review beside its case (hits, notes, history). */
export interface ReviewAnswer {
  review: ReviewDetails;
  case: CaseDetails;
  mayDecide: boolean;
  notDecidable: ReviewerRefusal | 'decided' | null;
}

/** POST reviews/:id/uphold: the supervisor's written reason. */
export interface UpholdReviewRequest {
  reason: string;
}

/** POST reviews/:id/uphold or …/overturn (200): the application's state after it. */
export interface ReviewDecisionAnswer {
  state: string;
  outcome: ReviewOutcome;
}

// ── Staff (admins) ──────────────────────────────────────────────────────────────────────────

/** One account of GET staff. */
export interface StaffListEntry {
  id: string;
  email: string;
  /** One of STAFF_ROLES. */
  role: string;
  disabled: boolean;
  /** The password and the TOTP secret are set. */
  setUp: boolean;
  createdAt: string;
  /** The admin who created it; null when the operator's command did. */
  createdBy: string | null;
  awaitingConfirmation: boolean;
  /** Whether this admin may confirm it (four eyes: not the admin who created it). */
  mayConfirm: boolean;
}

/** GET staff. */
export interface StaffListAnswer {
  staff: StaffListEntry[];
}

/** POST staff. */
export interface AddStaffRequest {
  email: string;
  role: string;
}

/** POST staff (201): the set-up link went to the member's address; none yet while awaiting. */
export interface StaffAdded {
  id: string;
  awaitingConfirmation: boolean;
  linkExpiresAt: string | null;
}

/** POST staff/:id/confirm (200). */
export interface StaffConfirmed {
  linkExpiresAt: string;
}

// ── Audit trail (auditors) ──────────────────────────────────────────────────────────────────

/** One row of the audit trail. */
export interface AuditEvent {
  seq: number;
  at: string;
  staffId: string | null;
  actor: string;
  action: string;
  applicationId: string | null;
  /** The client's address. */
  client: string;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

/** GET audit. */
export interface AuditEventsAnswer {
  events: AuditEvent[];
}

/** GET audit/verify. */
export interface AuditVerifyAnswer {
  report: AuditChainReport;
}

// ── Carriers (issue 28) ─────────────────────────────────────────────────────────────────────

/** A carrier account (its key is never shown again). */
export interface CarrierAccount {
  id: string;
  name: string;
  iataCode: string;
  createdAt: string;
  revokedAt: string | null;
}

/** GET carriers (admins). */
export interface CarriersAnswer {
  carriers: CarrierAccount[];
}

/** POST carriers. */
export interface AddCarrierRequest {
  name: string;
  iataCode: string;
}

/** POST carriers/:id/revoke (200). */
export interface CarrierAnswer {
  carrier: CarrierAccount;
}

/** POST carriers (201) and carriers/:id/replace-key (200): the new key, shown this once. */
export interface CarrierKey extends CarrierAnswer {
  key: string;
}

/** One boarding check of GET carrier-checks (auditors); document numbers are never answered. */
export interface CarrierCheckSummary {
  id: string;
  carrierName: string;
  carrierCode: string;
  flightCarrier: string;
  flightNumber: string;
  departureDate: string;
  from: string;
  checkedAt: string;
  passengers: number;
  results: { reference: string; answer: string; reason?: string }[];
}

/** GET carrier-checks, newest first. */
export interface CarrierChecksAnswer {
  checks: CarrierCheckSummary[];
}

// ── False hits cleared once (issue 30 item 4, decision 055) ──────────────────────────────────

/** POST cases/:id/false-hits: the case holder marks a bearer's watchlist hit "not this person". */
export interface FalseHitMarkRequest {
  bearerIndex: number;
  /** The listed entry's id, as the hit names it (`details.entryId`). */
  entryId: string;
  reason: string;
}

/** POST false-hits/:id/withdraw (required) and false-hits/:id/reject (optional). */
export interface FalseHitReasonRequest {
  reason: string;
}

/** A mark as the case view shows it: what it is for, its state and each step with who and when. */
export interface FalseHitMarkView {
  id: string;
  entryId: string;
  /** The entry's `last_change` the mark was made against (a hit of another is not spared). */
  entryLastChange: string;
  /** The bearer of this case the mark is for. */
  bearerIndex: number;
  /** The application it was marked on (null once that application is purged). */
  markedOn: { id: string; applicationNumber: string } | null;
  state: FalseHitState;
  reason: string;
  markedBy: string;
  markedByEmail: string;
  markedAt: string;
  confirmedByEmail: string | null;
  confirmedAt: string | null;
  rejectedByEmail: string | null;
  rejectedAt: string | null;
  rejectedReason: string | null;
  withdrawnByEmail: string | null;
  withdrawnAt: string | null;
  withdrawnReason: string | null;
}

/** A mark with what the signed-in member of staff may do with it now. */
export interface FalseHitMarkEntry extends FalseHitMarkView {
  /** A supervisor who did not mark it, and it is proposed: Confirm and Reject are offered. */
  mayConfirm: boolean;
  /** A supervisor, and it is confirmed: Withdraw is offered. */
  mayWithdraw: boolean;
}

/** GET cases/:id/false-hits. */
export interface FalseHitMarksAnswer {
  marks: FalseHitMarkEntry[];
  /** The signed-in member of staff holds the case and it is with the office: "Not this person". */
  mayMark: boolean;
}

/** Every false-hit step that succeeds: the mark after it. */
export interface FalseHitActionAnswer {
  mark: FalseHitMarkView;
}
