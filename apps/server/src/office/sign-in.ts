// Local sign-in: address, password and TOTP code in one request. Five failures in a row lock the
// account for 15 minutes; a locked account answers the same whatever is typed. Each TOTP code
// signs in once (a replayed code fails like a wrong one).
import { isStaffRole } from '@eta-il/domain';
import type { OfficeDb } from '../audit/tables.ts';
import { decoyHash, passwordMatches, totpStep } from './credentials.ts';
import type { StaffMember } from './sessions.ts';
import { normalEmail } from './staff.ts';

const MAX_FAILED_SIGN_INS = 5;
const LOCKOUT_MS = 15 * 60 * 1000;

export type SignInOutcome =
  | { ok: true; staff: StaffMember }
  | { ok: false; problem: 'wrongCredentials'; staffId: string | null }
  | { ok: false; problem: 'locked'; staffId: string; until: Date };

export const signIn = async (
  db: OfficeDb,
  now: Date,
  given: { email: string; password: string; code: string },
): Promise<SignInOutcome> => {
  const email = normalEmail(given.email);
  const row = await db
    .selectFrom('staff')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  if (!row?.password_hash || !row.totp_secret || row.disabled || !isStaffRole(row.role)) {
    await passwordMatches(await decoyHash(), given.password);
    return { ok: false, problem: 'wrongCredentials', staffId: row?.id ?? null };
  }
  if (row.locked_until && row.locked_until > now) {
    return { ok: false, problem: 'locked', staffId: row.id, until: row.locked_until };
  }
  const passwordRight = await passwordMatches(row.password_hash, given.password);
  const step = totpStep(row.totp_secret, row.email, given.code, now);
  // A code is accepted once: a code seen (or one older) is a replay.
  const fresh =
    step !== undefined && (row.totp_last_step === null || step > Number(row.totp_last_step));
  if (!passwordRight || !fresh) {
    const failures = row.failed_sign_ins + 1;
    const locks = failures >= MAX_FAILED_SIGN_INS;
    const until = new Date(now.getTime() + LOCKOUT_MS);
    await db
      .updateTable('staff')
      .set({ failed_sign_ins: locks ? 0 : failures, locked_until: locks ? until : null })
      .where('id', '=', row.id)
      .execute();
    return locks
      ? { ok: false, problem: 'locked', staffId: row.id, until }
      : { ok: false, problem: 'wrongCredentials', staffId: row.id };
  }
  await db
    .updateTable('staff')
    .set({ failed_sign_ins: 0, locked_until: null, totp_last_step: String(step) })
    .where('id', '=', row.id)
    .execute();
  return { ok: true, staff: { id: row.id, email: row.email, role: row.role } };
};
