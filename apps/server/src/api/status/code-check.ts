// The step every change from the status page shares (decision 048): a code of one purpose for one
// application is e-mailed, and the change happens only once that code is typed back. The code goes
// to the application's current address, except for a lost-address request, whose code proves the
// NEW address and so goes there.
import { type CodePurpose, type CodeSentTo, messageText } from '@eta-il/domain';
import type { FastifyReply } from 'fastify';
import type { FoundApplication } from '../../decisions/lookup.ts';
import { languageOf } from '../../decisions/move-application.ts';
import { send, sendRefusal } from '../../http.ts';
import { maskEmail } from '../../mail/mask-email.ts';
import { clientOf } from '../../security/client.ts';
import { CODE_PROBLEM_STATUS } from '../email-code/routes.ts';
import type { CodeProblem, EmailCodeService } from '../email-code/service.ts';

/** Which code: its purpose, its application, and its address when not the application's own. */
interface CodeFor {
  found: Pick<FoundApplication, 'id' | 'email' | 'language'>;
  purpose: CodePurpose;
  email?: string;
}

/** The code the traveller typed and the timestamp the page kept when it was sent. */
interface TypedCode {
  code: string;
  timestamp: number;
}

/** A code not sent or not accepted; a wrong one says how many tries it has left. */
const codeRefusal = (reply: FastifyReply, refusal: { problem: CodeProblem; triesLeft?: number }) =>
  sendRefusal(reply, CODE_PROBLEM_STATUS[refusal.problem], {
    message: messageText(refusal.problem),
    code: refusal.problem,
    ...(refusal.triesLeft === undefined ? {} : { triesLeft: refusal.triesLeft }),
  });

/** The code's requester: its address, the client that asks, its purpose and its application. */
const requesterOf = (reply: FastifyReply, { found, purpose, email = found.email }: CodeFor) => ({
  email,
  client: clientOf(reply.request),
  purpose,
  subject: found.id,
});

export const codeChecks = (codes: EmailCodeService) => ({
  /** E-mails the code; answers the timestamp the page keeps and the address, masked. */
  send: async (reply: FastifyReply, codeFor: CodeFor) => {
    const requester = requesterOf(reply, codeFor);
    const sent = await codes.send(requester, languageOf(codeFor.found.language));
    if (!sent.ok) return codeRefusal(reply, sent);
    return send<CodeSentTo>(reply, 200, {
      timestamp: sent.value.timestamp,
      sentTo: maskEmail(requester.email),
    });
  },

  /** Checks the typed code, then acts; a code not accepted answers its refusal and does nothing. */
  confirmThen: async (
    reply: FastifyReply,
    codeFor: CodeFor,
    typed: TypedCode,
    act: () => Promise<FastifyReply>,
  ) => {
    const confirmed = await codes.confirm(requesterOf(reply, codeFor), typed.code, typed.timestamp);
    if (!confirmed.ok) return codeRefusal(reply, confirmed);
    return act();
  },
});
