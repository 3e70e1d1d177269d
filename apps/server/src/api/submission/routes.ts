// POST /api/senddatamarom (SPEC §7), auth-token required: the whole stored application form.
import {
  messageText,
  type RecordRefusal,
  type RefusalIssue,
  type SubmissionIssue,
  type Submitted,
  todayIn,
  travellerToday,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireToken, sessionSubmitted } from '../../auth/require-token.ts';
import { isRevoked } from '../../auth/revocations.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { type RouteLimit, send, sendError, sendRefusal } from '../../http.ts';
import { mailLanguage } from '../../mail/templates.ts';
import {
  type Receipt,
  type RecordedAnswer,
  type SubmissionDeps,
  type SubmissionOutcome,
  submitApplication,
} from './service.ts';

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

/** The answer to a stored application; recorded with its Idempotency-Key, it answers repeats too. */
const submitted = (receipt: Receipt): RecordedAnswer & { body: Submitted } => ({
  statusCode: 200,
  body: {
    message: 'Submitted',
    body: '',
    firstName: receipt.firstName,
    familyName: receipt.lastName,
    emailAddress: receipt.email,
    ReqNum: receipt.reqNum,
    // Issue 13: every traveller's number, in bearerList order (one entry for one traveller).
    applications: receipt.travellers.map((t) => ({
      ReqNum: t.reqNum,
      firstName: t.firstName,
      familyName: t.lastName,
    })),
    ...(receipt.groupNum ? { groupNum: receipt.groupNum } : {}),
  },
});

/** A refused record: the first issue's text, and in `body` every issue with its text (SPEC §7). */
const refusal = (issues: SubmissionIssue[]) => {
  const described: RefusalIssue[] = issues.map((i) => ({
    ...i,
    text: messageText(i.message, i.values),
  }));
  const [issue] = described;
  // In a group, the message says whose value it is (travellers counted from 1).
  const first = issue
    ? `${issue.traveller === undefined ? '' : `Traveller ${issue.traveller + 1}: `}${issue.text}`
    : messageText('badRequest');
  const record: RecordRefusal = { error: first, issues: described };
  return { message: first, body: JSON.stringify(record) };
};

const answer = (reply: FastifyReply, outcome: SubmissionOutcome) => {
  switch (outcome.kind) {
    case 'noData':
      return sendRefusal(reply, 403, { message: messageText('dataRequired') });
    case 'invalid':
      return sendRefusal(reply, 400, refusal(outcome.issues));
    case 'emailNotVerified':
      return sendRefusal(reply, 403, { message: messageText('emailNotVerified') });
    case 'keyConflict':
      return sendRefusal(reply, 422, { message: messageText('idempotencyConflict') });
    case 'sessionSubmitted':
      return sendError(reply, sessionSubmitted());
    case 'repeated':
      return send(reply, outcome.answer.statusCode, outcome.answer.body);
    case 'submitted': {
      const { statusCode, body } = submitted(outcome.receipt);
      return send(reply, statusCode, body);
    }
  }
};

export const submissionRoutes = (
  app: FastifyInstance,
  deps: SubmissionDeps & { tokens: TokenService; timeZone: string; limit: RouteLimit },
) => {
  /**
   * A refusal to a session that has already submitted is that (401), whatever else was wrong; the
   * application stored (or replayed) is answered as it is. Only refusals pay for the look-up.
   */
  const revoked = async (request: FastifyRequest) =>
    request.travellerSession !== undefined && (await isRevoked(deps.db, request.travellerSession));
  const unlessSubmitted = async (
    request: FastifyRequest,
    outcome: SubmissionOutcome,
  ): Promise<SubmissionOutcome> => {
    if (outcome.kind === 'submitted' || outcome.kind === 'repeated') return outcome;
    return (await revoked(request)) ? { kind: 'sessionSubmitted' } : outcome;
  };

  app.post(
    '/api/senddatamarom',
    {
      // The token is checked before the body is read: without one the answer is 401, whatever
      // the body. Its session's revocation is checked after the replay check (below).
      onRequest: requireToken(deps.tokens, 'checkedByRoute'),
      bodyLimit: 256 * 1024,
      config: deps.limit,
      // An empty JSON body is no data (SPEC §4): 403 'Data is required', as for {}.
      errorHandler: async (error, request, reply) => {
        if (error.code !== 'FST_ERR_CTP_EMPTY_JSON_BODY') throw error;
        return answer(reply, await unlessSubmitted(request, { kind: 'noData' }));
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !KEY.test(key))) {
        if (await revoked(request)) return answer(reply, { kind: 'sessionSubmitted' });
        return sendRefusal(reply, 400, {
          message: 'The Idempotency-Key header must be 8 to 128 letters, digits, - or _.',
        });
      }
      // "Today" is the service's date in TZ_DEFAULT; the traveller's own zone moves it a day at most.
      const now = deps.clock();
      const timeZone = applicantTimeZone(request.headers['x-time-zone'], deps.timeZone);
      const outcome = await submitApplication(deps, {
        email: request.verifiedEmail!,
        session: request.travellerSession!,
        input: request.body,
        idempotencyKey: key,
        today: travellerToday(todayIn(now, deps.timeZone), todayIn(now, timeZone)),
        language: mailLanguage(request.headers['accept-language']),
        answerOf: submitted,
      });
      return answer(reply, await unlessSubmitted(request, outcome));
    },
  );
};
