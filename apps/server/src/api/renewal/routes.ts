import {
  RenewalCodeRequestSchema,
  type RenewalOpened,
  RenewalRequestSchema,
  todayIn,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TokenService } from '../../auth/tokens.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type RouteLimit, send } from '../../http.ts';
import { confirmLinkCode, refuseWith, sendLinkCode } from '../email-code/link-code.ts';
import type { EmailCodeService } from '../email-code/service.ts';
import { type RenewalLinkProblem, renewedDraftOf, usableLink, useLink } from './service.ts';

const LINK_PROBLEM_STATUS: Record<RenewalLinkProblem, number> = {
  renewalLinkNotFound: 404,
  renewalLinkExpired: 410,
};

const refuseLink = (reply: FastifyReply, problem: RenewalLinkProblem) =>
  refuseWith(reply, LINK_PROBLEM_STATUS[problem], problem);

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

  app.post('/api/renewal/code', { config: limit }, async (request, reply) => {
    const parsed = RenewalCodeRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuseWith(reply, 400, 'badRequest');
    const { token } = parsed.data;
    const link = await usableLink(db, clock, token);
    if (!link.ok) return refuseLink(reply, link.problem);
    const { email } = link.value;
    return sendLinkCode({ codes, request, reply, purpose: 'renewal', email, token });
  });

  app.post('/api/renewal', { config: limit }, async (request, reply) => {
    const parsed = RenewalRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuseWith(reply, 400, 'badRequest');
    const { token, code, timestamp } = parsed.data;
    const link = await usableLink(db, clock, token);
    if (!link.ok) return refuseLink(reply, link.problem);
    const { email } = link.value;
    const ask = { codes, request, reply, purpose: 'renewal', email, token } as const;
    if (!(await confirmLinkCode(ask, code, timestamp))) return reply;
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
