// A code for one e-mailed link (a saved application's, decision 033; a renewal's, decision 057):
// bound to the link's purpose, and with the hash of the link's token as its subject (decision
// 048), so that no other code, the application's own sign-up code among them, confirms or
// throttles it. A refusal of the link or of its code answers in the traveller's words.
import { createHash } from 'node:crypto';
import { type CodePurpose, type MessageId, messageText } from '@eta-il/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRefusal } from '../../http.ts';
import { clientOf } from '../../security/client.ts';

export const linkCodeRequester = (
  request: FastifyRequest,
  purpose: Extract<CodePurpose, 'resume' | 'renewal'>,
  email: string,
  token: string,
) =>
  ({
    email,
    client: clientOf(request),
    purpose,
    subject: createHash('sha256').update(token).digest('base64url'),
  }) as const;

/** A refusal whose code is a message the traveller reads. */
export const refuseWith = (reply: FastifyReply, statusCode: number, code: MessageId) =>
  sendRefusal(reply, statusCode, { message: messageText(code), code });
