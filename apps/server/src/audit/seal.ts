// The audit trail's seal (docs/decisions/044-audit-seal.md): every row carries an HMAC-SHA256,
// under AUDIT_KEY, of the seal of the row before it and the row's own content. The database holds
// no key, so its owner can rewrite a row and recompute the hash chain (migration 007) but not the
// seals; signed checkpoints (checkpoint.ts) catch the last rows cut off.
//
// The key is the process's: main.ts and the operator commands set it from the config before any
// row is written (a row is never written unsealed by the server).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';

/** The seal before the first sealed row. */
export const GENESIS_SEAL = '0'.repeat(64);

let processKey: Buffer | undefined;

/** Sets the key every audit row is sealed and verified with (from config.auditKey). */
export const useAuditKey = (key: string): void => {
  processKey = Buffer.from(key, 'utf8');
};

const auditKey = (): Buffer => {
  if (!processKey) throw new Error('The audit key is not set (useAuditKey).');
  return processKey;
};

/** A row's content as both the writer and the verifier see it. */
export interface SealedContent {
  seq: number;
  at: Date;
  staffId: string | null;
  actor: string;
  action: string;
  applicationId: string | null;
  client: string;
  details: unknown;
}

/**
 * One canonical text of the content: keys sorted, uuids in lower case, the time in milliseconds
 * (as a Date holds it), the details as JSON gives them back (jsonb keeps no key order).
 */
const canonical = (row: SealedContent): string =>
  stringify([
    row.seq,
    row.at.toISOString(),
    row.staffId?.toLowerCase() ?? null,
    row.actor,
    row.action,
    row.applicationId?.toLowerCase() ?? null,
    row.client,
    JSON.parse(JSON.stringify(row.details ?? {})),
  ]) as string;

const hmac = (purpose: string, text: string): string =>
  createHmac('sha256', auditKey()).update(`${purpose}\n${text}`, 'utf8').digest('hex');

export const sealOf = (previousSeal: string, row: SealedContent): string =>
  hmac('audit-row', `${previousSeal}\n${canonical(row)}`);

/** The signature of a checkpoint of the chain's head. */
export const checkpointSignature = (rows: number, seal: string, at: string): string =>
  hmac('audit-checkpoint', `${rows}\n${seal}\n${at}`);

export const sameSeal = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
