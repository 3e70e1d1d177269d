// Routes that need a verified email read it from the `auth-token` header (SPEC §7). A token whose
// session submitted its application is refused with its own message (issue 26): one primary-key
// look-up, on these routes only.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError, sendError } from '../http.ts';
import { isRevoked } from './revocations.ts';
import type { TokenService, TravellerSession } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    verifiedEmail: string | undefined;
    travellerSession: TravellerSession | undefined;
  }
}

/** The answer to a token whose session has submitted its application. */
export const sessionSubmitted = () => new HttpError(401, 'sessionSubmitted');

/**
 * A valid token of a session not revoked. `checkedByRoute`: the route checks revocation itself
 * (the submission does, after its replay check, in the transaction that stores the application).
 */
export const requireToken =
  (tokens: TokenService, revocations: Db | 'checkedByRoute') =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['auth-token'];
    const session = await tokens.verify(Array.isArray(header) ? header[0] : header);
    if (!session) return sendError(reply, new HttpError(401, 'tokenInvalid'));
    if (revocations !== 'checkedByRoute' && (await isRevoked(revocations, session))) {
      return sendError(reply, sessionSubmitted());
    }
    request.verifiedEmail = session.email;
    request.travellerSession = session;
  };
