// Renewal links and new passports (issue 31, decision 057). A renewal link is a random 256-bit
// token in a URL's fragment; only its SHA-256 hash is stored (renewal_link), with the application
// it renews, the address it went to, and 30 days to live. It is used once: the use is one UPDATE
// that only a link not yet used and not expired passes, and it records the session it opened. A
// new passport from the status page is recorded the same way (kind 'newPassport', used at once).
// The submission of that session is the renewal (renewed_application_id); for a new passport it
// also names the application it replaces, which ends when the new one is approved
// (decisions/move-application.ts).
import { randomBytes } from 'node:crypto';
import {
  type ApplicationDraft,
  isAuthorized,
  type MessageId,
  type NewPassport,
  type RenewalDraft,
  renewalDraft,
} from '@eta-il/domain';
import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Schema } from '../../db/schema.ts';
import { RENEWAL_TOKEN_BYTES, renewalTokenHash } from '../../decisions/renewal-link.ts';

type Tx = Kysely<Schema>;

/** 32 bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type RenewalLinkProblem = Extract<MessageId, 'renewalLinkNotFound' | 'renewalLinkExpired'>;
export type LinkOutcome<T> = { ok: true; value: T } | { ok: false; problem: RenewalLinkProblem };

interface LinkRow {
  applicationId: string;
  email: string;
}

const NOT_FOUND = { ok: false, problem: 'renewalLinkNotFound' } as const;
const EXPIRED = { ok: false, problem: 'renewalLinkExpired' } as const;

/** Why a link that is not usable now is not: unknown (404) or used or expired (410). */
const problemOf = async (db: Tx, hash: Buffer) => {
  const row = await db
    .selectFrom('renewal_link')
    .select('kind')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  // A new passport's record has no token anyone was given: as good as unknown.
  return row && row.kind === 'renewal' ? EXPIRED : NOT_FOUND;
};

/** The application and address of a link that may be used now. */
export const usableLink = async (
  db: Tx,
  clock: Clock,
  token: string,
): Promise<LinkOutcome<LinkRow>> => {
  if (!TOKEN_PATTERN.test(token)) return NOT_FOUND;
  const hash = renewalTokenHash(token);
  const row = await db
    .selectFrom('renewal_link')
    .select(['application_id', 'email', 'kind', 'used_at', 'expires_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (row?.kind !== 'renewal') return NOT_FOUND;
  if (row.used_at !== null || row.expires_at <= clock()) return EXPIRED;
  return { ok: true, value: { applicationId: row.application_id, email: row.email } };
};

/**
 * Uses a link, once: of two uses at the same moment one passes the UPDATE's condition and the
 * other finds it used. Records the session it opens.
 */
export const useLink = async (
  tx: Tx,
  clock: Clock,
  token: string,
  sessionId: string,
): Promise<LinkOutcome<LinkRow>> => {
  if (!TOKEN_PATTERN.test(token)) return NOT_FOUND;
  const hash = renewalTokenHash(token);
  const now = clock();
  const used = await tx
    .updateTable('renewal_link')
    .set({ used_at: now, session_id: sessionId })
    .where('token_hash', '=', hash)
    .where('kind', '=', 'renewal')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['application_id', 'email'])
    .executeTakeFirst();
  if (!used) return problemOf(tx, hash);
  return { ok: true, value: { applicationId: used.application_id, email: used.email } };
};

/** Records that a session opened a new passport's application for `applicationId`. */
export const recordNewPassport = async (
  tx: Tx,
  clock: Clock,
  { applicationId, email, sessionId }: { applicationId: string; email: string; sessionId: string },
) => {
  const now = clock();
  await tx
    .insertInto('renewal_link')
    .values({
      token_hash: renewalTokenHash(randomBytes(RENEWAL_TOKEN_BYTES).toString('base64url')),
      application_id: applicationId,
      kind: 'newPassport',
      email,
      created_at: now,
      expires_at: now,
      used_at: now,
      session_id: sessionId,
    })
    .execute();
};

/** The stored application's draft, renewed: what the traveller's browser starts from. */
export const renewedDraftOf = async (
  db: Tx,
  { applicationId, email }: LinkRow,
  today: string,
  newPassport?: NewPassport,
): Promise<RenewalDraft> => {
  const { draft } = await db
    .selectFrom('application')
    .select('draft')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const renewed = renewalDraft(draft as ApplicationDraft, today, newPassport);
  // The session is the link's address: the submission must come from it.
  return { ...renewed, draft: { ...renewed.draft, reqMainEmailAddress: email } };
};

/**
 * At submission: the renewal link of the session, if a renewal link or a new passport opened it,
 * given to the session's first application. A query for the submission's own statement (a CTE:
 * `renewed` is the application's id there); `linkRenewal` finishes what a link found starts.
 */
export const claimRenewalLink = (
  db: QueryCreator<Schema>,
  sessionId: string,
  renewedApplicationId: string,
) =>
  db
    .updateTable('renewal_link')
    .set({ renewed_application_id: renewedApplicationId })
    .where('session_id', '=', sessionId)
    .where('renewed_application_id', 'is', null)
    .returning(['application_id', 'kind']);

/** A renewal link claimed by a submission: the application it renews, and how it was opened. */
export interface ClaimedRenewalLink {
  application_id: string;
  kind: string;
}

/**
 * In the submission's transaction, once its link is claimed: its first application is the
 * renewal; a new passport's names the approved application it replaces, if it is the same
 * traveller's (the birth date) and still approved.
 */
export const linkRenewal = async (
  tx: Tx,
  link: ClaimedRenewalLink,
  renewal: { applicationId: string; birthDate: string; now: Date },
) => {
  // The application renewed: its last reminder is not sent (jobs/expiry-reminders.ts).
  await tx
    .updateTable('application')
    .set({ renewal_submitted_at: renewal.now })
    .where('id', '=', link.application_id)
    .where('renewal_submitted_at', 'is', null)
    .execute();
  if (link.kind !== 'newPassport') return;
  const old = await tx
    .selectFrom('application')
    .select(['state', sql<string>`birth_date::text`.as('birth_date')])
    .where('id', '=', link.application_id)
    .executeTakeFirst();
  if (!old || !isAuthorized(old.state) || old.birth_date !== renewal.birthDate) return;
  await tx
    .updateTable('application')
    .set({ replaces_application_id: link.application_id })
    .where('id', '=', renewal.applicationId)
    .execute();
};
