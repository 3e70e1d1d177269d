// One row of the audit trail: who, when, what, which case, from which address. The database
// trigger links it into the hash chain (migration 007).
import { json } from '../db/database.ts';
import { type OfficeDb, officeDb } from './tables.ts';

export interface AuditEntry {
  at: Date;
  /** The staff member, when known (a failed sign-in with an unknown address has none). */
  staffId: string | null;
  /** The staff member's address, or the address typed at a failed sign-in. */
  actor: string;
  action: string;
  applicationId?: string | null;
  client: string;
  details?: Record<string, unknown>;
}

export const recordAudit = async (db: OfficeDb, entry: AuditEntry): Promise<void> => {
  await officeDb(db)
    .insertInto('audit_event')
    .values({
      at: entry.at,
      staff_id: entry.staffId,
      actor: entry.actor,
      action: entry.action,
      application_id: entry.applicationId ?? null,
      client: entry.client,
      details: json(entry.details ?? {}),
    })
    .execute();
};
