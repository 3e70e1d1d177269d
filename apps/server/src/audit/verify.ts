// Walks the audit chain in order, trusting nothing the database computes or holds as a key: each
// row must follow the row before it (seq, prev_hash, and hash as migration 007's digest gives it),
// its seal must be the HMAC under AUDIT_KEY of the seal before it and its content (seal.ts), and
// every signed checkpoint (checkpoint.ts) must find its row still there with the same seal. Rows
// from before migration 014 carry no seal and are accepted only as the chain's beginning. The
// first problem is reported.
import type { AuditChainProblem, AuditChainReport } from '@eta-il/domain';
import { sql } from 'kysely';
import {
  appendCheckpoint,
  type CheckpointRead,
  headCheckpoint,
  readCheckpoints,
} from './checkpoint.ts';
import { GENESIS_SEAL, sameSeal, sealOf } from './seal.ts';
import { type OfficeDb, officeDb } from './tables.ts';

type ChainProblem = AuditChainProblem;
export type ChainReport = AuditChainReport;

const GENESIS = '0'.repeat(64);
const PAGE = 1000;

interface ChainRow {
  seq: string;
  at: Date;
  staff_id: string | null;
  actor: string;
  action: string;
  application_id: string | null;
  client: string;
  details: unknown;
  prev_hash: string;
  hash: string;
  mac: string | null;
  expected: string;
}

export const verifyAuditChain = async (
  db: OfficeDb,
  read: CheckpointRead = { ok: true, checkpoints: [] },
): Promise<ChainReport> => {
  if (!read.ok) return { intact: false, checkpointLine: read.line, problem: 'checkpointForged' };
  const checkpointed = new Map<number, string[]>();
  for (const c of read.checkpoints)
    checkpointed.set(c.rows, [...(checkpointed.get(c.rows) ?? []), c.seal]);
  const odb = officeDb(db);
  let previous = GENESIS;
  let previousSeal: string | undefined;
  let expectedSeq = 1;
  for (;;) {
    const rows = await sql<ChainRow>`
      SELECT seq::text AS seq, at, staff_id, actor, action, application_id, client, details,
        prev_hash, hash, mac, audit_event_digest(prev_hash, e) AS expected
      FROM audit_event e WHERE e.seq >= ${expectedSeq} ORDER BY e.seq LIMIT ${PAGE}`.execute(odb);
    for (const row of rows.rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return { intact: false, seq: expectedSeq, problem: 'gap' };
      if (row.prev_hash !== previous) return { intact: false, seq, problem: 'prevHashMismatch' };
      if (row.hash !== row.expected) return { intact: false, seq, problem: 'hashMismatch' };
      if (row.mac === null) {
        if (previousSeal !== undefined) return { intact: false, seq, problem: 'unsealed' };
      } else {
        const expectedSeal = sealOf(previousSeal ?? GENESIS_SEAL, {
          seq,
          at: new Date(row.at),
          staffId: row.staff_id,
          actor: row.actor,
          action: row.action,
          applicationId: row.application_id,
          client: row.client,
          details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
        });
        if (!sameSeal(row.mac, expectedSeal))
          return { intact: false, seq, problem: 'sealMismatch' };
        previousSeal = row.mac;
      }
      for (const seal of checkpointed.get(seq) ?? []) {
        if (row.mac === null || !sameSeal(row.mac, seal)) {
          return { intact: false, seq, problem: 'checkpointMismatch' };
        }
      }
      previous = row.hash;
      expectedSeq += 1;
    }
    if (rows.rows.length < PAGE) break;
  }
  const total = expectedSeq - 1;
  if (read.checkpoints.some((c) => c.rows > total)) {
    return { intact: false, seq: expectedSeq, problem: 'rowsCut' };
  }
  return { intact: true, rows: total, checkpoints: read.checkpoints.length };
};

const PROBLEMS: Record<ChainProblem, string> = {
  prevHashMismatch: 'it does not point at the hash of the row before it',
  hashMismatch: 'its content does not match its hash (changed after it was written)',
  gap: 'the row is missing',
  sealMismatch:
    'its seal is not the one AUDIT_KEY gives its content (changed or written outside the server)',
  unsealed: 'it has no seal although rows before it do (written outside the server)',
  checkpointMismatch: 'its seal differs from the one a signed checkpoint recorded',
  rowsCut: 'a signed checkpoint recorded rows up to here and beyond that are gone (rows cut off)',
};

export const describeReport = (report: ChainReport): string => {
  if (report.intact) {
    return `chain intact, ${report.rows} rows (${report.checkpoints} signed checkpoints matched)`;
  }
  if (report.problem === 'checkpointForged') {
    return `checkpoint file broken at line ${report.checkpointLine}: not a checkpoint signed with AUDIT_KEY`;
  }
  return `chain broken at row ${report.seq}: ${PROBLEMS[report.problem]}`;
};

/**
 * `npm run audit:verify` and the auditor's check: the chain against the checkpoint file, and when
 * it is intact a new checkpoint of its head appended there.
 */
export const verifyAndCheckpoint = async (
  db: OfficeDb,
  checkpointPath: string,
  now: Date,
): Promise<ChainReport> => {
  const report = await verifyAuditChain(db, readCheckpoints(checkpointPath));
  if (report.intact) {
    const head = await headCheckpoint(db, now);
    if (head) appendCheckpoint(checkpointPath, head);
  }
  return report;
};
