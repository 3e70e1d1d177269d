// Staff management (admin only, docs/office-api.md) and the audit trail (auditor only).
import { INFO_REQUEST_REASONS, REFUSAL_REASONS, type StaffRole } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeDb } from '../audit/tables.ts';
import { verifyAuditChain } from '../audit/verify.ts';
import type { Clock } from '../clock.ts';
import { send } from '../http.ts';
import { auditRequest } from './audit-of.ts';
import { badRequest } from './auth-routes.ts';
import { ALL_ROLES, type Guard, staffOf } from './guard.ts';
import { endSessionsOf } from './sessions.ts';
import { addStaff, setupLink } from './staff.ts';

export interface AdminRouteDeps {
  db: OfficeDb;
  clock: Clock;
  guard: Guard;
  /** The back office's address, for set-up links. */
  officeUrl: string;
}

const ADMIN: readonly StaffRole[] = ['admin'];
const AUDITOR: readonly StaffRole[] = ['auditor'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const AddBody = z.object({ email: z.string().max(254), role: z.string().max(20) });
const Params = z.object({ id: z.string().regex(UUID) });
const AuditQuery = z
  .object({
    after: z.coerce.number().int().min(0).optional(),
    before: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .refine((q) => q.after === undefined || q.before === undefined);

export const adminRoutes = (app: FastifyInstance, deps: AdminRouteDeps) => {
  const { db, clock, guard } = deps;

  app.get('/office/api/reasons', { preHandler: guard(ALL_ROLES) }, async (_request, reply) =>
    send(reply, 200, { refusal: REFUSAL_REASONS, infoRequest: INFO_REQUEST_REASONS }),
  );

  app.get('/office/api/staff', { preHandler: guard(ADMIN) }, async (_request, reply) => {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'email', 'role', 'disabled', 'locked_until', 'password_hash', 'created_at'])
      .orderBy('email')
      .execute();
    const staff = rows.map((r) => ({
      id: r.id,
      email: r.email,
      role: r.role,
      disabled: r.disabled,
      setUp: r.password_hash !== null,
      lockedUntil: r.locked_until?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
    }));
    return send(reply, 200, { staff });
  });

  app.post('/office/api/staff', { preHandler: guard(ADMIN) }, async (request, reply) => {
    const body = AddBody.safeParse(request.body);
    if (!body.success) return send(reply, 400, badRequest);
    const outcome = await addStaff(db, clock(), body.data.email, body.data.role);
    if (!outcome.ok) {
      return outcome.problem === 'exists'
        ? send(reply, 409, { code: 'staffExists', message: 'This address already has an account.' })
        : send(reply, 400, {
            code: outcome.problem,
            message:
              outcome.problem === 'badRole'
                ? 'The role must be officer, supervisor, auditor or admin.'
                : 'The e-mail address is not valid.',
          });
    }
    await auditRequest(db, clock, request, staffOf(request), 'addStaff', null, {
      staffId: outcome.id,
      email: outcome.email,
      role: outcome.role,
    });
    return send(reply, 201, {
      id: outcome.id,
      setupLink: setupLink(deps.officeUrl, outcome.token),
      expiresAt: outcome.expiresAt.toISOString(),
    });
  });

  app.post(
    '/office/api/staff/:id/disable',
    { preHandler: guard(ADMIN) },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) return send(reply, 404, { code: 'notFound', message: 'No such staff.' });
      const me = staffOf(request);
      if (params.data.id === me.id) {
        return send(reply, 409, { code: 'notYourself', message: 'You cannot disable yourself.' });
      }
      const row = await db
        .updateTable('staff')
        .set({ disabled: true })
        .where('id', '=', params.data.id)
        .returning('email')
        .executeTakeFirst();
      if (!row) return send(reply, 404, { code: 'notFound', message: 'No such staff.' });
      await endSessionsOf(db, params.data.id);
      await auditRequest(db, clock, request, me, 'disableStaff', null, {
        staffId: params.data.id,
        email: row.email,
      });
      return send(reply, 200);
    },
  );

  app.get('/office/api/audit', { preHandler: guard(AUDITOR) }, async (request, reply) => {
    const query = AuditQuery.safeParse(request.query);
    if (!query.success) return send(reply, 400, badRequest);
    const { after, before, limit = 100 } = query.data;
    // In chain order after a row, or newest first before one (the screen's pages).
    const rows = await (before === undefined
      ? db
          .selectFrom('audit_event')
          .where('seq', '>', String(after ?? 0))
          .orderBy('seq')
      : db.selectFrom('audit_event').where('seq', '<', String(before)).orderBy('seq', 'desc')
    )
      .selectAll()
      .limit(limit)
      .execute();
    await auditRequest(
      db,
      clock,
      request,
      staffOf(request),
      'readAudit',
      null,
      before === undefined ? { after: after ?? 0 } : { before },
    );
    const events = rows.map((r) => ({
      seq: Number(r.seq),
      at: r.at.toISOString(),
      staffId: r.staff_id,
      actor: r.actor,
      action: r.action,
      applicationId: r.application_id,
      client: r.client,
      details: r.details,
      prevHash: r.prev_hash,
      hash: r.hash,
    }));
    return send(reply, 200, { events });
  });

  app.get('/office/api/audit/verify', { preHandler: guard(AUDITOR) }, async (request, reply) => {
    const report = await verifyAuditChain(db);
    await auditRequest(db, clock, request, staffOf(request), 'verifyAudit', null, { ...report });
    return send(reply, 200, { report });
  });
};
