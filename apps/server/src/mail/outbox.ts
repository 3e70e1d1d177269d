// The transactional outbox: mail is written in the same transaction as what it reports, so a
// stored application always has its acknowledgement waiting, and nothing waiting is lost. The
// transaction (db/transaction.ts, withTransaction) wakes the job queue's relay
// (src/jobs/relay-mail.ts) after its commit, which files a delivery job for it.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { queueWork } from '../db/transaction.ts';
import type { MailContent } from './templates.ts';

/** The outbox row of a message (also written as part of a larger statement: submissions). */
export const mailRow = ({
  kind,
  to,
  content,
  now,
}: {
  kind: string;
  to: string;
  content: MailContent;
  now: Date;
}) => ({
  kind,
  recipient: to,
  subject: content.subject,
  text_body: content.text,
  html_body: content.html,
  created_at: now,
});

export const enqueueMail = async (
  tx: Kysely<Schema>,
  message: { kind: string; to: string; content: MailContent; now: Date },
): Promise<void> => {
  await tx.insertInto('mail_message').values(mailRow(message)).execute();
  queueWork(tx);
};
