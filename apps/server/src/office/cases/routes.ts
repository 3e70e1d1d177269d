// Case work (docs/office-api.md): the queue, the case view and its photo, claims, decisions,
// the supervisor's confirmation of refusals, fee refunds, search, and the reasons a decision may
// give. Roles are checked per route by the guard, as the domain's OFFICE_ROLES says, the case
// (claim, state, four eyes) by decide.ts; every read of a case, search and action is an audit row.
import {
  type ApproveRequest,
  type CaseActionAnswer,
  type CaseAnswer,
  caseAbility,
  DECISION_TEXT_MAX,
  type DecisionFormMessage,
  FEE_REFUND_REASON_MAX,
  INFO_REQUEST_REASONS,
  InformationRequestFormSchema,
  mayRefundFee,
  mayReleaseCase,
  mayRevokeAuthorization,
  OFFICE_ROLES,
  type OfficeAction,
  QUEUE_SORTS,
  type QueueAnswer,
  REASON_CODES,
  REFUSAL_REASONS,
  type ReasonsAnswer,
  type RefundAnswer,
  RefundFormSchema,
  RefusalFormSchema,
  type RejectRefusalRequest,
  type SearchAnswer,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OfficeDb } from '../../audit/tables.ts';
import type { DecisionDeps } from '../../decisions/move-application.ts';
import { send } from '../../http.ts';
import type { PaymentDeps } from '../../payments/apply-event.ts';
import { badRequest } from '../answers.ts';
import { actingOf } from '../audit/acting.ts';
import { auditRequest } from '../audit/request.ts';
import { ALL_ROLES, type Guard, staffOf } from '../auth/guard.ts';
import {
  approveCase,
  type CaseOutcome,
  type CaseProblem,
  claimCase,
  confirmRefusal,
  proposeRefusal,
  rejectRefusal,
  releaseCase,
  requestInformation,
  revokeAuthorization,
} from './decide.ts';
import { readCaseFee, refundablePayment } from './fee.ts';
import { readCase, readQueue, searchCases } from './read.ts';
import { type RefundProblem, refundFee } from './refund-fee.ts';

export interface CaseRouteDeps {
  db: OfficeDb;
  decisions: DecisionDeps;
  guard: Guard;
  /** The fee's provider and settlement, for a supervisor's refund. */
  payments: PaymentDeps;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const Params = z.object({ id: z.string().regex(UUID) });
const QueueQuery = z.object({
  nationality: z.coerce.number().int().positive().optional(),
  hit: z.enum(REASON_CODES).optional(),
  sort: z.enum(QUEUE_SORTS).optional(),
});
const SearchQuery = z.object({ q: z.string().trim().min(2).max(100) });
// The bodies' types are the wire's (packages/domain/src/wire/office.ts). A question, a refusal or
// a revocation is checked with the back office form's own schema (the domain's decision forms).
const NoteBody = z
  .object({ note: z.string().max(DECISION_TEXT_MAX).optional() })
  .optional() satisfies z.ZodType<ApproveRequest | undefined>;
const RejectBody = z
  .object({ comment: z.string().max(DECISION_TEXT_MAX).optional() })
  .optional() satisfies z.ZodType<RejectRefusalRequest | undefined>;

const REFUND_PROBLEM: Record<RefundProblem, { status: number; message: string }> = {
  notFound: { status: 404, message: 'There is no such application.' },
  nothingPaid: { status: 409, message: 'No fee was paid for this application.' },
  alreadyRefunded: { status: 409, message: 'The fee for this application was refunded already.' },
  refundPending: {
    status: 503,
    message:
      'The refund is recorded, but the payment provider has not confirmed it yet. Try again in a few minutes: it will not be paid twice.',
  },
};

const notFound = { code: 'notFound', message: 'There is no such application.' };

/** Where a problem of decide.ts answers: its HTTP status, and the text staff read. */
const CASE_PROBLEM_STATUS: Record<CaseProblem, number> = {
  notFound: 404,
  claimedByOther: 403,
  claimFirst: 409,
  wrongState: 409,
  refusalPending: 409,
  noRefusalPending: 409,
  sameStaff: 403,
  reasonsInvalid: 400,
};

const CASE_PROBLEM_TEXT: Record<CaseProblem, string> = {
  notFound: 'There is no such application.',
  claimedByOther: 'Another member of staff is working on this case.',
  claimFirst: 'Claim the case before you act on it.',
  wrongState: 'The case is not waiting for this decision.',
  refusalPending: 'A refusal of this case is waiting for a supervisor.',
  noRefusalPending: 'No refusal of this case is waiting for confirmation.',
  sameStaff: 'A refusal must be confirmed by a different supervisor.',
  reasonsInvalid: 'Choose reasons from the list.',
};

/** A decision's body the form's schema refused: reasons not from the list, or unreadable. */
const bodyProblem = (issues: readonly { message: string }[]): CaseOutcome | 'badRequest' =>
  issues.some((issue) => issue.message === ('reasonsMissing' satisfies DecisionFormMessage))
    ? { ok: false, problem: 'reasonsInvalid' }
    : 'badRequest';

const answer = (reply: FastifyReply, outcome: CaseOutcome) =>
  outcome.ok
    ? send(reply, 200, { state: outcome.state } satisfies CaseActionAnswer)
    : send(reply, CASE_PROBLEM_STATUS[outcome.problem], {
        code: outcome.problem,
        message: CASE_PROBLEM_TEXT[outcome.problem],
      });

export const caseRoutes = (app: FastifyInstance, deps: CaseRouteDeps) => {
  const { db, decisions, guard } = deps;
  const { clock } = decisions;
  const ctx = { db, deps: decisions };
  const caseId = (request: FastifyRequest) => Params.safeParse(request.params);
  /** A route open to the roles that may do `action`. */
  const allowed = (action: OfficeAction) => ({ preHandler: guard(OFFICE_ROLES[action]) });

  app.get('/office/api/queue', allowed('readQueue'), async (request, reply) => {
    const query = QueueQuery.safeParse(request.query);
    if (!query.success) return send(reply, 400, badRequest);
    const cases = await readQueue(db, clock(), query.data);
    return send(reply, 200, { cases } satisfies QueueAnswer);
  });

  app.get('/office/api/cases/:id', allowed('readCase'), async (request, reply) => {
    const params = caseId(request);
    if (!params.success) return send(reply, 404, notFound);
    const found = await readCase(db, params.data.id);
    if (!found) return send(reply, 404, notFound);
    const staff = staffOf(request);
    await auditRequest(db, clock, request, staff, 'viewCase', found.id);
    const standing = {
      state: found.state,
      claimedBy: found.claim?.staffId ?? null,
      refusalProposedBy: found.pendingRefusal?.proposedBy ?? null,
    };
    const you = { staff: staff.id, role: staff.role };
    const ability = caseAbility(you, standing);
    const fee = await readCaseFee(db, found.id);
    return send(reply, 200, {
      case: { ...found, fee },
      ability,
      mayRelease: mayReleaseCase(you, standing),
      mayRefundFee: mayRefundFee(you, refundablePayment(fee)),
      mayRevoke: mayRevokeAuthorization(you, found.state),
    } satisfies CaseAnswer);
  });

  app.get('/office/api/cases/:id/photo', allowed('readCase'), async (request, reply) => {
    const params = caseId(request);
    if (!params.success) return send(reply, 404, notFound);
    const photo = await db
      .selectFrom('application as a')
      .innerJoin('photo as p', 'p.id', 'a.photo_id')
      .select(['p.content_type', 'p.bytes'])
      .where('a.id', '=', params.data.id)
      .executeTakeFirst();
    if (!photo) return send(reply, 404, notFound);
    await auditRequest(db, clock, request, staffOf(request), 'viewPhoto', params.data.id);
    return reply
      .header('Content-Type', photo.content_type)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(photo.bytes));
  });

  const action = (
    path: string,
    may: OfficeAction,
    work: (request: FastifyRequest, id: string) => Promise<CaseOutcome | 'badRequest'>,
  ) =>
    app.post(`/office/api/cases/:id/${path}`, allowed(may), async (request, reply) => {
      const params = caseId(request);
      if (!params.success) return send(reply, 404, notFound);
      const outcome = await work(request, params.data.id);
      return outcome === 'badRequest' ? send(reply, 400, badRequest) : answer(reply, outcome);
    });

  action('claim', 'claim', (request, id) => claimCase(ctx, id, actingOf(request)));
  action('release', 'release', (request, id) => releaseCase(ctx, id, actingOf(request)));
  action('approve', 'approve', (request, id) => {
    const body = NoteBody.safeParse(request.body ?? undefined);
    if (!body.success) return Promise.resolve('badRequest');
    return approveCase(ctx, id, actingOf(request), body.data?.note);
  });
  action('request-info', 'requestInfo', (request, id) => {
    const body = InformationRequestFormSchema.safeParse(request.body);
    if (!body.success) return Promise.resolve(bodyProblem(body.error.issues));
    return requestInformation(ctx, id, actingOf(request), body.data);
  });
  action('refuse', 'proposeRefusal', (request, id) => {
    const body = RefusalFormSchema.safeParse(request.body);
    if (!body.success) return Promise.resolve(bodyProblem(body.error.issues));
    return proposeRefusal(ctx, id, actingOf(request), body.data);
  });
  action('refusal/confirm', 'confirmRefusal', (request, id) =>
    confirmRefusal(ctx, id, actingOf(request)),
  );
  // A supervisor revokes an approved authorization: reasons and a note are required (issue 28).
  action('revoke', 'revoke', (request, id) => {
    const body = RefusalFormSchema.safeParse(request.body);
    if (!body.success) return Promise.resolve(bodyProblem(body.error.issues));
    return revokeAuthorization(ctx, id, actingOf(request), body.data);
  });
  action('refusal/reject', 'rejectRefusal', (request, id) => {
    const body = RejectBody.safeParse(request.body ?? undefined);
    if (!body.success) return Promise.resolve('badRequest');
    return rejectRefusal(ctx, id, actingOf(request), body.data?.comment ?? '');
  });

  app.post('/office/api/cases/:id/refund', allowed('refundFee'), async (request, reply) => {
    const params = caseId(request);
    if (!params.success) return send(reply, 404, notFound);
    const body = RefundFormSchema.safeParse(request.body);
    if (!body.success) {
      return send(reply, 400, {
        code: 'reasonRequired',
        message: `Give the reason for the refund (at most ${FEE_REFUND_REASON_MAX} characters).`,
      });
    }
    const outcome = await refundFee(
      deps.payments,
      params.data.id,
      actingOf(request),
      body.data.reason,
    );
    if (outcome.ok) return send(reply, 200, { refunded: true } satisfies RefundAnswer);
    const { status, message } = REFUND_PROBLEM[outcome.problem];
    return send(reply, status, { code: outcome.problem, message });
  });

  app.get('/office/api/search', allowed('search'), async (request, reply) => {
    const query = SearchQuery.safeParse(request.query);
    if (!query.success) return send(reply, 400, badRequest);
    const results = await searchCases(db, query.data.q);
    await auditRequest(db, clock, request, staffOf(request), 'search', null, {
      q: query.data.q,
      results: results.length,
    });
    return send(reply, 200, { results } satisfies SearchAnswer);
  });

  app.get('/office/api/reasons', { preHandler: guard(ALL_ROLES) }, async (_request, reply) =>
    send(reply, 200, {
      refusal: REFUSAL_REASONS,
      infoRequest: INFO_REQUEST_REASONS,
    } satisfies ReasonsAnswer),
  );
};
