// False-hit marks (issue 30 item 4, docs/office-api.md): mark a case's watchlist hit "not this
// person", list the marks of a case, and a supervisor's confirm, reject and withdraw. Roles are
// checked per route by the guard as OFFICE_ROLES says; the case, the hit, the claim and four eyes
// by service.ts. The office's origin and anti-forgery checks cover every POST (app.ts).
import {
  FALSE_HIT_REASON_MAX,
  type FalseHitActionAnswer,
  FalseHitMarkFormSchema,
  type FalseHitMarksAnswer,
  type FalseHitMove,
  FalseHitReasonFormSchema,
  falseHitConfirmation,
  isWithOffice,
  mayRoleDo,
  OFFICE_ROLES,
  type OfficeAction,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { OfficeDb } from '../../audit/tables.ts';
import type { Clock } from '../../clock.ts';
import { send } from '../../http.ts';
import { badRequest } from '../answers.ts';
import { actingOf } from '../audit/acting.ts';
import { auditRequest } from '../audit/request.ts';
import { type Guard, staffOf } from '../auth/guard.ts';
import { marksOfCase } from './read.ts';
import {
  decideFalseHit,
  type FalseHitOutcome,
  type FalseHitProblem,
  markFalseHit,
} from './service.ts';

export interface FalseHitRouteDeps {
  db: OfficeDb;
  clock: Clock;
  guard: Guard;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const Params = z.object({ id: z.string().regex(UUID) });

const PROBLEM: Record<FalseHitProblem, { status: number; message: string }> = {
  notFound: { status: 404, message: 'There is no such application or mark.' },
  noSuchHit: { status: 404, message: 'This case has no such watchlist hit.' },
  claimedByOther: { status: 403, message: 'Another member of staff is working on this case.' },
  claimFirst: { status: 409, message: 'Claim the case before you act on it.' },
  wrongState: { status: 409, message: 'The case is not with the office.' },
  incompleteTraveller: {
    status: 409,
    message: 'The bearer has no passport number, issuing country or birth date to mark.',
  },
  alreadyMarked: {
    status: 409,
    message: 'This hit is marked already for this traveller and listed entry.',
  },
  wrongMarkState: { status: 409, message: 'The mark is not waiting for this step.' },
  sameStaff: {
    status: 403,
    message: 'A mark must be confirmed by a supervisor who did not make it.',
  },
  notSupervisor: { status: 403, message: 'Only a supervisor may confirm or reject a mark.' },
};

const reasonRequired = {
  code: 'reasonRequired',
  message: `Give the reason (at most ${FALSE_HIT_REASON_MAX} characters).`,
};

const answer = (reply: FastifyReply, outcome: FalseHitOutcome) => {
  if (outcome.ok) return send(reply, 200, { mark: outcome.mark } satisfies FalseHitActionAnswer);
  const { status, message } = PROBLEM[outcome.problem];
  return send(reply, status, { code: outcome.problem, message });
};

export const falseHitRoutes = (app: FastifyInstance, deps: FalseHitRouteDeps) => {
  const { db, clock, guard } = deps;
  const ctx = { db, clock };
  const allowed = (action: OfficeAction) => ({ preHandler: guard(OFFICE_ROLES[action]) });

  app.get('/office/api/cases/:id/false-hits', allowed('readCase'), async (request, reply) => {
    const params = Params.safeParse(request.params);
    if (!params.success)
      return send(reply, 404, { code: 'notFound', message: PROBLEM.notFound.message });
    const id = params.data.id;
    const app = await db
      .selectFrom('application as a')
      .leftJoin('case_claim as c', 'c.application_id', 'a.id')
      .select(['a.state', 'a.draft', 'c.staff_id'])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!app) return send(reply, 404, { code: 'notFound', message: PROBLEM.notFound.message });
    const results = await db
      .selectFrom('screening_result')
      .select(['bearer_index', 'hits'])
      .where('application_id', '=', id)
      .execute();
    const staff = staffOf(request);
    const marks = await marksOfCase(db, id, app.draft, results);
    await auditRequest(db, clock, request, staff, 'viewFalseHits', id);
    const you = { staff: staff.id, role: staff.role };
    return send(reply, 200, {
      marks: marks.map((mark) => ({
        ...mark,
        mayConfirm: mark.state === 'proposed' && falseHitConfirmation(mark.markedBy, you).ok,
        mayWithdraw: mark.state === 'confirmed' && mayRoleDo(staff.role, 'withdrawFalseHit'),
      })),
      mayMark:
        mayRoleDo(staff.role, 'markFalseHit') &&
        isWithOffice(app.state) &&
        app.staff_id === staff.id,
    } satisfies FalseHitMarksAnswer);
  });

  app.post('/office/api/cases/:id/false-hits', allowed('markFalseHit'), async (request, reply) => {
    const params = Params.safeParse(request.params);
    if (!params.success)
      return send(reply, 404, { code: 'notFound', message: PROBLEM.notFound.message });
    const body = FalseHitMarkFormSchema.safeParse(request.body);
    if (!body.success) {
      const reasonIssue = body.error.issues.some((issue) => issue.path[0] === 'reason');
      return send(reply, 400, reasonIssue ? reasonRequired : badRequest);
    }
    return answer(reply, await markFalseHit(ctx, params.data.id, actingOf(request), body.data));
  });

  const step = (
    path: string,
    may: OfficeAction,
    move: FalseHitMove,
    reason: 'required' | 'optional' | 'none',
  ) =>
    app.post(`/office/api/false-hits/:id/${path}`, allowed(may), async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success)
        return send(reply, 404, { code: 'notFound', message: PROBLEM.notFound.message });
      let text: string | null = null;
      const given = request.body as { reason?: unknown } | undefined;
      if (
        reason === 'required' ||
        (reason === 'optional' && given?.reason !== undefined && given.reason !== '')
      ) {
        const body = FalseHitReasonFormSchema.safeParse(request.body);
        if (!body.success) return send(reply, 400, reasonRequired);
        text = body.data.reason;
      }
      return answer(
        reply,
        await decideFalseHit(ctx, params.data.id, actingOf(request), move, text),
      );
    });

  step('confirm', 'confirmFalseHit', 'confirm', 'none');
  step('reject', 'confirmFalseHit', 'reject', 'optional');
  step('withdraw', 'withdrawFalseHit', 'withdraw', 'required');
};
