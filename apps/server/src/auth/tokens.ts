// Auth tokens: JWTs signed with AUTH_SECRET (jose), bound to the verified email and valid for
// the 60-minute session of SPEC §4. A token must carry its expiry: one without `exp` (which jose
// would otherwise accept for ever) is refused, as is one that claims more than a session.
import { SESSION_VALIDITY_MS } from '@eta-il/domain';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

const ISSUER = 'eta-il';
const AUDIENCE = 'eta-il-applicant';
const SESSION_SECONDS = SESSION_VALIDITY_MS / 1000;

export interface TokenService {
  issue: (email: string) => Promise<string>;
  /** The verified email of a valid token, or undefined. */
  verify: (token: string | undefined) => Promise<string | undefined>;
}

export const createTokenService = (secret: string, clock: Clock): TokenService => {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(clock().getTime() / 1000);
  return {
    issue: (email) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(email)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(seconds())
        .setExpirationTime(seconds() + SESSION_SECONDS)
        .sign(key),
    verify: async (token) => {
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
        const { sub, exp = Infinity, iat = 0 } = payload;
        if (exp - iat > SESSION_SECONDS) return undefined;
        return typeof sub === 'string' ? sub : undefined;
      } catch {
        return undefined;
      }
    },
  };
};
