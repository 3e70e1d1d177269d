// POST /api/senddatamarom (SPEC §7), auth-token required: the whole stored application form.
import { messageText, todayIn, travellerToday } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { requireToken } from '../../auth/require-token.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { type RouteLimit, send } from '../../http.ts';
import { mailLanguage } from '../../mail/templates.ts';
import { type SubmissionDeps, submitApplication } from './service.ts';

const KEY = /^[A-Za-z0-9_-]{8,128}$/;

/** The applicant's time zone (X-Time-Zone), if it is a real IANA zone. */
const applicantTimeZone = (header: unknown, fallback: string): string => {
  if (typeof header !== 'string' || header.length > 64) return fallback;
  try {
    new Intl.DateTimeFormat('en', { timeZone: header });
    return header;
  } catch {
    return fallback;
  }
};

export const submissionRoutes = (
  app: FastifyInstance,
  deps: SubmissionDeps & { tokens: TokenService; timeZone: string; limit: RouteLimit },
) => {
  app.post(
    '/api/senddatamarom',
    {
      // The token is checked before the body is read: without one the answer is 401, whatever
      // the body.
      onRequest: requireToken(deps.tokens),
      bodyLimit: 256 * 1024,
      config: deps.limit,
      // An empty JSON body is no data (SPEC §4): 403 'Data is required', as for {}.
      errorHandler: (error, _request, reply) => {
        if (error.code !== 'FST_ERR_CTP_EMPTY_JSON_BODY') throw error;
        return send(reply, 403, { message: messageText('dataRequired') });
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !KEY.test(key))) {
        return send(reply, 400, {
          message: 'The Idempotency-Key header must be 8 to 128 letters, digits, - or _.',
        });
      }
      // "Today" is the service's date in TZ_DEFAULT; the traveller's own zone moves it a day at most.
      const now = deps.clock();
      const timeZone = applicantTimeZone(request.headers['x-time-zone'], deps.timeZone);
      const answer = await submitApplication(deps, {
        email: request.verifiedEmail!,
        input: request.body,
        idempotencyKey: key,
        today: travellerToday(todayIn(now, deps.timeZone), todayIn(now, timeZone)),
        language: mailLanguage(request.headers['accept-language']),
      });
      return send(reply, answer.statusCode, answer.payload);
    },
  );
};
