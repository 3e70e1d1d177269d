// Local sign-in: address, password and TOTP code in one request (docs/decisions/043-staff-lockout-
// and-passwords.md). Failures are counted per address and source (the client's IP): each attempt
// takes its slot with one conditional upsert before anything is checked, so the fifth attempt
// from a source starts a lock and a sixth is refused unchecked, however many arrive at once. A
// lock lasts 15 minutes, doubled at each lock in a row (at most a day); an unknown address is
// counted and answered like a known one, and a source locks out only itself. Each TOTP code signs
// in once (a replayed code fails like a wrong one), also when two arrive together.
import { isStaffRole, type StaffMember } from '@eta-il/domain';
import { sql } from 'kysely';
import type { Sealer } from '../../api/saved-application/sealing.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import { normalEmail } from '../staff/accounts.ts';
import { decoyHash, openTotpSecret, passwordMatches, totpStep } from './credentials.ts';

/** Attempts from one source for one address; the last of them starts a lock. */
const MAX_SIGN_IN_ATTEMPTS = 5;
const FIRST_LOCK_SECONDS = 15 * 60;
const LONGEST_LOCK_SECONDS = 24 * 60 * 60;
/**
 * How long a source's count for an address outlives its last attempt: the retention job sweeps
 * the row once this has passed and no lock runs, so a pair quiet for a day starts afresh.
 */
export const SIGN_IN_THROTTLE_MEMORY_MS = LONGEST_LOCK_SECONDS * 1000;

export type SignInOutcome =
  | { ok: true; staff: StaffMember }
  | { ok: false; problem: 'wrongCredentials'; staffId: string | null }
  | { ok: false; problem: 'locked'; staffId: string | null; until: Date };

interface Slot {
  /** Set when this attempt was the last one allowed: it started a lock. */
  locksUntil: Date | null;
}

/**
 * Counts an attempt for `email` from `source`, atomically; undefined when a lock is running (the
 * attempt is then not checked at all).
 */
const takeSlot = async (
  db: OfficeDb,
  email: string,
  source: string,
  now: Date,
): Promise<Slot | undefined> => {
  const at = sql`CAST(${now.toISOString()} AS timestamptz)`;
  const attempts = sql`CASE WHEN t.locked_until IS NULL THEN t.attempts + 1 ELSE 1 END`;
  const locks = sql`(${attempts}) >= ${MAX_SIGN_IN_ATTEMPTS}`;
  const lockSeconds = sql`least(${FIRST_LOCK_SECONDS} * power(2, t.lockouts), ${LONGEST_LOCK_SECONDS})`;
  const taken = await sql<{ locked_until: Date | string | null }>`
    INSERT INTO staff_sign_in_throttle AS t (email, source, attempts, lockouts, last_at)
    VALUES (${email}, ${source}, 1, 0, ${at})
    ON CONFLICT (email, source) DO UPDATE SET
      attempts = CASE WHEN ${locks} THEN 0 ELSE ${attempts} END,
      locked_until = CASE WHEN ${locks} THEN ${at} + make_interval(secs => ${lockSeconds}) END,
      lockouts = t.lockouts + CASE WHEN ${locks} THEN 1 ELSE 0 END,
      last_at = ${at}
    WHERE t.locked_until IS NULL OR t.locked_until <= ${at}
    RETURNING t.locked_until`.execute(db);
  const row = taken.rows[0];
  if (!row) return undefined;
  return { locksUntil: row.locked_until === null ? null : new Date(row.locked_until) };
};

const lockedUntil = async (db: OfficeDb, email: string, source: string, now: Date) => {
  const row = await db
    .selectFrom('staff_sign_in_throttle')
    .select('locked_until')
    .where('email', '=', email)
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  return row.locked_until ?? now;
};

/** The 30-second step of a right password and fresh code, or undefined. */
const checkedStep = async (
  row: { id: string; email: string; password_hash: string; totp_sealed: Uint8Array },
  given: { password: string; code: string },
  totpSealer: Sealer,
  now: Date,
): Promise<number | undefined> => {
  const passwordRight = await passwordMatches(row.password_hash, given.password);
  const secret = openTotpSecret(totpSealer, row.id, row.totp_sealed);
  const step = secret === undefined ? undefined : totpStep(secret, row.email, given.code, now);
  return passwordRight ? step : undefined;
};

export const signIn = async (
  db: OfficeDb,
  now: Date,
  given: { email: string; password: string; code: string; source: string },
  totpSealer: Sealer,
): Promise<SignInOutcome> => {
  const email = normalEmail(given.email).slice(0, 254);
  const row = await db
    .selectFrom('staff')
    .select(['id', 'email', 'role', 'password_hash', 'totp_sealed', 'disabled'])
    .where('email', '=', email)
    .executeTakeFirst();
  const staffId = row?.id ?? null;
  const slot = await takeSlot(db, email, given.source, now);
  if (!slot) {
    return {
      ok: false,
      problem: 'locked',
      staffId,
      until: await lockedUntil(db, email, given.source, now),
    };
  }
  const refused = (): SignInOutcome =>
    slot.locksUntil
      ? { ok: false, problem: 'locked', staffId, until: slot.locksUntil }
      : { ok: false, problem: 'wrongCredentials', staffId };
  if (!row?.password_hash || !row.totp_sealed || row.disabled || !isStaffRole(row.role)) {
    // Unknown, not set up or disabled: the same work and the same answer as a wrong password.
    await passwordMatches(await decoyHash(), given.password);
    return refused();
  }
  const step = await checkedStep(
    {
      id: row.id,
      email: row.email,
      password_hash: row.password_hash,
      totp_sealed: row.totp_sealed,
    },
    given,
    totpSealer,
    now,
  );
  if (step === undefined) return refused();
  // A code is accepted once: a step seen (or one older) is a replay, also from a concurrent twin.
  const accepted = await db
    .updateTable('staff')
    .set({ totp_last_step: String(step) })
    .where('id', '=', row.id)
    .where((eb) =>
      eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(step))]),
    )
    .returning('id')
    .executeTakeFirst();
  if (!accepted) return refused();
  await db
    .deleteFrom('staff_sign_in_throttle')
    .where('email', '=', email)
    .where('source', '=', given.source)
    .execute();
  return { ok: true, staff: { id: row.id, email: row.email, role: row.role } };
};
