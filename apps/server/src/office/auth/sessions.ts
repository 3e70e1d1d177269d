// Server-side staff sessions: the cookie carries a random id, the table its SHA-256. A session
// ends after 15 minutes without a request or 8 hours after sign-in, whichever comes first.
import { isStaffRole, type StaffMember } from '@eta-il/domain';
import type { FastifyReply } from 'fastify';
import type { OfficeDb } from '../../audit/tables.ts';
import { newToken, tokenHash } from './credentials.ts';

const SESSION_IDLE_MS = 15 * 60 * 1000;
const SESSION_MAX_MS = 8 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'office_session';

const createSession = async (db: OfficeDb, staffId: string, now: Date) => {
  const id = newToken();
  await db
    .insertInto('staff_session')
    .values({ id_hash: tokenHash(id), staff_id: staffId, created_at: now, last_seen_at: now })
    .execute();
  return id;
};

/**
 * A new session for `staffId`, its cookie set on the reply (HttpOnly, SameSite=Strict, so a
 * browser never sends it with a request another site started); its id, for the anti-forgery token.
 */
export const startSession = async (
  db: OfficeDb,
  reply: FastifyReply,
  staffId: string,
  now: Date,
  secure: boolean,
): Promise<string> => {
  const id = await createSession(db, staffId, now);
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/office',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: SESSION_MAX_MS / 1000,
  });
  return id;
};

/** The signed-in staff member, with the session's idle time renewed; undefined when none. */
export const resumeSession = async (
  db: OfficeDb,
  id: string,
  now: Date,
): Promise<StaffMember | undefined> => {
  const idHash = tokenHash(id);
  const row = await db
    .selectFrom('staff_session as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select(['s.created_at', 's.last_seen_at', 'st.id', 'st.email', 'st.role', 'st.disabled'])
    .where('s.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const expired =
    now.getTime() - row.last_seen_at.getTime() > SESSION_IDLE_MS ||
    now.getTime() - row.created_at.getTime() > SESSION_MAX_MS;
  if (expired || row.disabled || !isStaffRole(row.role)) {
    await endSession(db, id);
    return undefined;
  }
  await db
    .updateTable('staff_session')
    .set({ last_seen_at: now })
    .where('id_hash', '=', idHash)
    .execute();
  return { id: row.id, email: row.email, role: row.role };
};

export const endSession = async (db: OfficeDb, id: string) => {
  await db.deleteFrom('staff_session').where('id_hash', '=', tokenHash(id)).execute();
};

export const endSessionsOf = async (db: OfficeDb, staffId: string) => {
  await db.deleteFrom('staff_session').where('staff_id', '=', staffId).execute();
};
