// Reviews of refusals (issue 30 item 3, docs/office-api.md): the supervisors' queue, one review
// beside its case, its stored documents, and the decision. The queue and the decisions are open to
// the roles OFFICE_ROLES gives readReviews and decideReview; the review and its documents to whoever
// may read the case (an auditor too). Who may decide one is service.ts's (someone new). Every read
// and decision is an audit row; a decision passes the office's forgery checks (office/app.ts,
// office/auth/guard.ts) like every other call that changes anything.
import {
  OFFICE_ROLES,
  type OfficeAction,
  REFUSAL_MOVE,
  REVIEW_DOCUMENTS_MAX,
  REVIEW_REASON_MAX,
  type ReviewAnswer,
  type ReviewDecisionAnswer,
  type ReviewsAnswer,
  UpholdReviewFormSchema,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { send } from '../../http.ts';
import { actingOf } from '../audit/acting.ts';
import { auditRequest } from '../audit/request.ts';
import { type Guard, staffOf } from '../auth/guard.ts';
import { readCaseFee } from '../cases/fee.ts';
import { readCase } from '../cases/read.ts';
import {
  decideReview,
  mayDecideReview,
  type ReviewContext,
  type ReviewDecision,
  type ReviewProblem,
  readReview,
  readReviewDocument,
  readReviewQueue,
} from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const Params = z.object({ id: z.string().regex(UUID) });
const DocumentParams = Params.extend({
  position: z.coerce.number().int().min(1).max(REVIEW_DOCUMENTS_MAX),
});

const notFound = { code: 'notFound', message: 'There is no such review.' };

const PROBLEMS: Record<ReviewProblem, { status: number; message: string }> = {
  notFound: { status: 404, message: notFound.message },
  alreadyDecided: { status: 409, message: 'This review has been decided already: it is final.' },
  notSupervisor: { status: 403, message: 'Only a supervisor decides a review.' },
  tookPart: {
    status: 403,
    message: 'You took part in this refusal: a supervisor who did not must review it.',
  },
  wrongState: { status: 409, message: 'The application is not waiting for its review.' },
};

const EXTENSION = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const;

const answer = (reply: FastifyReply, outcome: ReviewDecision) =>
  outcome.ok
    ? send(reply, 200, {
        state: outcome.state,
        outcome: outcome.outcome,
      } satisfies ReviewDecisionAnswer)
    : send(reply, PROBLEMS[outcome.problem].status, {
        code: outcome.problem,
        message: PROBLEMS[outcome.problem].message,
      });

export const reviewRoutes = (app: FastifyInstance, ctx: ReviewContext & { guard: Guard }) => {
  const { db, guard } = ctx;
  const { clock } = ctx.deps;
  const allowed = (action: OfficeAction) => ({ preHandler: guard(OFFICE_ROLES[action]) });
  app.get('/office/api/reviews', allowed('readReviews'), async (request, reply) =>
    send(reply, 200, {
      reviews: await readReviewQueue(db, staffOf(request)),
    } satisfies ReviewsAnswer),
  );

  app.get('/office/api/reviews/:id', allowed('readCase'), async (request, reply) => {
    const params = Params.safeParse(request.params);
    if (!params.success) return send(reply, 404, notFound);
    const id = params.data.id;
    const [review, found] = await Promise.all([readReview(db, id), readCase(db, id)]);
    if (!review || !found) return send(reply, 404, notFound);
    const staff = staffOf(request);
    await auditRequest(db, clock, request, staff, 'viewReview', id);
    // The refusal under review: the last refusal of the case by the office (not a review's).
    const refused = found.history.findLast(
      (h) => REFUSAL_MOVE.from.some((from) => from === h.from) && h.to === REFUSAL_MOVE.to,
    );
    const notDecidable = await mayDecideReview(db, id, staff, review.decision !== null);
    return send(reply, 200, {
      review: {
        ...review,
        refusal: refused
          ? {
              reasons: refused.reasons,
              note: refused.note,
              proposedByEmail: refused.proposedByEmail,
              confirmedByEmail: refused.actorEmail,
              refusedAt: refused.at,
            }
          : null,
      },
      case: { ...found, fee: await readCaseFee(db, id) },
      mayDecide: notDecidable === null,
      notDecidable,
    } satisfies ReviewAnswer);
  });

  // The stored bytes, which are re-encoded (never what the traveller uploaded): with their stored
  // type, never sniffed, sandboxed if opened, a PDF downloaded rather than shown, nothing cached.
  app.get(
    '/office/api/reviews/:id/documents/:position',
    allowed('readCase'),
    async (request, reply) => {
      const params = DocumentParams.safeParse(request.params);
      if (!params.success) return send(reply, 404, notFound);
      const { id, position } = params.data;
      const document = await readReviewDocument(db, id, position);
      if (!document) return send(reply, 404, notFound);
      await auditRequest(db, clock, request, staffOf(request), 'viewReviewDocument', id, {
        position,
      });
      const disposition = document.media_type === 'application/pdf' ? 'attachment' : 'inline';
      const filename = `review-document-${position}.${EXTENSION[document.media_type]}`;
      return reply
        .header('Content-Type', document.media_type)
        .header('Content-Disposition', `${disposition}; filename="${filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'")
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(document.content));
    },
  );

  app.post('/office/api/reviews/:id/uphold', allowed('decideReview'), async (request, reply) => {
    const params = Params.safeParse(request.params);
    if (!params.success) return send(reply, 404, notFound);
    const body = UpholdReviewFormSchema.safeParse(request.body);
    if (!body.success) {
      return send(reply, 400, {
        code: 'reasonRequired',
        message: `Give the reason for upholding the refusal (at most ${REVIEW_REASON_MAX} characters).`,
      });
    }
    return answer(
      reply,
      await decideReview(ctx, params.data.id, actingOf(request), {
        outcome: 'upheld',
        reason: body.data.reason,
      }),
    );
  });

  app.post('/office/api/reviews/:id/overturn', allowed('decideReview'), async (request, reply) => {
    const params = Params.safeParse(request.params);
    if (!params.success) return send(reply, 404, notFound);
    return answer(
      reply,
      await decideReview(ctx, params.data.id, actingOf(request), {
        outcome: 'overturned',
        reason: null,
      }),
    );
  });
};
