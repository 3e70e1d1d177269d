// The officers' queue of requests to move a lost contact address (decision 047,
// docs/office-api.md): officers and supervisors read and decide, auditors only read, admins see
// nothing. Every read is an audit row; a decision is audited in its own transaction
// (service.ts). State-changing calls pass the office's forgery checks (office/app.ts,
// office/auth/guard.ts).
import {
  CONTACT_REQUEST_DECIDERS,
  CONTACT_REQUEST_READERS,
  type ContactDecisionAnswer,
  ContactRejectionFormSchema,
  type ContactRequestAnswer,
  type ContactRequestStatus,
  type ContactRequestsAnswer,
  mayDecideContactRequest,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { send } from '../../http.ts';
import { actingOf } from '../audit/acting.ts';
import { auditRequest } from '../audit/request.ts';
import { type Guard, staffOf } from '../auth/guard.ts';
import {
  acceptContactRequest,
  type ContactDecisionProblem,
  type ContactRequestContext,
  readContactQueue,
  readContactRequest,
  rejectContactRequest,
} from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const Params = z.object({ id: z.string().regex(UUID) });

const notFound = { code: 'notFound', message: 'There is no such request.' };

const PROBLEMS: Record<ContactDecisionProblem, { status: number; message: string }> = {
  notFound: { status: 404, message: notFound.message },
  notPending: { status: 409, message: 'This request has already been decided.' },
  alreadyDecided: {
    status: 409,
    message: 'The application has been decided since: its address can no longer change.',
  },
  invalid: { status: 409, message: 'The new address is not valid for this application.' },
};

const answer = (
  reply: FastifyReply,
  outcome:
    | { ok: true; status: ContactRequestStatus }
    | { ok: false; problem: ContactDecisionProblem },
) =>
  outcome.ok
    ? send(reply, 200, { status: outcome.status } satisfies ContactDecisionAnswer)
    : send(reply, PROBLEMS[outcome.problem].status, {
        code: outcome.problem,
        message: PROBLEMS[outcome.problem].message,
      });

export const contactRequestRoutes = (
  app: FastifyInstance,
  ctx: ContactRequestContext & { guard: Guard },
) => {
  const { db, guard } = ctx;
  const { clock } = ctx.deps;
  app.get(
    '/office/api/contact-requests',
    { preHandler: guard(CONTACT_REQUEST_READERS) },
    async (_, reply) =>
      send(reply, 200, { requests: await readContactQueue(db) } satisfies ContactRequestsAnswer),
  );

  app.get(
    '/office/api/contact-requests/:id',
    { preHandler: guard(CONTACT_REQUEST_READERS) },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) return send(reply, 404, notFound);
      const found = await readContactRequest(ctx, params.data.id);
      if (!found) return send(reply, 404, notFound);
      const staff = staffOf(request);
      await auditRequest(db, clock, request, staff, 'viewContactRequest', found.applicationId, {
        request: found.id,
      });
      return send(reply, 200, {
        request: found,
        mayDecide: mayDecideContactRequest(staff.role, found.status),
      } satisfies ContactRequestAnswer);
    },
  );

  app.post(
    '/office/api/contact-requests/:id/accept',
    { preHandler: guard(CONTACT_REQUEST_DECIDERS) },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) return send(reply, 404, notFound);
      return answer(reply, await acceptContactRequest(ctx, params.data.id, actingOf(request)));
    },
  );

  app.post(
    '/office/api/contact-requests/:id/reject',
    { preHandler: guard(CONTACT_REQUEST_DECIDERS) },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) return send(reply, 404, notFound);
      const body = ContactRejectionFormSchema.safeParse(request.body);
      if (!body.success) {
        return send(reply, 400, {
          code: 'reasonRequired',
          message: 'Give the reason for the rejection: the traveller is sent it.',
        });
      }
      return answer(
        reply,
        await rejectContactRequest(ctx, params.data.id, actingOf(request), body.data.reason),
      );
    },
  );
};
