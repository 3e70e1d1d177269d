// What every look-up by the status page's three facts shares (POST /api/status and its changes,
// POST /api/payment; the proof's shape is the domain's StatusIdentitySchema): the generic 400 and
// 404, and the limits — per IP on the route, and per application number from one source and from
// all sources together (a preHandler, once the body and its application number are parsed). Each
// caller names its counters (`scope`): the status routes share one budget, the payment its own of
// the same size.
import { messageText, type RefusalAnswer } from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeApplicationNumber } from '../../decisions/lookup.ts';
import { sendRefusal } from '../../http.ts';
import { clientOf } from '../../security/client.ts';

const NOT_FOUND_MESSAGE =
  'We could not find an application with these details. Check the application number, the passport number and the date of birth, and try again.';

export interface StatusLimits {
  /** Requests per minute per IP. */
  perIp: number;
  /** Requests per 15 minutes per application number from one source (IP). */
  perApplication: number;
  /**
   * Requests per 15 minutes per application number from all sources together: far higher, so a
   * stranger's guesses lock out the stranger's own source, not the owner (issue 26 item 7).
   */
  perApplicationAllSources: number;
}
const STATUS_LIMITS: StatusLimits = {
  perIp: 20,
  perApplication: 10,
  perApplicationAllSources: 200,
};

export const badRequest = (reply: FastifyReply) =>
  sendRefusal(reply, 400, {
    message:
      'Enter the application number, the passport number and the date of birth (YYYY-MM-DD).',
    code: 'statusBadRequest',
  });
export const notFound = (reply: FastifyReply) =>
  sendRefusal(reply, 404, { message: NOT_FOUND_MESSAGE, code: 'statusNotFound' });

/** The route config (per IP) and the per-application preHandler of a look-up route. */
export const lookupChecks = (
  app: FastifyInstance,
  scope: 'status' | 'payment',
  overrides: Partial<StatusLimits> = {},
) => {
  const limits = { ...STATUS_LIMITS, ...overrides };
  const config = { rateLimit: { max: limits.perIp, timeWindow: '1 minute' } };
  const numberOf = (request: FastifyRequest) => {
    const body = request.body as { applicationNumber?: unknown } | undefined;
    const number = typeof body?.applicationNumber === 'string' ? body.applicationNumber : '';
    return normalizeApplicationNumber(number).slice(0, 40);
  };
  // Each counter is one atomic increment in the shared store, so the limit holds at any timing.
  const sourceLimit = app.createRateLimit({
    max: limits.perApplication,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) =>
      `${scope}-application:${clientOf(request)}:${numberOf(request)}`,
  });
  const allSourcesLimit = app.createRateLimit({
    max: limits.perApplicationAllSources,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => `${scope}-application-all:${numberOf(request)}`,
  });
  const perApplication = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of [sourceLimit, allSourcesLimit]) {
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) {
        return reply
          .header('retry-after', limit.ttlInSeconds)
          .code(429)
          .send({
            statusCode: 429,
            message: messageText('tooManyRequests'),
          } satisfies RefusalAnswer);
      }
    }
  };
  return { config, perApplication };
};
