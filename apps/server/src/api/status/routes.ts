// POST /api/status: an application's state for whoever knows its number, passport number and
// birth date; every mismatch is the same 404. POST /api/status/withdraw/code and
// POST /api/status/withdraw: withdrawing before a decision, confirmed by a code e-mailed to the
// application's address. POST /api/status/answer: the traveller's answer to an officer's
// question, which returns the case to the queue. POST /api/status/correction/code and
// POST /api/status/correction: corrections before a decision (issue 13; ./correction.ts). Limited per IP (route config) and per application number (preHandler).
import {
  CONFIRMATION_CODE_PATTERN,
  type Correction,
  EmailSchema,
  infoAnswerProblem,
  isCorrectableField,
  isIsoDate,
  LOCKED_FIELDS,
  messageText,
  normalizeEmail,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Db } from '../../db/database.ts';
import { answerInformationRequest } from '../../decisions/answer-info-request.ts';
import type { LinkService } from '../../decisions/links.ts';
import { findApplication, normalizeApplicationNumber } from '../../decisions/lookup.ts';
import {
  type DecisionDeps,
  languageOf,
  moveApplication,
} from '../../decisions/move-application.ts';
import { send } from '../../http.ts';
import { maskEmail } from '../../mail/mask-email.ts';
import { mailLanguage } from '../../mail/templates.ts';
import { clientOf } from '../../security/client.ts';
import { CODE_PROBLEM_STATUS } from '../email-code/routes.ts';
import type { CodeProblem, EmailCodeService } from '../email-code/service.ts';
import { CodeTimestamp } from '../email-code/timestamp.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';
import { statusAnswer } from './answer.ts';
import { correctApplication } from './correction.ts';

const NOT_FOUND_MESSAGE =
  'We could not find an application with these details. Check the application number, the passport number and the date of birth, and try again.';

interface StatusLimits {
  /** Requests per minute per IP. */
  perIp: number;
  /** Requests per 15 minutes per application number. */
  perApplication: number;
}
const STATUS_LIMITS: StatusLimits = { perIp: 20, perApplication: 10 };

const Text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const Identity = z.object({
  applicationNumber: Text(40),
  passportNumber: Text(20),
  birthDate: z.string().check(z.refine(isIsoDate)),
});
const Answer = z.object({ ...Identity.shape, answer: z.string() });
const Confirmed = {
  code: z.string().check(z.regex(CONFIRMATION_CODE_PATTERN)),
  timestamp: CodeTimestamp,
};
const Withdraw = z.object({ ...Identity.shape, ...Confirmed });
/** A correction's code goes to the address the application will have: a new one if it changes. */
const CorrectionCode = z.object({ ...Identity.shape, email: z.optional(Text(254)) });
const Correct = z.object({
  ...Identity.shape,
  ...Confirmed,
  changes: z.record(z.string(), z.string().check(z.maxLength(254))),
});

export interface StatusRouteDeps {
  db: Db;
  reference: ReferenceCache;
  links: LinkService;
  codes: EmailCodeService;
  decisions: DecisionDeps;
  limits?: Partial<StatusLimits>;
}

const badRequest = (reply: FastifyReply) =>
  send(reply, 400, {
    message:
      'Enter the application number, the passport number and the date of birth (YYYY-MM-DD).',
    code: 'statusBadRequest',
  });
const notFound = (reply: FastifyReply) =>
  send(reply, 404, { message: NOT_FOUND_MESSAGE, code: 'statusNotFound' });

const codeRefusal = (reply: FastifyReply, code: CodeProblem) =>
  send(reply, CODE_PROBLEM_STATUS[code], { message: messageText(code), code });

export const statusRoutes = (app: FastifyInstance, deps: StatusRouteDeps) => {
  const limits = { ...STATUS_LIMITS, ...deps.limits };
  const config = { rateLimit: { max: limits.perIp, timeWindow: '1 minute' } };
  // The route's own limit (per IP) runs first and marks the request, so this second limit is
  // applied by hand: a preHandler, once the body (and its application number) is parsed.
  const applicationLimit = app.createRateLimit({
    max: limits.perApplication,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { applicationNumber?: unknown } | undefined;
      const number = typeof body?.applicationNumber === 'string' ? body.applicationNumber : '';
      return `status-application:${normalizeApplicationNumber(number).slice(0, 40)}`;
    },
  });
  const perApplication = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await applicationLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      return reply
        .header('retry-after', limit.ttlInSeconds)
        .code(429)
        .send({ statusCode: 429, message: messageText('tooManyRequests') });
    }
  };
  const language = (request: FastifyRequest) =>
    mailLanguage(request.headers['accept-language']?.toString());

  app.post('/api/status', { config, preHandler: perApplication }, async (request, reply) => {
    const parsed = Identity.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    return send(reply, 200, await statusAnswer(deps.db, deps.links, found, language(request)));
  });

  /**
   * E-mails a code that confirms a change to the application, to the application's address or,
   * where the change may give it a new one (`toNewAddress`), to that.
   */
  const codeRoute = (path: string, { toNewAddress }: { toNewAddress: boolean }) =>
    app.post(path, { config, preHandler: perApplication }, async (request, reply) => {
      const parsed = CorrectionCode.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const asked = toNewAddress ? parsed.data.email : undefined;
      const email = asked ? normalizeEmail(asked) : found.email;
      if (!EmailSchema().safeParse(email).success) {
        return send(reply, 400, { message: messageText('emailInvalid'), code: 'emailInvalid' });
      }
      const sent = await deps.codes.send(
        { email, client: clientOf(request) },
        languageOf(found.language),
      );
      if (!sent.ok) return codeRefusal(reply, sent.problem);
      return send(reply, 200, { timestamp: sent.value.timestamp, sentTo: maskEmail(email) });
    });

  codeRoute('/api/status/withdraw/code', { toNewAddress: false });

  app.post(
    '/api/status/withdraw',
    { config, preHandler: perApplication },
    async (request, reply) => {
      const parsed = Withdraw.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const confirmed = await deps.codes.confirm(
        { email: found.email, client: clientOf(request) },
        parsed.data.code,
        parsed.data.timestamp,
      );
      if (!confirmed.ok) return codeRefusal(reply, confirmed.problem);
      const moved = await moveApplication(deps.db, deps.decisions, {
        applicationId: found.id,
        event: 'withdraw',
        actor: 'traveller',
      });
      if (!moved.ok) {
        return send(reply, 409, {
          message: 'This application has already been decided and can no longer be withdrawn.',
          code: 'alreadyDecided',
        });
      }
      return send(reply, 200, { status: moved.to });
    },
  );

  codeRoute('/api/status/correction/code', { toNewAddress: true });

  app.post(
    '/api/status/correction',
    { config, preHandler: perApplication },
    async (request, reply) => {
      const parsed = Correct.safeParse(request.body);
      if (!parsed.success) return badRequest(reply);
      const fields = Object.keys(parsed.data.changes);
      if (fields.some((f) => (LOCKED_FIELDS as readonly string[]).includes(f))) {
        return send(reply, 400, {
          message: messageText('correctionNotAllowed'),
          code: 'correctionNotAllowed',
        });
      }
      if (fields.length === 0 || !fields.every(isCorrectableField)) return badRequest(reply);
      const found = await findApplication(deps.db, parsed.data);
      if (!found) return notFound(reply);
      const changes = parsed.data.changes as Correction;
      const email = changes.reqMainEmailAddress
        ? normalizeEmail(changes.reqMainEmailAddress)
        : found.email;
      const confirmed = await deps.codes.confirm(
        { email, client: clientOf(request) },
        parsed.data.code,
        parsed.data.timestamp,
      );
      if (!confirmed.ok) return codeRefusal(reply, confirmed.problem);
      const outcome = await correctApplication(
        { db: deps.db, reference: deps.reference, ...deps.decisions },
        found.id,
        changes,
      );
      switch (outcome.kind) {
        case 'decided':
          return send(reply, 409, {
            message: 'This application has already been decided and can no longer be changed.',
            code: 'alreadyDecided',
          });
        case 'invalid': {
          const [first] = outcome.issues;
          return send(reply, 400, {
            message: first ? messageText(first.message, first.values) : messageText('badRequest'),
            code: first?.message ?? 'badRequest',
            issues: outcome.issues.map((i) => ({ ...i, text: messageText(i.message, i.values) })),
          });
        }
        case 'corrected':
          return send(reply, 200, { changes: outcome.changes });
      }
    },
  );

  app.post('/api/status/answer', { config, preHandler: perApplication }, async (request, reply) => {
    const parsed = Answer.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const problem = infoAnswerProblem(parsed.data.answer);
    if (problem) {
      return send(reply, 400, { message: messageText(problem), code: problem });
    }
    const found = await findApplication(deps.db, parsed.data);
    if (!found) return notFound(reply);
    const answered = await answerInformationRequest(
      deps.db,
      deps.decisions,
      found.id,
      parsed.data.answer.trim(),
    );
    if (!answered.ok) {
      return send(reply, 409, {
        message: 'No information is being asked for this application just now.',
        code: 'noQuestion',
      });
    }
    return send(reply, 200, { status: answered.to });
  });
};
