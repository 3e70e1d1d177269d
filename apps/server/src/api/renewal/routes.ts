// A renewal link (issue 31 item 3, decision 057):
// POST /api/renewal/code: for a link's token, e-mails a code (purpose 'renewal', bound to the
//   link) to the address the link was sent to.
// POST /api/renewal: with the token and that code, uses the link (once) and answers a new
//   application's draft filled in from the last one, and a fresh session token, as a resumed
//   draft does (decision 033). Submitting it is the ordinary submission: paid and screened.
// An unknown link is 404 (whether it ever existed is not said); a used or expired one 410.
import { createHash } from 'node:crypto';
import {
  type CodeSentTo,
  type MessageId,
  messageText,
  RenewalCodeRequestSchema,
  type RenewalOpened,
  RenewalRequestSchema,
  todayIn,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../../auth/tokens.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type RouteLimit, send, sendRefusal } from '../../http.ts';
import { maskEmail } from '../../mail/mask-email.ts';
import { mailLanguage } from '../../mail/templates.ts';
import { clientOf } from '../../security/client.ts';
import { CODE_PROBLEM_STATUS } from '../email-code/routes.ts';
import type { EmailCodeService } from '../email-code/service.ts';
import { type RenewalLinkProblem, renewedDraftOf, usableLink, useLink } from './service.ts';

const LINK_PROBLEM_STATUS: Record<RenewalLinkProblem, number> = {
  renewalLinkNotFound: 404,
  renewalLinkExpired: 410,
};

/** A renewal code is for one link (decision 048): purpose 'renewal', subject the link's hash. */
const renewalRequester = (request: FastifyRequest, email: string, token: string) =>
  ({
    email,
    client: clientOf(request),
    purpose: 'renewal',
    subject: createHash('sha256').update(token).digest('base64url'),
  }) as const;

const refuse = (reply: FastifyReply, statusCode: number, code: MessageId) =>
  sendRefusal(reply, statusCode, { message: messageText(code), code });
const refuseLink = (reply: FastifyReply, problem: RenewalLinkProblem) =>
  refuse(reply, LINK_PROBLEM_STATUS[problem], problem);

export interface RenewalRouteDeps {
  db: Db;
  clock: Clock;
  codes: EmailCodeService;
  tokens: TokenService;
  /** The service's time zone: the renewal's "today" (the passport's validity). */
  timeZone: string;
  limit: RouteLimit;
}

export const renewalRoutes = (app: FastifyInstance, deps: RenewalRouteDeps) => {
  const { db, clock, codes, tokens, limit } = deps;
  const language = (request: FastifyRequest) =>
    mailLanguage(request.headers['accept-language']?.toString());

  app.post('/api/renewal/code', { config: limit }, async (request, reply) => {
    const parsed = RenewalCodeRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuse(reply, 400, 'badRequest');
    const link = await usableLink(db, clock, parsed.data.token);
    if (!link.ok) return refuseLink(reply, link.problem);
    const { email } = link.value;
    const sent = await codes.send(
      renewalRequester(request, email, parsed.data.token),
      language(request),
    );
    if (!sent.ok) return refuse(reply, CODE_PROBLEM_STATUS[sent.problem], sent.problem);
    return send<CodeSentTo>(reply, 200, {
      timestamp: sent.value.timestamp,
      sentTo: maskEmail(email),
    });
  });

  app.post('/api/renewal', { config: limit }, async (request, reply) => {
    const parsed = RenewalRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuse(reply, 400, 'badRequest');
    const { token, code, timestamp } = parsed.data;
    const link = await usableLink(db, clock, token);
    if (!link.ok) return refuseLink(reply, link.problem);
    const { email } = link.value;
    const confirmed = await codes.confirm(renewalRequester(request, email, token), code, timestamp);
    if (!confirmed.ok) {
      const { problem, triesLeft } = confirmed;
      return sendRefusal(reply, CODE_PROBLEM_STATUS[problem], {
        message: messageText(problem),
        code: problem,
        ...(triesLeft === undefined ? {} : { triesLeft }),
      });
    }
    const idToken = await tokens.issue(email);
    const session = await tokens.verify(idToken);
    if (!session) throw new Error('A token just issued does not verify');
    const opened = await withTransaction(db, async (tx) => {
      const used = await useLink(tx, clock, token, session.id);
      if (!used.ok) return used;
      const renewed = await renewedDraftOf(tx, used.value, todayIn(clock(), deps.timeZone));
      return { ok: true, value: renewed } as const;
    });
    if (!opened.ok) return refuseLink(reply, opened.problem);
    return send<RenewalOpened>(reply, 200, { ...opened.value, email, idToken });
  });
};
