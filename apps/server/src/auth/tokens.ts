// Auth tokens: JWTs signed with AUTH_SECRET (jose), bound to the verified email and valid for
// the 60-minute session of SPEC §4. A token must carry its expiry: one without `exp` (which jose
// would otherwise accept for ever) is refused, as is one that claims more than a session. A
// renewed token keeps the moment the code was confirmed (auth_time), and no token is valid
// SESSION_ABSOLUTE_MS after it: a session cannot be renewed for ever.
import { SESSION_ABSOLUTE_MS, SESSION_VALIDITY_MS } from '@eta-il/domain';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

const ISSUER = 'eta-il';
const AUDIENCE = 'eta-il-applicant';
const SESSION_SECONDS = SESSION_VALIDITY_MS / 1000;
const ABSOLUTE_SECONDS = SESSION_ABSOLUTE_MS / 1000;

export interface TokenService {
  /** A new session's token, just after the e-mail code was confirmed. */
  issue: (email: string) => Promise<string>;
  /** The verified email of a valid token, or undefined. */
  verify: (token: string | undefined) => Promise<string | undefined>;
  /** A fresh token for the same session (same auth_time), or undefined when it may not be. */
  renew: (token: string | undefined, email: string) => Promise<string | undefined>;
}

export const createTokenService = (secret: string, clock: Clock): TokenService => {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const sign = (email: string, authTime: number) =>
    new SignJWT({ auth_time: authTime })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(email)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(seconds())
      .setExpirationTime(Math.min(seconds() + SESSION_SECONDS, authTime + ABSOLUTE_SECONDS))
      .sign(key);
  const session = async (token: string | undefined) => {
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
      const { sub, exp = Infinity, iat = 0, auth_time: authTime } = payload;
      if (exp - iat > SESSION_SECONDS) return undefined;
      if (typeof authTime !== 'number' || authTime > iat) return undefined;
      if (seconds() >= authTime + ABSOLUTE_SECONDS) return undefined;
      return typeof sub === 'string' ? { email: sub, authTime } : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    issue: (email) => sign(email, seconds()),
    verify: async (token) => (await session(token))?.email,
    renew: async (token, email) => {
      const current = await session(token);
      return current?.email === email ? sign(email, current.authTime) : undefined;
    },
  };
};
