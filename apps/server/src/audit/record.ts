// One row of the audit trail: who, when, what, which case, from which address. The server seals
// it (seal.ts) while it holds the chain head; the database trigger links it into the hash chain
// (migrations 007 and 014).
import { sql } from 'kysely';
import { json } from '../db/database.ts';
import { GENESIS_SEAL, sealOf } from './seal.ts';
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
  const write = async (tx: OfficeDb) => {
    // The head, locked until the transaction ends: the trigger gives the row the next seq.
    const head = await sql<{ rows: string; last_mac: string | null }>`
      SELECT rows::text AS rows, last_mac FROM audit_head WHERE id FOR UPDATE`.execute(tx);
    const { rows, last_mac: lastSeal } = head.rows[0] ?? { rows: '0', last_mac: null };
    const mac = sealOf(lastSeal ?? GENESIS_SEAL, {
      seq: Number(rows) + 1,
      at: entry.at,
      staffId: entry.staffId,
      actor: entry.actor,
      action: entry.action,
      applicationId: entry.applicationId ?? null,
      client: entry.client,
      details: entry.details ?? {},
    });
    await officeDb(tx)
      .insertInto('audit_event')
      .values({
        at: entry.at,
        staff_id: entry.staffId,
        actor: entry.actor,
        action: entry.action,
        application_id: entry.applicationId ?? null,
        client: entry.client,
        details: json(entry.details ?? {}),
        mac,
      })
      .execute();
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
};
