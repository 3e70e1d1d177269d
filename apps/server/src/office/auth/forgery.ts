// The back office's defence against forged requests (docs/decisions/042-office-forgery-defence.md,
// docs/office-api.md): a call that changes anything must come from the office's own origin, carry
// an application/json body, and, once signed in, the session's anti-forgery token in a header.
// A page of another origin, even another port of the same host, can send none of these.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { send } from '../../http.ts';

/** The header that carries the session's anti-forgery token. */
export const ANTI_FORGERY_HEADER = 'x-office-token';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const changesState = (request: Pick<FastifyRequest, 'method'>): boolean =>
  !READ_ONLY_METHODS.has(request.method);

/** Whether the browser says the request comes from `origin` itself. */
const fromOrigin = (request: FastifyRequest, origin: string): boolean => {
  const given = request.headers.origin;
  // A browser sends Origin with every POST; without one, only its Fetch Metadata can vouch.
  if (given === undefined) return request.headers['sec-fetch-site'] === 'same-origin';
  return given === origin;
};

/** A body that is there: a length above zero, or one sent in chunks. */
const hasBody = (request: FastifyRequest): boolean => {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
};

const isJson = (request: FastifyRequest): boolean =>
  request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * An onRequest hook, before any body is read: refuses a state-changing call that does not come
 * from `officeUrl`'s origin (403) or whose body is not JSON (415).
 */
export const sameOriginJsonOnly = (officeUrl: string) => {
  const origin = new URL(officeUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!changesState(request) || !request.url.startsWith('/office/')) return undefined;
    if (!fromOrigin(request, origin)) {
      return send(reply, 403, {
        code: 'crossOrigin',
        message: 'This request did not come from the back office itself.',
      });
    }
    if (!isJson(request) || !hasBody(request)) {
      return send(reply, 415, {
        code: 'jsonRequired',
        message: 'Send a JSON body (Content-Type: application/json).',
      });
    }
    return undefined;
  };
};

export interface AntiForgery {
  /** The token of the session whose cookie value is `sessionId`. */
  tokenOf: (sessionId: string) => string;
  /** Whether the request carries the token of `sessionId`. */
  carries: (request: FastifyRequest, sessionId: string) => boolean;
}

/**
 * Tokens bound to the session: HMAC-SHA256 of the session id under a key HKDF derives from
 * AUTH_SECRET. The session id is in an HttpOnly cookie, so only the office's own pages, which
 * read the token from the sign-in and /me answers, can send it.
 */
export const createAntiForgery = (authSecret: string): AntiForgery => {
  const key = Buffer.from(
    hkdfSync('sha256', authSecret, 'eta-il', 'eta-il office anti-forgery', 32),
  );
  const tokenOf = (sessionId: string) =>
    createHmac('sha256', key).update(sessionId).digest('base64url');
  return {
    tokenOf,
    carries: (request, sessionId) => {
      const given = request.headers[ANTI_FORGERY_HEADER];
      if (typeof given !== 'string') return false;
      const expected = Buffer.from(tokenOf(sessionId));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
};
