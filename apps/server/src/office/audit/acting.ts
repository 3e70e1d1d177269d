// Who acts in the back office — the signed-in member of staff and the client's address — and the
// audit row of what they did, written in the caller's transaction so that it stands or falls with
// the change it records.
import type { StaffMember } from '@eta-il/domain';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/record.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import { clientOf } from '../../security/client.ts';
import { staffOf } from '../auth/guard.ts';

export interface Acting {
  staff: StaffMember;
  client: string;
}

/** Who makes this request (a guarded route's: the guard has put the member on it). */
export const actingOf = (request: FastifyRequest): Acting => ({
  staff: staffOf(request),
  client: clientOf(request),
});

export const auditActing = (
  tx: OfficeDb,
  acting: Acting,
  at: Date,
  action: string,
  applicationId: string | null,
  details: Record<string, unknown> = {},
) =>
  recordAudit(tx, {
    at,
    staffId: acting.staff.id,
    actor: acting.staff.email,
    action,
    applicationId,
    client: acting.client,
    details,
  });
