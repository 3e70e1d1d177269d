// The audit row of a back-office request: the signed-in staff member, the clock's time and the
// client's address, with the action and its case.
import type { StaffMember } from '@eta-il/domain';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/record.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import type { Clock } from '../../clock.ts';
import { clientOf } from '../../security/client.ts';

export const auditRequest = (
  db: OfficeDb,
  clock: Clock,
  request: FastifyRequest,
  staff: StaffMember,
  action: string,
  applicationId: string | null = null,
  details: Record<string, unknown> = {},
) =>
  recordAudit(db, {
    at: clock(),
    staffId: staff.id,
    actor: staff.email,
    action,
    applicationId,
    client: clientOf(request),
    details,
  });
