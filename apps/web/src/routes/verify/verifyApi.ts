// POST /api/verify, by numbers or by the signed token of a document's QR code.
import { type Answer, request } from '../../api/client.ts';

export interface Verification {
  valid: boolean;
  validUntil?: string;
  applicationNumber?: string;
  passportNumber?: string;
}

export const verifyAuthorization = (
  body: { applicationNumber: string; passportNumber: string } | { token: string },
): Promise<Answer<Verification>> => request('POST', '/api/verify', { body });
