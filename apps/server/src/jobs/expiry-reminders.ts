// Job handler: the reminders before an authorization ends (issue 31, decision 056). Each run finds
// the approved applications whose traveller consented and whose authorization ends within
// REMINDER_DAYS_BEFORE's first figure, asks the domain's reminderDue which reminder (30 or 7 days
// before) is due today, and for each one due records it and queues its e-mail in one transaction.
// The record's key (application, last day, reminder) and the application's row lock make a second
// run, or two instances at once, send nothing more. Idempotent and bounded (BATCH applications
// per pass, PASSES passes per run; the rest waits for the next run, an hour later).
import {
  addDaysIso,
  isAuthorized,
  maskPassportNumber,
  REMINDER_DAYS_BEFORE,
  type ReminderDays,
  reminderDue,
  statesWhere,
  todayIn,
  validityEndReason,
} from '@eta-il/domain';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import { withTransaction } from '../db/transaction.ts';
import { type DecisionDeps, languageOf } from '../decisions/move-application.ts';
import { statusPageUrl } from '../decisions/public-url.ts';
import { issueRenewalLink } from '../decisions/renewal-link.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { expiryReminderMail } from '../mail/templates.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { JobLog } from './log.ts';

const BATCH = 100;
const PASSES = 50;
const AUTHORIZED_STATES = statesWhere(isAuthorized);
const FIRST_REMINDER_DAYS = Math.max(...REMINDER_DAYS_BEFORE);

/** A candidate: an approved application with consent, its authorization ending soon. */
interface Candidate {
  id: string;
  validUntil: string;
}

/**
 * Approved applications with consent whose (first traveller's) authorization ends from `today` to
 * `horizon`, not reminded of every reminder yet, after `afterId` in id order.
 */
const candidates = (db: Db, today: string, horizon: string, afterId: string) =>
  db
    .selectFrom('application as p')
    .innerJoin('travel_authorization as t', (join) =>
      join.onRef('t.application_id', '=', 'p.id').on('t.bearer_index', '=', 0),
    )
    .select(['p.id as id', sql<string>`t.valid_until::text`.as('validUntil')])
    .where('p.state', 'in', AUTHORIZED_STATES)
    .where('p.reminder_consent', '=', true)
    .where('t.valid_until', '>=', today)
    .where('t.valid_until', '<=', horizon)
    .where(
      sql<boolean>`(SELECT count(*) FROM application_reminder r
        WHERE r.application_id = p.id AND r.valid_until = t.valid_until) < ${REMINDER_DAYS_BEFORE.length}`,
    )
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(BATCH)
    .execute() as Promise<Candidate[]>;

/**
 * Whether a renewal of this application was submitted (it stops the last reminder). For now the
 * column the renewal's submission sets (migration 025's renewal_submitted_at).
 */
const renewalSubmitted = (row: { renewal_submitted_at: Date | null }) =>
  row.renewal_submitted_at !== null;

/** Records and queues the reminder due today for one application, if any; answers which. */
const remind = (
  db: Db,
  deps: DecisionDeps,
  { id, validUntil }: Candidate,
  today: string,
): Promise<ReminderDays | null> =>
  withTransaction(db, async (tx: Kysely<Schema>) => {
    // A concurrent run waits here for this one, then finds the reminder recorded.
    const row = await tx
      .selectFrom('application')
      .select([
        'req_num',
        'state',
        'email',
        'language',
        'first_name',
        'last_name',
        'reminder_consent',
        'renewal_submitted_at',
      ])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    const authorization = await tx
      .selectFrom('travel_authorization')
      .select([
        'passport_num',
        sql<string>`valid_from::text`.as('validFrom'),
        sql<string>`valid_until::text`.as('validUntil'),
      ])
      .where('application_id', '=', id)
      .where('bearer_index', '=', 0)
      .executeTakeFirst();
    if (!row || !authorization || authorization.validUntil !== validUntil) return null;
    const sent = await tx
      .selectFrom('application_reminder')
      .select('days_before')
      .where('application_id', '=', id)
      .where('valid_until', '=', validUntil)
      .execute();
    const due = reminderDue({
      state: row.state,
      consent: row.reminder_consent,
      validUntil,
      today,
      sent: sent.map((r) => r.days_before as ReminderDays),
      renewalSubmitted: renewalSubmitted(row),
    });
    if (due === null) return null;
    const now = deps.clock();
    const recorded = await tx
      .insertInto('application_reminder')
      .values({ application_id: id, valid_until: validUntil, days_before: due, sent_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('days_before')
      .executeTakeFirst();
    if (!recorded) return null;
    const renewalUrl = await issueRenewalLink(tx, deps.publicUrl, { applicationId: id, now });
    await enqueueMail(tx, {
      kind: `reminder:${due}`,
      to: row.email,
      now,
      content: expiryReminderMail(
        {
          reqNum: row.req_num,
          firstName: row.first_name,
          lastName: row.last_name,
          validUntil,
          reason: validityEndReason(authorization.validFrom, validUntil),
          passport: maskPassportNumber(authorization.passport_num),
          renewalUrl,
          statusUrl: statusPageUrl(deps.publicUrl, row.req_num),
        },
        languageOf(row.language),
      ),
    });
    return due;
  });

export interface ExpiryReminderDeps {
  db: Db;
  /** The clock ("today" in the service's time zone) and where the links point. */
  decisions: DecisionDeps;
  metrics?: Pick<Metrics, 'remindersSent'>;
  log: JobLog;
}

/** Sends every reminder due today; answers how many of each went. */
export const runExpiryReminders = async ({ db, decisions, metrics, log }: ExpiryReminderDeps) => {
  const today = todayIn(decisions.clock(), decisions.timeZone);
  const horizon = addDaysIso(today, FIRST_REMINDER_DAYS);
  const sent: Record<`days${ReminderDays}`, number> = { days30: 0, days7: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (let pass = 0; pass < PASSES; pass++) {
    const batch = await candidates(db, today, horizon, after);
    for (const candidate of batch) {
      const due = await remind(db, decisions, candidate, today);
      if (due === null) continue;
      sent[`days${due}`] += 1;
      metrics?.remindersSent.inc({ days: String(due) });
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) break;
    after = last.id;
  }
  log.info({ sent, today }, 'expiry reminders done');
  return sent;
};
