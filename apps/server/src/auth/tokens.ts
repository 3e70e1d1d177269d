// Auth tokens: JWTs signed with AUTH_SECRET (jose), bound to the verified email and valid for
// the 60-minute session of SPEC §4. A token must carry its expiry: one without `exp` (which jose
// would otherwise accept for ever) is refused, as is one that claims more than a session. A
// renewed token keeps the moment the code was confirmed (auth_time), and no token is valid
// SESSION_ABSOLUTE_MS after it: a session cannot be renewed for ever.
//
// A session is named by `sid`, 128 random bits drawn when the code is confirmed and copied into
// every renewal, so a revocation (auth/revocations.ts) reaches each token of the session, a copy
// renewed before it too. A token signed before `sid` existed (at most two hours old at the
// deploy) is named by an HMAC of its address and auth_time instead.
import { createHmac, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_VALIDITY_MS } from '@eta-il/domain';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

const ISSUER = 'eta-il';
const AUDIENCE = 'eta-il-applicant';
const SESSION_SECONDS = SESSION_VALIDITY_MS / 1000;
const ABSOLUTE_SECONDS = SESSION_ABSOLUTE_MS / 1000;
/** A session id: 16 random bytes in base64url, or the 43 of an older token's HMAC, renewed. */
const SID = /^[A-Za-z0-9_-]{22,43}$/;

/** The session a valid token belongs to. */
export interface TravellerSession {
  email: string;
  /** The session's id (its `sid`): the same for every renewal of one confirmed code. */
  id: string;
  /** When the code was confirmed (seconds, the token's auth_time). */
  authTime: number;
  /** No token of this session is valid from this moment on. */
  endsAt: Date;
}

export interface TokenService {
  /** A new session's token, just after the e-mail code was confirmed. */
  issue: (email: string) => Promise<string>;
  /** The session of a valid token, or undefined. */
  verify: (token: string | undefined) => Promise<TravellerSession | undefined>;
  /** A fresh token for the same session (same auth_time); undefined once it may not be. */
  renew: (session: TravellerSession) => Promise<string | undefined>;
}

export const createTokenService = (secret: string, clock: Clock): TokenService => {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const idBefore = (email: string, authTime: number) =>
    createHmac('sha256', secret)
      .update(`traveller-session\n${email}\n${authTime}`)
      .digest('base64url');
  const sign = (email: string, authTime: number, sid: string) =>
    new SignJWT({ auth_time: authTime, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(email)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(seconds())
      .setExpirationTime(Math.min(seconds() + SESSION_SECONDS, authTime + ABSOLUTE_SECONDS))
      .sign(key);
  const verify = async (token: string | undefined): Promise<TravellerSession | undefined> => {
    if (!token || token.length > 2048) return undefined;
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: clock(),
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: SESSION_SECONDS,
      });
      const { sub, exp = Infinity, iat = 0, auth_time: authTime, sid } = payload;
      if (exp - iat > SESSION_SECONDS) return undefined;
      if (typeof authTime !== 'number' || !Number.isInteger(authTime) || authTime > iat) {
        return undefined;
      }
      if (seconds() >= authTime + ABSOLUTE_SECONDS) return undefined;
      if (typeof sub !== 'string') return undefined;
      if (sid !== undefined && (typeof sid !== 'string' || !SID.test(sid))) return undefined;
      return {
        email: sub,
        id: sid ?? idBefore(sub, authTime),
        authTime,
        endsAt: new Date((authTime + ABSOLUTE_SECONDS) * 1000),
      };
    } catch {
      return undefined;
    }
  };
  return {
    issue: (email) => sign(email, seconds(), randomBytes(16).toString('base64url')),
    verify,
    renew: async (session) =>
      seconds() < session.authTime + ABSOLUTE_SECONDS
        ? sign(session.email, session.authTime, session.id)
        : undefined,
  };
};
