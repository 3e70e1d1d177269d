// POST /api/deletecognitouser (and its "trailing space" twin /api/deletecognitouser%20), SPEC §7:
// signUpUser sends a code, confirmSignUp checks it and answers a token, refreshToken renews one.
import {
  type CodeSent,
  EmailCodeRequestSchema,
  type MessageId,
  messageText,
  normalizeEmail,
  type Refusal,
  type TokenIssued,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionSubmitted } from '../../auth/require-token.ts';
import { isRevoked } from '../../auth/revocations.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, type RouteLimit, send, sendError, sendRefusal } from '../../http.ts';
import { mailLanguage } from '../../mail/templates.ts';
import { clientOf } from '../../security/client.ts';
import type { CodeProblem, EmailCodeService } from './service.ts';

const header = (request: { headers: Record<string, unknown> }, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The status of a code refused: over a limit is 429, a code that cannot be used is 400. */
export const CODE_PROBLEM_STATUS: Record<CodeProblem, number> = {
  codeBlocked: 429,
  codeSendTooSoon: 429,
  codeSendLimit: 429,
  tooManyRequests: 429,
  codeExpired: 400,
  codeUsedUp: 400,
  codeWrong: 400,
};

/**
 * A refusal shown by the code boxes: `body` carries the JSON-encoded message (SPEC §7); a wrong
 * code adds the tries it has left, in both.
 */
const refuse = (
  reply: FastifyReply,
  statusCode: number,
  code: MessageId,
  extra: { triesLeft?: number } = {},
) => {
  const shown: Refusal = { message: messageText(code), code, ...extra };
  return sendRefusal(reply, statusCode, { ...shown, body: JSON.stringify(shown) });
};

/** A code the service did not send or accept. */
const refuseCode = (reply: FastifyReply, refusal: { problem: CodeProblem; triesLeft?: number }) =>
  refuse(
    reply,
    CODE_PROBLEM_STATUS[refusal.problem],
    refusal.problem,
    refusal.triesLeft === undefined ? {} : { triesLeft: refusal.triesLeft },
  );

export const emailCodeRoutes = (
  app: FastifyInstance,
  {
    db,
    codes,
    tokens,
    limit,
  }: { db: Db; codes: EmailCodeService; tokens: TokenService; limit: RouteLimit },
) => {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = EmailCodeRequestSchema.safeParse(request.body);
    if (!parsed.success) return refuse(reply, 400, 'badRequest');
    const body = parsed.data;
    const email = normalizeEmail(body.email);
    // The code step's codes confirm a sign-up and nothing else (decision 048).
    const requester = { email, client: clientOf(request), purpose: 'signUp', subject: '' } as const;

    switch (body.render) {
      case 'signUpUser': {
        const outcome = await codes.send(
          requester,
          mailLanguage(header(request, 'accept-language')),
        );
        if (!outcome.ok) return refuseCode(reply, outcome);
        return send<{ body: CodeSent }>(reply, 200, {
          body: { timestamp: outcome.value.timestamp },
        });
      }
      case 'confirmSignUp': {
        const outcome = await codes.confirm(requester, body.confirmationCode, body.timestamp);
        if (!outcome.ok) return refuseCode(reply, outcome);
        return send<{ body: TokenIssued }>(reply, 200, {
          body: { idToken: await tokens.issue(email) },
        });
      }
      case 'refreshToken': {
        const session = await tokens.verify(header(request, 'auth-token'));
        const renewed = session?.email === email ? await tokens.renew(session) : undefined;
        if (!session || !renewed) return sendError(reply, new HttpError(401, 'tokenInvalid'));
        // A session that submitted its application is over (issue 26).
        if (await isRevoked(db, session)) return sendError(reply, sessionSubmitted());
        return send<{ body: TokenIssued }>(reply, 200, { body: { idToken: renewed } });
      }
    }
  };
  // The "trailing space" variant of SPEC §7 arrives as %20, which the router decodes to a space.
  // Both spellings count against one per-client request limit.
  const config = { rateLimit: { ...limit.rateLimit, groupId: 'email-code' } };
  for (const path of ['/api/deletecognitouser', '/api/deletecognitouser ']) {
    app.post(path, { config }, handler);
  }
};
