// POST /api/verify, by numbers or by the signed token of a document's QR code.
import type { VerifyAnswer } from '@eta-il/domain';
import { type Answer, request } from '../../api/client.ts';

export const verifyAuthorization = (
  body: { applicationNumber: string; passportNumber: string } | { token: string },
): Promise<Answer<VerifyAnswer>> => request('POST', '/api/verify', { body });
