// Revoked traveller sessions (issue 26): a session that submitted its application is over. The
// revocation is one row keyed by the session's id (an HMAC, never the token), kept until no token
// of that session could be valid anyway (its endsAt), then swept by the retention job. The row is
// written in the statement that stores the application; its primary key makes the write the
// check too, so two submissions of one session race to one row and only one stores anything.
import type { QueryCreator } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import type { TravellerSession } from './tokens.ts';

/** Whether the session has been revoked: one look-up by primary key. */
export const isRevoked = async (db: Db, session: TravellerSession): Promise<boolean> =>
  (await db
    .selectFrom('revoked_session')
    .select('session_id')
    .where('session_id', '=', session.id)
    .executeTakeFirst()) !== undefined;

/**
 * The session revoked, as a query for the submission's own statement (a CTE): it answers the
 * session's id when it revoked it, nothing when it already was (the caller must then refuse).
 */
export const revokeSession = (db: QueryCreator<Schema>, session: TravellerSession, now: Date) =>
  db
    .insertInto('revoked_session')
    .values({ session_id: session.id, revoked_at: now, expires_at: session.endsAt })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .returning('session_id');
