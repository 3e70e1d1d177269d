// Job handler: the retention purges of docs/decisions/014-retention.md, each its own statement,
// all measured on the server's clock. Idempotent (a second run finds nothing) and bounded (one
// statement per purge; the job expires after 15 minutes).
import { CODE_TTL_MS, IDEMPOTENCY_KEY_TTL_MS } from '@eta-il/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { CARRIER_CHECK_RETENTION_DAYS } from '../carrier/record.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import { SIGN_IN_THROTTLE_MEMORY_MS } from '../office/auth/sign-in.ts';
import type { JobLog } from './log.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const DEFAULT_APPLICATION_DAYS = 730;
/**
 * RETENTION_PAYMENT_DAYS' default: seven years (2557 days), the order of the period Israel's
 * bookkeeping regulations set for accounting records (decision 050).
 */
export const DEFAULT_PAYMENT_DAYS = 2557;
/** What a refund's reason reads once the applications it could name are gone. */
const REASON_REMOVED = '(removed with the application)';

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

/**
 * A purge of one table, one statement: its rows go once `column` is more than `age` ms in the
 * past, or, with `age: 'reached'`, once the time `column` holds (the row's end) has come; and only
 * those that also meet `also`.
 */
type AgedPurge = {
  [T in keyof Schema]: {
    table: T;
    column: keyof Schema[T] & string;
    age: number | 'reached';
    also?: (now: Date) => Expression<SqlBool>;
  };
}[keyof Schema];

const purgeAged = async (db: Db, now: Date, { table, column, age, also }: AgedPurge) => {
  const aged =
    age === 'reached'
      ? db.deleteFrom(table).where(sql.ref(column), '<=', now)
      : db.deleteFrom(table).where(sql.ref(column), '<', ago(now, age));
  return count(await (also ? aged.where(also(now)) : aged).execute());
};

/**
 * How long each kind of record is kept (docs/decisions/014-retention.md), purged in this order
 * and named so in the job's log and answer.
 */
const AGED_PURGES = [
  /** A photo no submitted application and no saved draft points at. */
  {
    removed: 'unattachedPhotos',
    table: 'photo',
    column: 'created_at',
    age: DAY_MS,
    also: () => keptByNothing,
  },
  {
    removed: 'idempotencyKeys',
    table: 'idempotency_key',
    column: 'created_at',
    age: IDEMPOTENCY_KEY_TTL_MS,
  },
  /** A code row after it expired: the hourly send limit counts codes of the last hour. */
  {
    removed: 'emailCodes',
    table: 'email_code',
    column: 'sent_at',
    age: Math.max(CODE_TTL_MS, HOUR_MS),
    also: (now) => sql<boolean>`${sql.ref('expires_at')} < ${now}`,
  },
  /** A wrong try: the block counts those of the last hour. */
  { removed: 'codeFailures', table: 'email_code_failure', column: 'at', age: HOUR_MS },
  { removed: 'lapsedBlocks', table: 'email_block', column: 'blocked_until', age: 'reached' },
  /** Mail given up: kept (without a code's text) for an operator to read. */
  { removed: 'deadMail', table: 'mail_message', column: 'dead_at', age: 30 * DAY_MS },
  /** The development mailbox (no SMTP_URL): what a developer reads, not a record. */
  { removed: 'devMailbox', table: 'dev_mailbox', column: 'delivered_at', age: DAY_MS },
  /** Revoked traveller sessions whose tokens have all expired anyway (auth/revocations.ts). */
  { removed: 'revokedSessions', table: 'revoked_session', column: 'expires_at', age: 'reached' },
  /** A staff sign-in count (address and source) quiet for a day, with no lock running. */
  {
    removed: 'signInThrottles',
    table: 'staff_sign_in_throttle',
    column: 'last_at',
    age: SIGN_IN_THROTTLE_MEMORY_MS,
    also: (now) =>
      sql<boolean>`(${sql.ref('locked_until')} IS NULL OR ${sql.ref('locked_until')} <= ${now})`,
  },
  /** A carrier's boarding check (issue 28). */
  {
    removed: 'carrierChecks',
    table: 'carrier_check',
    column: 'checked_at',
    age: CARRIER_CHECK_RETENTION_DAYS * DAY_MS,
  },
] as const satisfies readonly (AgedPurge & { removed: string })[];

/** Every aged purge, one after another; answers how many rows each removed, by its name. */
const purgeAllAged = async (db: Db, now: Date) => {
  const removed = {} as Record<(typeof AGED_PURGES)[number]['removed'], number>;
  for (const purge of AGED_PURGES) removed[purge.removed] = await purgeAged(db, now, purge);
  return removed;
};

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
  'contact_change_request',
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

/**
 * Payment events (what a provider sent) go when applications do; payments and refunds are the
 * service's financial records and stay `paymentDays`, holding no personal data but the reference.
 * A refund's reason, written by a supervisor, may name the traveller: it is blanked when the
 * application's period ends. Expired applications need nothing here: they go with the others.
 */
const paymentEventsPurge = (days: number): AgedPurge => ({
  table: 'payment_event',
  column: 'received_at',
  age: days * DAY_MS,
});

const scrubOldRefundReasons = async (db: Db, now: Date, days: number) =>
  Number(
    (
      await db
        .updateTable('refund')
        .set({ reason: REASON_REMOVED })
        .where('created_at', '<', ago(now, days * DAY_MS))
        .where('reason', '<>', REASON_REMOVED)
        .executeTakeFirst()
    ).numUpdatedRows,
  );

/** Payments older than their period, with their refunds and any event still naming them. */
const purgeOldPayments = (db: Db, now: Date, days: number) =>
  db.transaction().execute(async (tx) => {
    const old = tx
      .selectFrom('payment')
      .select('id')
      .where('created_at', '<', ago(now, days * DAY_MS));
    await tx.deleteFrom('payment_event').where('payment_id', 'in', old).execute();
    await tx.deleteFrom('refund').where('payment_id', 'in', old).execute();
    return count(
      await tx
        .deleteFrom('payment')
        .where('created_at', '<', ago(now, days * DAY_MS))
        .execute(),
    );
  });

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  applicationDays: number;
  /** Days payments and refunds are kept (RETENTION_PAYMENT_DAYS); default seven years. */
  paymentDays?: number;
  log: JobLog;
}

/** Every purge; answers how many rows each removed. */
export const runRetention = async ({
  db,
  clock,
  applicationDays,
  paymentDays = DEFAULT_PAYMENT_DAYS,
  log,
}: RetentionDeps) => {
  const now = clock();
  const removed = {
    applications: await purgeOldApplications(db, now, applicationDays),
    paymentEvents: await purgeAged(db, now, paymentEventsPurge(applicationDays)),
    refundReasons: await scrubOldRefundReasons(db, now, applicationDays),
    payments: await purgeOldPayments(db, now, paymentDays),
    savedApplications: await purgeExpiredSavedApplications(db, now),
    ...(await purgeAllAged(db, now)),
  };
  log.info({ removed }, 'retention purge done');
  return removed;
};
