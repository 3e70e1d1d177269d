// Staff accounts: created with a one-time set-up link (24 hours), set up with a password and a
// TOTP secret, disabled by an admin. Used by the admin routes and `npm run staff`.
import { randomUUID } from 'node:crypto';
import { isStaffRole, type StaffPasswordProblem, type StaffRole } from '@eta-il/domain';
import type { Sealer } from '../api/saved-application/sealing.ts';
import type { OfficeDb } from '../audit/tables.ts';
import {
  hashPassword,
  newToken,
  newTotpSecret,
  sealTotpSecret,
  tokenHash,
  totpUri,
} from './credentials.ts';
import { passwordProblem } from './password-policy.ts';

const SETUP_LINK_MS = 24 * 60 * 60 * 1000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normalEmail = (email: string): string => email.trim().toLowerCase();

export type AddStaffOutcome =
  | { ok: true; id: string; email: string; role: StaffRole; token: string; expiresAt: Date }
  | { ok: false; problem: 'badEmail' | 'badRole' | 'exists' };

/** A new account, or a new set-up link for an existing one that was never set up. */
export const addStaff = async (
  db: OfficeDb,
  now: Date,
  emailGiven: string,
  role: string,
): Promise<AddStaffOutcome> => {
  const email = normalEmail(emailGiven);
  if (!EMAIL.test(email) || email.length > 254) return { ok: false, problem: 'badEmail' };
  if (!isStaffRole(role)) return { ok: false, problem: 'badRole' };
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MS);
  const id = randomUUID();
  const inserted = await db
    .insertInto('staff')
    .values({
      id,
      email,
      role,
      setup_token_hash: tokenHash(token),
      setup_expires_at: expiresAt,
      created_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { ok: false, problem: 'exists' };
  return { ok: true, id, email, role, token, expiresAt };
};

/** The set-up link a new staff member opens (the token travels in the fragment, never logged). */
export const setupLink = (officeUrl: string, token: string): string =>
  new URL(`setup#token=${token}`, officeUrl).toString();

export type SetupOutcome =
  | { ok: true; staffId: string; email: string; totpSecret: string; otpauthUri: string }
  | { ok: false; problem: 'badToken' }
  | { ok: false; problem: 'weakPassword'; reason: StaffPasswordProblem };

/** Sets the password and a new TOTP secret (sealed, bound to the account); the link works once. */
export const completeSetup = async (
  db: OfficeDb,
  now: Date,
  token: string,
  password: string,
  totpSealer: Sealer,
): Promise<SetupOutcome> => {
  const weakness = passwordProblem(password);
  if (weakness) return { ok: false, problem: 'weakPassword', reason: weakness };
  const owner = await db
    .selectFrom('staff')
    .select('id')
    .where('setup_token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!owner) return { ok: false, problem: 'badToken' };
  const passwordHash = await hashPassword(password);
  const secret = newTotpSecret();
  const row = await db
    .updateTable('staff')
    .set({
      password_hash: passwordHash,
      totp_secret: null,
      totp_sealed: sealTotpSecret(totpSealer, owner.id, secret),
      setup_token_hash: null,
      setup_expires_at: null,
      failed_sign_ins: 0,
      locked_until: null,
    })
    .where('id', '=', owner.id)
    .where('setup_token_hash', '=', tokenHash(token))
    .where('setup_expires_at', '>', now)
    .where('disabled', '=', false)
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!row) return { ok: false, problem: 'badToken' };
  return {
    ok: true,
    staffId: row.id,
    email: row.email,
    totpSecret: secret,
    otpauthUri: totpUri(secret, row.email),
  };
};
