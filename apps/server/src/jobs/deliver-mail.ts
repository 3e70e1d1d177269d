// Job handler: delivers the mail of one mail_message row per job. Idempotent: the row is deleted
// once the mail is delivered (so no plain code outlives its delivery), and a job whose row is gone
// has nothing left to do. Bounded: pg-boss retries with exponential back-off up to the queue's
// limit; a permanent refusal (SMTP 5xx) is dead-lettered after its second try.

import type { Selectable } from 'kysely';
import type { JobResult, JobWithMetadata } from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { MailMessageTable } from '../db/schema.ts';
import { isPermanentRefusal, type MailTransport } from '../mail/transport.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { JobLog } from './log.ts';

export interface MailJob {
  messageId: string;
}

/** Tries of a permanently refused message before it is dead-lettered. */
export const PERMANENT_REFUSAL_TRIES = 2;

export interface DeliverMailDeps {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  metrics: Metrics;
  log: JobLog;
}

const errorText = (error: unknown) =>
  String(error instanceof Error ? error.message : error).slice(0, 500);

type MailRow = Selectable<MailMessageTable>;

/** Sends one message; answers the job's outcome, or 'delivered' for the batch to delete. */
const deliverOne = async (
  { db, transport, clock, metrics, log }: DeliverMailDeps,
  job: JobWithMetadata<MailJob>,
  message: MailRow | undefined,
): Promise<JobResult | 'delivered'> => {
  // Delivered (and deleted) by an earlier run of this job, or given up already.
  if (!message || message.dead_at) return { id: job.id, status: 'completed' };
  const { kind } = message;
  try {
    await transport.send({
      to: message.recipient,
      subject: message.subject,
      text: message.text_body,
      html: message.html_body,
    });
    return 'delivered';
  } catch (error) {
    const attempts = message.attempts + 1;
    const reason = errorText(error);
    metrics.mailFailures.inc({ kind });
    const refused = isPermanentRefusal(error) && attempts >= PERMANENT_REFUSAL_TRIES;
    if (refused || job.retryCount >= job.retryLimit) {
      await db
        .updateTable('mail_message')
        .set({
          attempts,
          last_error: reason,
          dead_at: clock(),
          // A code mail carries the code in its subject and text: neither is kept.
          ...(kind === 'code' ? { subject: '', text_body: '', html_body: '' } : {}),
        })
        .where('id', '=', message.id)
        .execute();
      metrics.mailDeadLettered.inc({ kind });
      log.error({ kind, messageId: message.id, attempts, reason }, 'mail dead-lettered');
      return { id: job.id, status: 'deadletter', output: { error: reason } };
    }
    await db
      .updateTable('mail_message')
      .set({ attempts, last_error: reason })
      .where('id', '=', message.id)
      .execute();
    log.warn({ kind, messageId: message.id, attempts, reason }, 'mail delivery failed; will retry');
    return { id: job.id, status: 'failed', output: { error: reason } };
  }
};

/**
 * The handler of a batch of delivery jobs: the batch's messages read in one query, sent at once
 * over the pooled transport, the delivered ones deleted in one statement.
 */
export const deliverMail =
  (deps: DeliverMailDeps) =>
  async (jobs: JobWithMetadata<MailJob>[]): Promise<JobResult[]> => {
    const { db, metrics } = deps;
    const messages = await db
      .selectFrom('mail_message')
      .selectAll()
      .where(
        'job_id',
        'in',
        jobs.map((job) => job.id),
      )
      .execute();
    const byJob = new Map(messages.map((message) => [message.job_id, message]));
    const outcomes = await Promise.all(jobs.map((job) => deliverOne(deps, job, byJob.get(job.id))));
    const delivered = jobs.flatMap((job, i) => {
      const message = byJob.get(job.id);
      return outcomes[i] === 'delivered' && message ? [message] : [];
    });
    if (delivered.length > 0) {
      await db
        .deleteFrom('mail_message')
        .where(
          'id',
          'in',
          delivered.map((message) => message.id),
        )
        .execute();
      for (const { kind } of delivered) metrics.mailSent.inc({ kind });
    }
    return jobs.map((job, i) => {
      const outcome = outcomes[i];
      return outcome === 'delivered' || outcome === undefined
        ? { id: job.id, status: 'completed' }
        : outcome;
    });
  };
