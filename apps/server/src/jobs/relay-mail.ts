// Job handler (and wake-up): files a delivery job for each mail_message row not yet filed. A row
// is written in the transaction of what it reports; its job id was drawn then (job_id), and pg-boss
// ignores a job whose id it already holds, so a relay interrupted between filing and marking files
// nothing twice. Codes are filed first.
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { MailJob } from './deliver-mail.ts';
import { mailQueueOf, QUEUES } from './queue.ts';

const BATCH = 500;

export interface RelayMailDeps {
  db: Db;
  boss: PgBoss;
  clock: Clock;
}

/** Files every unfiled mail; answers how many codes and other mails were filed. */
export const relayMail = async ({ db, boss, clock }: RelayMailDeps) => {
  const filed = { codes: 0, others: 0 };
  for (;;) {
    const rows = await db
      .selectFrom('mail_message')
      .select(['id', 'job_id', 'kind'])
      .where('queued_at', 'is', null)
      .orderBy(sql`kind = 'code'`, 'desc')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return filed;
    for (const queue of [QUEUES.code, QUEUES.mail]) {
      const jobs = rows
        .filter((row) => mailQueueOf(row.kind) === queue)
        .map((row) => ({ id: row.job_id, data: { messageId: row.id } satisfies MailJob }));
      if (jobs.length === 0) continue;
      await boss.insert(queue, jobs);
      if (queue === QUEUES.code) filed.codes += jobs.length;
      else filed.others += jobs.length;
    }
    await db
      .updateTable('mail_message')
      .set({ queued_at: clock() })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    if (rows.length < BATCH) return filed;
  }
};
