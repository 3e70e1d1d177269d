// Job handler: the retention purges of docs/decisions/014-retention.md, one table of what goes
// when (PURGES) applied row by row, all measured on the server's clock. Idempotent (a second run
// finds nothing) and bounded (one statement, or one transaction, per purge; the job expires after
// 15 minutes).
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

/** The photo being purged is used by no application and kept by no saved draft (decision 033). */
const keptByNothing = sql<boolean>`NOT EXISTS (
    SELECT 1 FROM application a WHERE a.photo_id = photo.id)
  AND NOT EXISTS (SELECT 1 FROM saved_application s WHERE photo.id = ANY (s.photo_ids))`;

/** The periods the configuration sets, in days: an application's, a payment's. */
interface Periods {
  application: number;
  payment: number;
}

/**
 * What one purge removes, in one statement or, with `parts` or `photos`, one transaction: the rows
 * of `table` once `column` is more than `age` ms in the past (a period of the configuration, in
 * days, when `age` names one), or, with `age: 'reached'`, once the time `column` holds (the row's
 * end) has come; and only those that also meet `also`.
 */
type Purge = {
  [T in keyof Schema]: {
    /** Its name in the job's answer and log. */
    removed: string;
    table: T;
    column: keyof Schema[T] & string;
    age: number | keyof Periods | 'reached';
    also?: (now: Date) => Expression<SqlBool>;
    /** The rows of `tables` that name a purged row by its id in `column`: they go first. */
    parts?: { column: string; tables: readonly (keyof Schema)[] };
    /** The photos the purged rows held in `column` go after them; `ifUnkept`: those nothing keeps. */
    photos?: { column: 'photo_id' | 'photo_ids'; ifUnkept: boolean };
    /** The rows stay, `column` replaced by `text` (once: a row that holds it already is left). */
    blank?: { column: keyof Schema[T] & string; text: string };
  };
}[keyof Schema];

/**
 * How long each kind of record is kept (docs/decisions/014-retention.md), purged in this order
 * and named so in the job's answer and log.
 */
const PURGES = [
  /**
   * Submitted applications older than the retention period, with their parts and photos (the
   * audit trail stays: it is append-only and names the application by id only).
   */
  {
    removed: 'applications',
    table: 'application',
    column: 'created_at',
    age: 'application',
    parts: {
      column: 'application_id',
      tables: [
        'application_transition',
        'travel_authorization',
        'screening_result',
        'case_claim',
        'pending_refusal',
        'info_request',
        'application_correction',
        'contact_change_request',
        // The reminders sent before its authorization ended (issue 31): they follow it.
        'application_reminder',
      ],
    },
    photos: { column: 'photo_id', ifUnkept: false },
  },
  /**
   * Payment events (what a provider sent) go when applications do; payments and refunds are the
   * service's financial records and stay the payment period, holding no personal data but the
   * reference. A refund's reason, written by a supervisor, may name the traveller: it is blanked
   * when the application's period ends. Expired applications need nothing here: they go with the
   * others.
   */
  { removed: 'paymentEvents', table: 'payment_event', column: 'received_at', age: 'application' },
  {
    removed: 'refundReasons',
    table: 'refund',
    column: 'created_at',
    age: 'application',
    blank: { column: 'reason', text: '(removed with the application)' },
  },
  /**
   * False-hit marks (decision 055) are not an application's part: a confirmed one must outlive the
   * application it was made on to spare the traveller's next ones, and stays while it stands (a
   * list change expires it for screening; the row stays as the record of who cleared whom). A mark
   * that no longer spares anyone — withdrawn, rejected, or proposed and never decided — goes once
   * the application period has passed since its last step, as the audit period of its case.
   */
  {
    removed: 'withdrawnFalseHitMarks',
    table: 'false_hit_mark',
    column: 'withdrawn_at',
    age: 'application',
  },
  {
    removed: 'rejectedFalseHitMarks',
    table: 'false_hit_mark',
    column: 'rejected_at',
    age: 'application',
  },
  {
    removed: 'undecidedFalseHitMarks',
    table: 'false_hit_mark',
    column: 'marked_at',
    age: 'application',
    also: () =>
      sql<boolean>`${sql.ref('confirmed_at')} IS NULL AND ${sql.ref('rejected_at')} IS NULL`,
  },
  /** Payments older than their period, with their refunds and any event still naming them. */
  {
    removed: 'payments',
    table: 'payment',
    column: 'created_at',
    age: 'payment',
    parts: { column: 'payment_id', tables: ['payment_event', 'refund'] },
  },
  /**
   * Drafts saved for later whose 7 days are over (decision 033), with the photos they kept that no
   * application and no other saved draft points at.
   */
  {
    removed: 'savedApplications',
    table: 'saved_application',
    column: 'expires_at',
    age: 'reached',
    photos: { column: 'photo_ids', ifUnkept: true },
  },
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
] as const satisfies readonly Purge[];

/** The purge's rows whose time has come, as a condition on its table. */
const isDue = ({ column, age, also }: Purge, now: Date, periods: Periods) => {
  const aged =
    age === 'reached'
      ? sql<boolean>`${sql.ref(column)} <= ${now}`
      : sql<boolean>`${sql.ref(column)} < ${ago(now, typeof age === 'number' ? age : periods[age] * DAY_MS)}`;
  return also ? sql<boolean>`${aged} and ${also(now)}` : aged;
};

/** Applies one purge; answers how many rows of its table it removed (or blanked). */
const apply = (db: Db, purge: Purge, now: Date, periods: Periods): Promise<number> => {
  const { table, parts, photos, blank } = purge;
  const due = isDue(purge, now, periods);
  if (blank) {
    return db
      .updateTable(table)
      .set(sql.ref(blank.column), blank.text)
      .where(due)
      .where(sql.ref(blank.column), '<>', blank.text)
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows));
  }
  if (!parts && !photos) {
    return db
      .deleteFrom(table)
      .where(due)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }
  return db.transaction().execute(async (tx) => {
    if (parts) {
      const purged = tx.selectFrom(table).select(sql.ref<string>('id').as('id')).where(due);
      for (const part of parts.tables) {
        await tx.deleteFrom(part).where(sql.ref(parts.column), 'in', purged).execute();
      }
    }
    if (!photos) {
      return Number((await tx.deleteFrom(table).where(due).executeTakeFirst()).numDeletedRows);
    }
    const gone = await tx
      .deleteFrom(table)
      .where(due)
      .returning(sql<string | string[] | null>`${sql.ref(photos.column)}`.as('photos'))
      .execute();
    const held = [...new Set(gone.flatMap((row) => row.photos ?? []))];
    if (held.length > 0) {
      const photo = tx.deleteFrom('photo').where('id', 'in', held);
      await (photos.ifUnkept ? photo.where(keptByNothing) : photo).execute();
    }
    return gone.length;
  });
};

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  applicationDays: number;
  /** Days payments and refunds are kept (RETENTION_PAYMENT_DAYS); default seven years. */
  paymentDays?: number;
  log: JobLog;
}

/** Every purge, one after another; answers how many rows each removed, by its name. */
export const runRetention = async ({
  db,
  clock,
  applicationDays,
  paymentDays = DEFAULT_PAYMENT_DAYS,
  log,
}: RetentionDeps) => {
  const now = clock();
  const periods = { application: applicationDays, payment: paymentDays };
  const removed = {} as Record<(typeof PURGES)[number]['removed'], number>;
  for (const purge of PURGES) removed[purge.removed] = await apply(db, purge, now, periods);
  log.info({ removed }, 'retention purge done');
  return removed;
};
