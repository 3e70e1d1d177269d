// Job handler: the deadlines of an unpaid application (issue 27, decision 050). Run expiry first,
// then reminders, each per fee reference (a family pays, is reminded and expires once, together):
// - unpaid PAYMENT_EXPIRES_AFTER_DAYS after submission: every application of the reference moves
//   to `expired` through moveApplication (event paymentExpired, actor system), its open payment
//   sessions are marked expired, and one e-mail says so;
// - unpaid PAYMENT_REMINDER_AFTER_HOURS after submission and never reminded: one e-mail with the
//   pay link. payment_reminded_at is set by a conditional UPDATE in the transaction that queues
//   the mail, so two runs (or two instances) at once send it once.
// Idempotent (a second run finds nothing to do) and bounded (BATCH references per pass, PASSES
// passes per run; the rest waits for the next run).
import {
  feeFor,
  PAYMENT_EXPIRES_AFTER_DAYS,
  PAYMENT_REMINDER_AFTER_HOURS,
  PAYMENT_WAITING_STATES,
  paymentExpiresAt,
} from '@eta-il/domain';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import { withTransaction } from '../db/transaction.ts';
import { type DecisionDeps, languageOf, moveApplication } from '../decisions/move-application.ts';
import { statusPageUrl } from '../decisions/public-url.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type PaymentDeadline, paymentDeadlineMail } from '../mail/templates.ts';
import type { JobLog } from './log.ts';

const HOUR_MS = 60 * 60 * 1000;
const BATCH = 100;
const PASSES = 10;

/** The number a fee is paid under; an application without one pays under its own number. */
const referenceOf = sql<string>`coalesce(fee_reference, req_num)`;

interface Traveller {
  id: string;
  req_num: string;
  email: string;
  language: string;
  first_name: string;
  last_name: string;
  created_at: Date;
}

/** References with an application waiting for its fee, submitted before `before`. */
const dueReferences = async (
  db: Kysely<Schema>,
  before: Date,
  { unreminded }: { unreminded: boolean },
): Promise<string[]> => {
  let query = db
    .selectFrom('application')
    .select(referenceOf.as('reference'))
    .where('state', 'in', PAYMENT_WAITING_STATES)
    .where('created_at', '<=', before);
  if (unreminded) query = query.where('payment_reminded_at', 'is', null);
  const rows = await query.groupBy(referenceOf).orderBy(referenceOf).limit(BATCH).execute();
  return rows.map((row) => row.reference);
};

/** One e-mail for the whole reference, to the address it was submitted with. */
const queueDeadlineMail = async (
  tx: Kysely<Schema>,
  deps: DecisionDeps,
  deadline: PaymentDeadline,
  travellers: Traveller[],
  now: Date,
) => {
  const sorted = [...travellers].sort((a, b) => a.req_num.localeCompare(b.req_num));
  const first = sorted[0];
  if (!first) return;
  await enqueueMail(tx, {
    kind: `payment:${deadline}`,
    to: first.email,
    now,
    content: paymentDeadlineMail(
      deadline,
      {
        numbers: sorted.map((t) => t.req_num),
        firstName: first.first_name,
        lastName: first.last_name,
        amount: feeFor(sorted.length).amount,
        statusUrl: statusPageUrl(deps.publicUrl, first.req_num),
        applyUrl: `${deps.publicUrl}/`,
        expiresAt: paymentExpiresAt(first.created_at),
      },
      languageOf(first.language),
    ),
  });
};

const TRAVELLER = [
  'id',
  'req_num',
  'email',
  'language',
  'first_name',
  'last_name',
  'created_at',
] as const;

/** Marks the reference reminded and queues its reminder, once; answers whether this run did. */
const remind = (db: Db, deps: DecisionDeps, reference: string, before: Date) =>
  withTransaction(db, async (tx) => {
    const now = deps.clock();
    // A concurrent run's UPDATE of the same rows waits for this one, then finds them reminded.
    const claimed = await tx
      .updateTable('application')
      .set({ payment_reminded_at: now })
      .where(referenceOf, '=', reference)
      .where('state', 'in', PAYMENT_WAITING_STATES)
      .where('payment_reminded_at', 'is', null)
      .where('created_at', '<=', before)
      .returning(TRAVELLER)
      .execute();
    if (claimed.length === 0) return false;
    await queueDeadlineMail(tx, deps, 'reminder', claimed, now);
    return true;
  });

/** Expires every unpaid application of the reference and its open payments; answers how many. */
const expire = (db: Db, deps: DecisionDeps, reference: string, before: Date) =>
  withTransaction(db, async (tx) => {
    const now = deps.clock();
    const due = await tx
      .selectFrom('application')
      .select(TRAVELLER)
      .where(referenceOf, '=', reference)
      .where('state', 'in', PAYMENT_WAITING_STATES)
      .where('created_at', '<=', before)
      .orderBy('req_num')
      .forUpdate()
      .execute();
    const expired: Traveller[] = [];
    for (const traveller of due) {
      // The machine refuses if a payment moved it on meanwhile: then it is not expired.
      const moved = await moveApplication(tx, deps, {
        applicationId: traveller.id,
        event: 'paymentExpired',
        actor: 'system',
      });
      if (moved.ok) expired.push(traveller);
    }
    if (expired.length === 0) return 0;
    await tx
      .updateTable('payment')
      .set({ status: 'expired' })
      .where('reference', '=', reference)
      .where('status', '=', 'open')
      .execute();
    await queueDeadlineMail(tx, deps, 'expired', expired, now);
    return expired.length;
  });

export interface PaymentDeadlineDeps {
  db: Db;
  decisions: DecisionDeps;
  log: JobLog;
}

/** Expires, then reminds; answers how many applications expired and how many references were reminded. */
export const runPaymentDeadlines = async ({ db, decisions, log }: PaymentDeadlineDeps) => {
  const now = decisions.clock();
  const expireBefore = new Date(now.getTime() - PAYMENT_EXPIRES_AFTER_DAYS * 24 * HOUR_MS);
  const remindBefore = new Date(now.getTime() - PAYMENT_REMINDER_AFTER_HOURS * HOUR_MS);
  const done = { expired: 0, reminded: 0 };
  for (let pass = 0; pass < PASSES; pass++) {
    const references = await dueReferences(db, expireBefore, { unreminded: false });
    for (const reference of references) {
      done.expired += await expire(db, decisions, reference, expireBefore);
    }
    if (references.length < BATCH) break;
  }
  for (let pass = 0; pass < PASSES; pass++) {
    const references = await dueReferences(db, remindBefore, { unreminded: true });
    for (const reference of references) {
      if (await remind(db, decisions, reference, remindBefore)) done.reminded += 1;
    }
    if (references.length < BATCH) break;
  }
  log.info(done, 'payment deadlines done');
  return done;
};
