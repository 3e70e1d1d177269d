// Job handler: the retention purges of docs/decisions/014-retention.md, each its own statement,
// all measured on the server's clock. Idempotent (a second run finds nothing) and bounded (one
// statement per purge; the job expires after 15 minutes).
import { CODE_TTL_MS, IDEMPOTENCY_KEY_TTL_MS } from '@eta-il/domain';
import { sql } from 'kysely';
import { CARRIER_CHECK_RETENTION_DAYS } from '../carrier/record.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { JobLog } from './log.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long each kind of record is kept. */
const RETENTION = {
  /** A photo no submitted application and no saved draft points at. */
  unattachedPhotoMs: DAY_MS,
  idempotencyKeyMs: IDEMPOTENCY_KEY_TTL_MS,
  /** A code row after it expired: the hourly send limit counts codes of the last hour. */
  emailCodeMs: Math.max(CODE_TTL_MS, HOUR_MS),
  /** A wrong try: the block counts those of the last hour. */
  codeFailureMs: HOUR_MS,
  /** Mail given up: kept (without a code's text) for an operator to read. */
  deadMailMs: 30 * DAY_MS,
  /** The development mailbox (no SMTP_URL): what a developer reads, not a record. */
  devMailboxMs: DAY_MS,
  /** A carrier's boarding check (issue 28). */
  carrierCheckMs: CARRIER_CHECK_RETENTION_DAYS * DAY_MS,
};

export const DEFAULT_APPLICATION_DAYS = 730;

/** RETENTION_APPLICATION_DAYS: how many days a submitted application is kept (default 730). */
export const applicationRetentionDays = (value = process.env.RETENTION_APPLICATION_DAYS) => {
  if (value === undefined || value.trim() === '') return DEFAULT_APPLICATION_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) {
    throw new Error(
      `RETENTION_APPLICATION_DAYS must be a whole number of days ≥ 1, not "${value}"`,
    );
  }
  return days;
};

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const count = (result: { numDeletedRows: bigint }[]) =>
  result.reduce((n, r) => n + Number(r.numDeletedRows), 0);

/** The photo being purged is used by no application and kept by no saved draft (decision 033). */
const keptByNothing = sql<boolean>`NOT EXISTS (
    SELECT 1 FROM application a WHERE a.photo_id = photo.id)
  AND NOT EXISTS (SELECT 1 FROM saved_application s WHERE photo.id = ANY (s.photo_ids))`;

const purgeUnattachedPhotos = async (db: Db, now: Date) =>
  count(
    await db
      .deleteFrom('photo')
      .where('created_at', '<', ago(now, RETENTION.unattachedPhotoMs))
      .where(keptByNothing)
      .execute(),
  );

/**
 * Drafts saved for later whose 7 days are over (decision 033), with the photos they kept that no
 * application and no other saved draft points at.
 */
const purgeExpiredSavedApplications = (db: Db, now: Date) =>
  db.transaction().execute(async (tx) => {
    const gone = await tx
      .deleteFrom('saved_application')
      .where('expires_at', '<=', now)
      .returning(sql<string[]>`photo_ids`.as('photo_ids'))
      .execute();
    const photos = [...new Set(gone.flatMap((row) => row.photo_ids ?? []))];
    if (photos.length > 0) {
      await tx.deleteFrom('photo').where('id', 'in', photos).where(keptByNothing).execute();
    }
    return gone.length;
  });

const purgeIdempotencyKeys = async (db: Db, now: Date) =>
  count(
    await db
      .deleteFrom('idempotency_key')
      .where('created_at', '<', ago(now, RETENTION.idempotencyKeyMs))
      .execute(),
  );

const purgeEmailCodes = async (db: Db, now: Date) =>
  count(
    await db
      .deleteFrom('email_code')
      .where('expires_at', '<', now)
      .where('sent_at', '<', ago(now, RETENTION.emailCodeMs))
      .execute(),
  );

const purgeCodeFailures = async (db: Db, now: Date) =>
  count(
    await db
      .deleteFrom('email_code_failure')
      .where('at', '<', ago(now, RETENTION.codeFailureMs))
      .execute(),
  );

const purgeLapsedBlocks = async (db: Db, now: Date) =>
  count(await db.deleteFrom('email_block').where('blocked_until', '<=', now).execute());

const purgeDeadMail = async (db: Db, now: Date) =>
  count(
    await db
      .deleteFrom('mail_message')
      .where('dead_at', '<', ago(now, RETENTION.deadMailMs))
      .execute(),
  );

const purgeDevMailbox = async (db: Db, now: Date) =>
  count(
    await db
      .deleteFrom('dev_mailbox')
      .where('delivered_at', '<', ago(now, RETENTION.devMailboxMs))
      .execute(),
  );

const purgeCarrierChecks = async (db: Db, now: Date) =>
  count(
    await db
      .deleteFrom('carrier_check')
      .where('checked_at', '<', ago(now, RETENTION.carrierCheckMs))
      .execute(),
  );

/**
 * The rows that belong to an application and go with it (the audit trail stays: it is append-only
 * and names the application by id only).
 */
const APPLICATION_PARTS = [
  'application_transition',
  'travel_authorization',
  'screening_result',
  'case_claim',
  'pending_refusal',
  'info_request',
  'application_correction',
] as const;

/** Submitted applications older than the retention period, with their parts and photos. */
const purgeOldApplications = (db: Db, now: Date, days: number) =>
  db.transaction().execute(async (tx) => {
    const old = tx
      .selectFrom('application')
      .select('id')
      .where('created_at', '<', ago(now, days * DAY_MS));
    for (const part of APPLICATION_PARTS) {
      await tx.deleteFrom(part).where('application_id', 'in', old).execute();
    }
    const gone = await tx
      .deleteFrom('application')
      .where('created_at', '<', ago(now, days * DAY_MS))
      .returning('photo_id')
      .execute();
    const photos = gone.flatMap((row) => (row.photo_id ? [row.photo_id] : []));
    if (photos.length > 0) await tx.deleteFrom('photo').where('id', 'in', photos).execute();
    return gone.length;
  });

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  applicationDays: number;
  log: JobLog;
}

/** Every purge; answers how many rows each removed. */
export const runRetention = async ({ db, clock, applicationDays, log }: RetentionDeps) => {
  const now = clock();
  const removed = {
    applications: await purgeOldApplications(db, now, applicationDays),
    savedApplications: await purgeExpiredSavedApplications(db, now),
    unattachedPhotos: await purgeUnattachedPhotos(db, now),
    idempotencyKeys: await purgeIdempotencyKeys(db, now),
    emailCodes: await purgeEmailCodes(db, now),
    codeFailures: await purgeCodeFailures(db, now),
    lapsedBlocks: await purgeLapsedBlocks(db, now),
    deadMail: await purgeDeadMail(db, now),
    devMailbox: await purgeDevMailbox(db, now),
    carrierChecks: await purgeCarrierChecks(db, now),
  };
  log.info({ removed }, 'retention purge done');
  return removed;
};
