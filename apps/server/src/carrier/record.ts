// Every boarding check is recorded (issue 28 item 6): carrier, flight, time and each passenger's
// answer, in order. A document number is kept only as an HMAC under a key derived from the
// server's secret, so the record can be matched against a number an auditor is given, but never
// read back; kept 90 days (jobs/retention.ts). The record's transaction commits without waiting
// for its write-ahead log to reach the disk (synchronous_commit off, for that transaction only):
// the answer no longer waits on a disk flush (3–4 ms on the benchmark's machine, most of a single
// check's time). It is visible at once, like any commit, and on disk within 3 × wal_writer_delay
// (600 ms by default): only a crash of the PostgreSQL server or its machine in that window loses
// it; nothing else commits that way, and the database stays consistent (bench/README.md).
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
  flight: CarrierFlight;
  checkedAt: Date;
  passengers: readonly unknown[];
  results: readonly CarrierCheckResult[];
}

const documentOf = (raw: unknown): string | undefined => {
  const value = (raw as { documentNumber?: unknown } | null)?.documentNumber;
  return typeof value === 'string' && value.length <= 40 ? value : undefined;
};

/** Records a check (on its own: inside another transaction, it would make that one's commit asynchronous too). */
export const recordCheck = async (
  db: Db,
  hashDocument: (documentNumber: string) => string,
  check: CheckRecord,
): Promise<void> => {
  const lines = check.results.map((result, i): CarrierCheckRecord => {
    const document = documentOf(check.passengers[i]);
    return {
      reference: result.reference,
      ...(document === undefined ? {} : { document: hashDocument(document) }),
      answer: result.answer,
      ...(result.reason ? { reason: result.reason } : {}),
    };
  });
  // One statement, so one transaction: set_config(…, true) lasts until its commit, and the pooled
  // connection goes back with its own setting (synchronous) for whatever it runs next.
  await sql`INSERT INTO carrier_check (id, carrier_id, flight_carrier, flight_number,
      departure_date, departure_from, checked_at, passengers, results)
    SELECT ${check.id}::uuid, ${check.carrierId}::uuid, ${check.flight.carrier},
      ${check.flight.number}, ${check.flight.departureDate}::date, ${check.flight.from},
      ${check.checkedAt}::timestamptz, ${lines.length}::int, ${json(lines)}
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous_commit`.execute(db);
};
