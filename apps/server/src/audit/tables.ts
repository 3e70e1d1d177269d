// Table types of migration 007 (the back office and its audit trail), kept beside the code that
// uses them; the shared Schema (db/schema.ts) extends OfficeTables.
import type { ColumnType, Generated } from 'kysely';
import type { Db } from '../db/database.ts';

type Json<T> = ColumnType<T, string, string>;

interface StaffTable {
  id: string;
  email: string;
  role: string;
  password_hash: string | null;
  /** The TOTP secret, AES-256-GCM sealed and bound to the id (migration 013). */
  totp_sealed: Uint8Array | null;
  /** The 30-second step of the last code accepted: a code is accepted once. */
  totp_last_step: string | null;
  setup_token_hash: string | null;
  setup_expires_at: Date | null;
  disabled: Generated<boolean>;
  created_at: Date;
  /** The OpenID Connect provider's subject, once the member has signed in through it. */
  oidc_subject: string | null;
  /** The admin who created the account; null when the operator's command did (migration 014). */
  created_by: string | null;
  /** A supervisor or admin account waiting for a second admin (no set-up link until then). */
  awaiting_confirmation: Generated<boolean>;
  confirmed_by: string | null;
}

interface StaffSessionTable {
  id_hash: string;
  staff_id: string;
  created_at: Date;
  last_seen_at: Date;
}

interface CaseClaimTable {
  application_id: string;
  staff_id: string;
  claimed_at: Date;
}

interface PendingRefusalTable {
  application_id: string;
  proposed_by: string;
  reasons: Json<string[]>;
  note: string;
  proposed_at: Date;
}

interface InfoRequestTable {
  id: Generated<string>;
  application_id: string;
  asked_by: string;
  reasons: Json<string[]>;
  question: string;
  asked_at: Date;
  answer: string | null;
  answered_at: Date | null;
}

/** Written by its trigger: seq, prev_hash and hash are computed in the database. */
interface AuditEventTable {
  seq: ColumnType<string, never, never>;
  at: Date;
  staff_id: string | null;
  actor: string;
  action: string;
  application_id: string | null;
  client: string;
  details: Json<Record<string, unknown>>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
  /** The server's seal under AUDIT_KEY (migration 014); null on rows written before it. */
  mac: string | null;
}

/** Failed sign-ins per address and source (migration 013, office/auth/sign-in.ts). */
interface StaffSignInThrottleTable {
  email: string;
  source: string;
  attempts: number;
  lockouts: Generated<number>;
  locked_until: Date | null;
  last_at: Date;
}

export interface OfficeTables {
  staff: StaffTable;
  staff_sign_in_throttle: StaffSignInThrottleTable;
  staff_session: StaffSessionTable;
  case_claim: CaseClaimTable;
  pending_refusal: PendingRefusalTable;
  info_request: InfoRequestTable;
  audit_event: AuditEventTable;
}

/** The shared Schema includes these tables (db/schema.ts). */
export type OfficeDb = Db;

export const officeDb = (db: Db): OfficeDb => db;
