import {
  ResumeCodeRequestSchema,
  type Resumed,
  ResumeRequestSchema,
  type Saved,
  SaveForLaterSchema,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireToken } from '../../auth/require-token.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { type RouteLimit, send } from '../../http.ts';
import { maskEmail } from '../../mail/mask-email.ts';
import { mailLanguage } from '../../mail/templates.ts';
import { confirmLinkCode, refuseWith, sendLinkCode } from '../email-code/link-code.ts';
import type { EmailCodeService } from '../email-code/service.ts';
import type { LinkProblem, SavedApplicationService } from './service.ts';

/** Room for a group's draft and a step's values; the schema bounds each part. */
const SAVE_BODY_LIMIT = 256 * 1024;

const LINK_PROBLEM_STATUS: Record<LinkProblem, number> = {
  savedApplicationNotFound: 404,
  savedApplicationExpired: 410,
};

const refuseLink = (reply: FastifyReply, problem: LinkProblem) =>
  refuseWith(reply, LINK_PROBLEM_STATUS[problem], problem);

export const savedApplicationRoutes = (
  app: FastifyInstance,
  {
    db,
    saved,
    codes,
    tokens,
    limit,
  }: {
    db: Db;
    saved: SavedApplicationService;
    codes: EmailCodeService;
    tokens: TokenService;
    limit: RouteLimit;
  },
) => {
  const language = (request: FastifyRequest) =>
    mailLanguage(request.headers['accept-language']?.toString());

  app.post(
    '/api/saved-application',
    { preHandler: requireToken(tokens, db), bodyLimit: SAVE_BODY_LIMIT, config: limit },
    async (request, reply) => {
      const parsed = SaveForLaterSchema.safeParse(request.body);
      if (!parsed.success) return refuseWith(reply, 400, 'draftMalformed');
      const email = request.verifiedEmail!;
      const { expiresAt } = await saved.save(email, parsed.data, language(request));
      return send<Saved>(reply, 201, {
        expiresAt: expiresAt.toISOString(),
        sentTo: maskEmail(email),
      });
    },
  );

  app.post('/api/saved-application/code', { config: limit }, async (request, reply) => {
    const parsed = ResumeCodeRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuseWith(reply, 400, 'badRequest');
    const { token } = parsed.data;
    const address = await saved.addressOf(token);
    if (!address.ok) return refuseLink(reply, address.problem);
    return sendLinkCode({ codes, request, reply, purpose: 'resume', email: address.value, token });
  });

  app.post('/api/saved-application/resume', { config: limit }, async (request, reply) => {
    const parsed = ResumeRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuseWith(reply, 400, 'badRequest');
    const { token, code, timestamp } = parsed.data;
    const address = await saved.addressOf(token);
    if (!address.ok) return refuseLink(reply, address.problem);
    const ask = { codes, request, reply, purpose: 'resume', email: address.value, token } as const;
    if (!(await confirmLinkCode(ask, code, timestamp))) return reply;
    const taken = await saved.take(token);
    if (!taken.ok) return refuseLink(reply, taken.problem);
    return send<Resumed>(reply, 200, {
      draft: taken.value.draft,
      pending: taken.value.pending,
      email: taken.value.email,
      idToken: await tokens.issue(taken.value.email),
    });
  });
};
