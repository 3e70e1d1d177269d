// Signed links: the one-hour link to an authorization's PDF, and the token in its QR code that
// the verification page checks. JWTs signed with AUTH_SECRET (jose), each with its own audience,
// so neither can stand in for the other or for an applicant's auth token.
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.ts';

const ISSUER = 'eta-il';
export const DOCUMENT_LINK_TTL_S = 60 * 60;
const DOCUMENT = 'eta-il-document';
const VERIFY = 'eta-il-verify';

export type LinkCheck = { ok: true; authorizationId: string } | { ok: false; expired: boolean };

export interface LinkService {
  /** A token for GET /api/document/:token, valid one hour. */
  documentToken: (authorizationId: string) => Promise<string>;
  /** A token for /verify?token=, valid until the end of the authorization's last day. */
  verifyToken: (authorizationId: string, validUntil: string) => Promise<string>;
  checkDocumentToken: (token: string) => Promise<LinkCheck>;
  checkVerifyToken: (token: string) => Promise<LinkCheck>;
}

export const createLinkService = (secret: string, clock: Clock): LinkService => {
  const key = new TextEncoder().encode(secret);
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const sign = (authorizationId: string, audience: string, expiresAt: number) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(authorizationId)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(seconds())
      .setExpirationTime(expiresAt)
      .sign(key);
  const check = async (token: string, audience: string): Promise<LinkCheck> => {
    if (token.length > 2048) return { ok: false, expired: false };
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        currentDate: clock(),
      });
      return typeof payload.sub === 'string'
        ? { ok: true, authorizationId: payload.sub }
        : { ok: false, expired: false };
    } catch (error) {
      return { ok: false, expired: (error as { code?: string }).code === 'ERR_JWT_EXPIRED' };
    }
  };
  return {
    documentToken: (id) => sign(id, DOCUMENT, seconds() + DOCUMENT_LINK_TTL_S),
    verifyToken: (id, validUntil) =>
      sign(id, VERIFY, Math.floor(Date.parse(`${validUntil}T23:59:59Z`) / 1000)),
    checkDocumentToken: (token) => check(token, DOCUMENT),
    checkVerifyToken: (token) => check(token, VERIFY),
  };
};
