// Staff accounts: created with a one-time set-up link (24 hours) e-mailed to the member (a
// supervisor or admin only once a second admin confirms), set up with a password and a TOTP
// secret, disabled by an admin. Used by the admin routes and `npm run staff`.
import { randomUUID } from 'node:crypto';
import {
  isStaffRole,
  needsConfirmation,
  type StaffConfirmationRefusal,
  type StaffPasswordProblem,
  type StaffRole,
  staffConfirmation,
} from '@eta-il/domain';
import type { Sealer } from '../../api/saved-application/sealing.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { staffSetupMail } from '../../mail/templates.ts';
import {
  hashPassword,
  newToken,
  newTotpSecret,
  sealTotpSecret,
  tokenHash,
  totpUri,
} from '../auth/credentials.ts';
import { passwordProblem } from '../auth/password-policy.ts';

const SETUP_LINK_MS = 24 * 60 * 60 * 1000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normalEmail = (email: string): string => email.trim().toLowerCase();

export type AddStaffOutcome =
  | {
      ok: true;
      id: string;
      email: string;
      role: StaffRole;
      /** The one-time set-up link's token and end; none while a second admin must confirm. */
      link: { token: string; expiresAt: Date } | null;
    }
  | { ok: false; problem: 'badEmail' | 'badRole' | 'exists' };

/** A new set-up token valid 24 hours from `now`, and its hash to store. */
const newSetupLink = (now: Date) => {
  const token = newToken();
  return { token, expiresAt: new Date(now.getTime() + SETUP_LINK_MS) };
};

/**
 * A new account created by admin `createdBy` (null: the operator's command). A supervisor or an
 * admin waits for a second admin's confirmation (confirmStaff) before it gets a set-up link;
 * other roles get theirs now. The caller sends the link to the member's own address.
 */
export const addStaff = async (
  db: OfficeDb,
  now: Date,
  emailGiven: string,
  role: string,
  createdBy: string | null,
): Promise<AddStaffOutcome> => {
  const email = normalEmail(emailGiven);
  if (!EMAIL.test(email) || email.length > 254) return { ok: false, problem: 'badEmail' };
  if (!isStaffRole(role)) return { ok: false, problem: 'badRole' };
  const awaiting = needsConfirmation(role);
  const link = awaiting ? null : newSetupLink(now);
  const id = randomUUID();
  const inserted = await db
    .insertInto('staff')
    .values({
      id,
      email,
      role,
      setup_token_hash: link ? tokenHash(link.token) : null,
      setup_expires_at: link?.expiresAt ?? null,
      created_at: now,
      created_by: createdBy,
      awaiting_confirmation: awaiting,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { ok: false, problem: 'exists' };
  return { ok: true, id, email, role, link };
};

/**
 * The very first admin (`npm run staff -- add … admin --print-link`): no admin exists to confirm
 * it, so it gets its link at once. The caller checks that no admin exists, in its transaction.
 */
export const addFirstAdmin = async (
  db: OfficeDb,
  now: Date,
  email: string,
): Promise<AddStaffOutcome> => {
  const added = await addStaff(db, now, email, 'admin', null);
  if (!added.ok) return added;
  const link = newSetupLink(now);
  await db
    .updateTable('staff')
    .set({
      awaiting_confirmation: false,
      setup_token_hash: tokenHash(link.token),
      setup_expires_at: link.expiresAt,
    })
    .where('id', '=', added.id)
    .execute();
  return { ...added, link };
};

export type ConfirmStaffOutcome =
  | {
      ok: true;
      email: string;
      role: StaffRole;
      createdBy: string | null;
      link: { token: string; expiresAt: Date };
    }
  | { ok: false; problem: 'notFound' | 'notAwaiting' | StaffConfirmationRefusal };

/** A second admin confirms an account waiting for it: it gets its set-up link. */
export const confirmStaff = async (
  db: OfficeDb,
  now: Date,
  id: string,
  confirmer: { staff: string; role: StaffRole },
): Promise<ConfirmStaffOutcome> => {
  const row = await db
    .selectFrom('staff')
    .select(['email', 'role', 'created_by', 'awaiting_confirmation', 'disabled'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || !isStaffRole(row.role)) return { ok: false, problem: 'notFound' };
  if (!row.awaiting_confirmation || row.disabled) return { ok: false, problem: 'notAwaiting' };
  const allowed = staffConfirmation(row.created_by, confirmer);
  if (!allowed.ok) return { ok: false, problem: allowed.refusal };
  const link = newSetupLink(now);
  await db
    .updateTable('staff')
    .set({
      awaiting_confirmation: false,
      confirmed_by: confirmer.staff,
      setup_token_hash: tokenHash(link.token),
      setup_expires_at: link.expiresAt,
    })
    .where('id', '=', id)
    .execute();
  return { ok: true, email: row.email, role: row.role, createdBy: row.created_by, link };
};

/** Queues the set-up link's e-mail to the member's own address, in the caller's transaction. */
export const mailSetupLink = (
  tx: OfficeDb,
  officeUrl: string,
  member: { email: string; role: StaffRole },
  link: { token: string; expiresAt: Date },
  now: Date,
) =>
  enqueueMail(tx, {
    kind: 'staffSetup',
    to: member.email,
    content: staffSetupMail({
      link: setupLink(officeUrl, link.token),
      role: member.role,
      expiresAt: link.expiresAt,
    }),
    now,
  });

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
      totp_sealed: sealTotpSecret(totpSealer, owner.id, secret),
      setup_token_hash: null,
      setup_expires_at: null,
    })
    .where('id', '=', owner.id)
    .where('setup_token_hash', '=', tokenHash(token))
    .where('setup_expires_at', '>', now)
    .where('disabled', '=', false)
    .where('awaiting_confirmation', '=', false)
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
