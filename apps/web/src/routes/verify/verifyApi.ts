// POST /api/verify, by numbers or by the signed token of a document's QR code.
import type { VerifyAnswer, VerifyRequest } from '@eta-il/domain';
import { type Answer, request } from '../../api/client.ts';

export const verifyAuthorization = (body: VerifyRequest): Promise<Answer<VerifyAnswer>> =>
  request('POST', '/api/verify', { body });
