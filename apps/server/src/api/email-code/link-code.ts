// A code for one e-mailed link (a saved application's, decision 033; a renewal's, decision 057):
// bound to the link's purpose, and with the hash of the link's token as its subject (decision
// 048), so that no other code, the application's own sign-up code among them, confirms or
// throttles it. A refusal of the link or of its code answers in the traveller's words.
import { createHash } from 'node:crypto';
import { type CodePurpose, type CodeSentTo, type MessageId, messageText } from '@eta-il/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { send, sendRefusal } from '../../http.ts';
import { maskEmail } from '../../mail/mask-email.ts';
import { mailLanguage } from '../../mail/templates.ts';
import { clientOf } from '../../security/client.ts';
import { CODE_PROBLEM_STATUS } from './routes.ts';
import type { EmailCodeService } from './service.ts';

type LinkPurpose = Extract<CodePurpose, 'resume' | 'renewal'>;

/** One request about a link: who asks, for which link, and the address its codes go to. */
export interface LinkCodeAsk {
  codes: EmailCodeService;
  request: FastifyRequest;
  reply: FastifyReply;
  purpose: LinkPurpose;
  email: string;
  token: string;
}

const linkCodeRequester = (
  request: FastifyRequest,
  purpose: LinkPurpose,
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

/** Sends the link's code to its address and answers where it went (masked), or refuses. */
export const sendLinkCode = async ({
  codes,
  request,
  reply,
  purpose,
  email,
  token,
}: LinkCodeAsk) => {
  const sent = await codes.send(
    linkCodeRequester(request, purpose, email, token),
    mailLanguage(request.headers['accept-language']?.toString()),
  );
  if (!sent.ok) return refuseWith(reply, CODE_PROBLEM_STATUS[sent.problem], sent.problem);
  return send<CodeSentTo>(reply, 200, {
    timestamp: sent.value.timestamp,
    sentTo: maskEmail(email),
  });
};

/**
 * Confirms the link's code; `false` means the refusal (with the tries left after a wrong code)
 * has been sent and the caller stops.
 */
export const confirmLinkCode = async (
  { codes, request, reply, purpose, email, token }: LinkCodeAsk,
  code: string,
  timestamp: number,
) => {
  const confirmed = await codes.confirm(
    linkCodeRequester(request, purpose, email, token),
    code,
    timestamp,
  );
  if (confirmed.ok) return true;
  const { problem, triesLeft } = confirmed;
  await sendRefusal(reply, CODE_PROBLEM_STATUS[problem], {
    message: messageText(problem),
    code: problem,
    ...(triesLeft === undefined ? {} : { triesLeft }),
  });
  return false;
};
