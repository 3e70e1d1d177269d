// Routes that need a verified email read it from the `auth-token` header (SPEC §7).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, sendError } from '../http.ts';
import type { TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    verifiedEmail: string | undefined;
  }
}

export const requireToken =
  (tokens: TokenService) => async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['auth-token'];
    const email = await tokens.verify(Array.isArray(header) ? header[0] : header);
    if (!email) return sendError(reply, new HttpError(401, 'tokenInvalid'));
    request.verifiedEmail = email;
  };
