// Revoked traveller sessions (issue 26): a session that submitted its application is over. The
// revocation is one row keyed by the session's id (an HMAC, never the token), kept until no token
// of that session could be valid anyway (its endsAt), then swept by the retention job. The row is
// written in the transaction that stores the application; its primary key makes the write the
// check too, so two submissions of one session race to one row and only one stores anything.
import type { Db } from '../db/database.ts';
import type { TravellerSession } from './tokens.ts';

/** Whether the session has been revoked: one look-up by primary key. */
export const isRevoked = async (db: Db, session: TravellerSession): Promise<boolean> =>
  (await db
    .selectFrom('revoked_session')
    .select('session_id')
    .where('session_id', '=', session.id)
    .executeTakeFirst()) !== undefined;

/** Revokes the session inside `tx`; false when it already was (the caller must then refuse). */
export const revokeSession = async (
  tx: Db,
  session: TravellerSession,
  now: Date,
): Promise<boolean> =>
  (await tx
    .insertInto('revoked_session')
    .values({ session_id: session.id, revoked_at: now, expires_at: session.endsAt })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .returning('session_id')
    .executeTakeFirst()) !== undefined;
