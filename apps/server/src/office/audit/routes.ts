// The audit trail for auditors (docs/office-api.md): its rows a page at a time, and a check of the
// whole chain that also writes a signed checkpoint. Each read is itself an audit row.
import {
  type AuditEvent,
  type AuditEventsAnswer,
  type AuditVerifyAnswer,
  OFFICE_ROLES,
} from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeDb } from '../../audit/tables.ts';
import { verifyAndCheckpoint } from '../../audit/verify.ts';
import type { Clock } from '../../clock.ts';
import { send } from '../../http.ts';
import { badRequest } from '../answers.ts';
import { type Guard, staffOf } from '../auth/guard.ts';
import { auditRequest } from './request.ts';

export interface AuditRouteDeps {
  db: OfficeDb;
  clock: Clock;
  guard: Guard;
  /** Where signed checkpoints of the audit chain go (config.auditCheckpointPath). */
  checkpointPath: string;
}

const AUDITOR = OFFICE_ROLES.readAudit;
const AuditQuery = z
  .object({
    after: z.coerce.number().int().min(0).optional(),
    before: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .refine((q) => q.after === undefined || q.before === undefined);

export const auditRoutes = (app: FastifyInstance, deps: AuditRouteDeps) => {
  const { db, clock, guard } = deps;

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
    const events = rows.map(
      (r): AuditEvent => ({
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
      }),
    );
    return send(reply, 200, { events } satisfies AuditEventsAnswer);
  });

  app.get('/office/api/audit/verify', { preHandler: guard(AUDITOR) }, async (request, reply) => {
    const report = await verifyAndCheckpoint(db, deps.checkpointPath, clock());
    await auditRequest(db, clock, request, staffOf(request), 'verifyAudit', null, { ...report });
    return send(reply, 200, { report } satisfies AuditVerifyAnswer);
  });
};
