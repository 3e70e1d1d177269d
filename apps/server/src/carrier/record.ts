// Every boarding check is recorded (issue 28 item 6): carrier, flight, time and each passenger's
// answer, in order. A document number is kept only as an HMAC under a key derived from the
// server's secret, so the record can be matched against a number an auditor is given, but never
// read back; kept 90 days (jobs/retention.ts).
import { createHmac, hkdfSync } from 'node:crypto';
import type { CarrierCheckResult, CarrierFlight } from '@eta-il/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { json } from '../db/database.ts';
import type { CarrierCheckRecord } from '../db/schema.ts';
import { normalizePassport } from '../decisions/lookup.ts';

/** How long a check's record is kept. */
export const CARRIER_CHECK_RETENTION_DAYS = 90;

/** The keyed hash of a document number (normalized as checks compare it). */
export const documentHasher = (secret: string) => {
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'eta-il', 'carrier-check-document-number', 32),
  );
  return (documentNumber: string) =>
    createHmac('sha256', key).update(normalizePassport(documentNumber)).digest('base64url');
};

export interface CheckRecord {
  id: string;
  carrierId: string;
  /** The hash of the key the check was made with. */
  keyHash: string;
  flight: CarrierFlight;
  checkedAt: Date;
  passengers: readonly unknown[];
  results: readonly CarrierCheckResult[];
}

const documentOf = (raw: unknown): string | undefined => {
  const value = (raw as { documentNumber?: unknown } | null)?.documentNumber;
  return typeof value === 'string' && value.length <= 40 ? value : undefined;
};

/**
 * Records the check, if the key it was made with is still the carrier's and not revoked; answers
 * whether it did. One statement inserts the record from the carrier's row, read FOR SHARE: a
 * revocation or a new key committing meanwhile either waits for this record, or is seen by it.
 * Either way, no check with a key withdrawn before the record commits is recorded or answered.
 * The commit does not wait for the write-ahead log to reach the disk: a crash of PostgreSQL can
 * lose the last fraction of a second of records, never a revocation (which commits as usual).
 */
export const recordCheck = async (
  db: Db,
  hashDocument: (documentNumber: string) => string,
  check: CheckRecord,
): Promise<boolean> => {
  const lines = check.results.map((result, i): CarrierCheckRecord => {
    const document = documentOf(check.passengers[i]);
    return {
      reference: result.reference,
      ...(document === undefined ? {} : { document: hashDocument(document) }),
      answer: result.answer,
      ...(result.reason ? { reason: result.reason } : {}),
    };
  });
  const inserted = await db
    .insertInto('carrier_check')
    .columns([
      'id',
      'carrier_id',
      'flight_carrier',
      'flight_number',
      'departure_date',
      'departure_from',
      'checked_at',
      'passengers',
      'results',
    ])
    .expression((eb) =>
      eb
        .selectFrom('carrier')
        .select([
          sql<string>`${check.id}::uuid`.as('id'),
          'carrier.id as carrier_id',
          sql<string>`${check.flight.carrier}::text`.as('flight_carrier'),
          sql<string>`${check.flight.number}::text`.as('flight_number'),
          sql<string>`${check.flight.departureDate}::date`.as('departure_date'),
          sql<string>`${check.flight.from}::text`.as('departure_from'),
          sql<Date>`${check.checkedAt}::timestamptz`.as('checked_at'),
          sql<number>`${lines.length}::integer`.as('passengers'),
          json(lines).as('results'),
        ])
        .where('carrier.id', '=', check.carrierId)
        .where('carrier.key_hash', '=', check.keyHash)
        .where('carrier.revoked_at', 'is', null)
        // Committed without waiting for the disk (decision 051, amendment): this statement is its
        // own transaction, and a setting local to it lasts until its commit.
        .where(sql<boolean>`set_config('synchronous_commit', 'off', true) = 'off'`)
        .forShare(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
};
