// Signed links: the one-hour link to an authorization's PDF, and the token in its QR code that
// the verification page checks. A token is `id.expiry.signature`: the authorization id (16 bytes,
// base64url), the expiry (seconds, base 36) and an HMAC-SHA256 with AUTH_SECRET over both and the
// token's purpose, so neither kind stands in for the other. Short enough for a path segment
// (Fastify's default limit is 100 characters) and a small QR code.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';

const DOCUMENT_LINK_TTL_S = 60 * 60;
type Purpose = 'document' | 'verify';
const SIGNATURE_BYTES = 18;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LinkCheck = { ok: true; authorizationId: string } | { ok: false; expired: boolean };

export interface LinkService {
  /** A token for GET /api/document/:token, valid one hour. */
  documentToken: (authorizationId: string) => string;
  /** A token for /verify?token=, valid until the end of the authorization's last day (UTC). */
  verifyToken: (authorizationId: string, validUntil: string) => string;
  checkDocumentToken: (token: string) => LinkCheck;
  checkVerifyToken: (token: string) => LinkCheck;
}

const packId = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');
const unpackId = (packed: string) => {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return UUID.test(uuid) ? uuid : undefined;
};

export const createLinkService = (secret: string, clock: Clock): LinkService => {
  const seconds = () => Math.floor(clock().getTime() / 1000);
  const signature = (purpose: Purpose, body: string) =>
    createHmac('sha256', secret)
      .update(`eta-il-link\n${purpose}\n${body}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  const sign = (purpose: Purpose, authorizationId: string, expiresAt: number) => {
    const body = `${packId(authorizationId)}.${expiresAt.toString(36)}`;
    return `${body}.${signature(purpose, body).toString('base64url')}`;
  };
  const check = (purpose: Purpose, token: string): LinkCheck => {
    const parts = token.split('.');
    if (parts.length !== 3 || token.length > 200) return { ok: false, expired: false };
    const [id = '', expiry = '', given = ''] = parts;
    const expected = signature(purpose, `${id}.${expiry}`);
    const actual = Buffer.from(given, 'base64url');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      return { ok: false, expired: false };
    }
    const authorizationId = unpackId(id);
    const expiresAt = Number.parseInt(expiry, 36);
    if (!authorizationId || !Number.isFinite(expiresAt)) return { ok: false, expired: false };
    if (expiresAt <= seconds()) return { ok: false, expired: true };
    return { ok: true, authorizationId };
  };
  return {
    documentToken: (id) => sign('document', id, seconds() + DOCUMENT_LINK_TTL_S),
    verifyToken: (id, validUntil) =>
      sign('verify', id, Math.floor(Date.parse(`${validUntil}T23:59:59Z`) / 1000)),
    checkDocumentToken: (token) => check('document', token),
    checkVerifyToken: (token) => check('verify', token),
  };
};
