// Walks the audit chain in order: each row must point at the hash of the row before it, and its
// own hash must be the digest of that previous hash and its content (audit_event_digest in
// migration 007, recomputed by the database for every row). The first broken link is reported.
import { sql } from 'kysely';
import { type OfficeDb, officeDb } from './tables.ts';

export type ChainReport =
  | { intact: true; rows: number }
  | { intact: false; seq: number; problem: 'prevHashMismatch' | 'hashMismatch' | 'gap' };

const GENESIS = '0'.repeat(64);
const PAGE = 1000;

export const verifyAuditChain = async (db: OfficeDb): Promise<ChainReport> => {
  const odb = officeDb(db);
  let previous = GENESIS;
  let expectedSeq = 1;
  for (;;) {
    const rows = await sql<{ seq: string; prev_hash: string; hash: string; expected: string }>`
      SELECT seq::text AS seq, prev_hash, hash, audit_event_digest(prev_hash, e) AS expected
      FROM audit_event e WHERE e.seq >= ${expectedSeq} ORDER BY e.seq LIMIT ${PAGE}`.execute(odb);
    for (const row of rows.rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return { intact: false, seq: expectedSeq, problem: 'gap' };
      if (row.prev_hash !== previous) return { intact: false, seq, problem: 'prevHashMismatch' };
      if (row.hash !== row.expected) return { intact: false, seq, problem: 'hashMismatch' };
      previous = row.hash;
      expectedSeq += 1;
    }
    if (rows.rows.length < PAGE) return { intact: true, rows: expectedSeq - 1 };
  }
};

export const describeReport = (report: ChainReport): string =>
  report.intact
    ? `chain intact, ${report.rows} rows`
    : `chain broken at row ${report.seq}: ${
        {
          prevHashMismatch: 'it does not point at the hash of the row before it',
          hashMismatch: 'its content does not match its hash (changed after it was written)',
          gap: 'the row is missing',
        }[report.problem]
      }`;
