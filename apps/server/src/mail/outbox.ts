// The transactional outbox: mail is queued in the same transaction as what it reports, so a
// stored application always has its acknowledgement queued, and nothing queued is lost.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { MailContent } from './templates.ts';

export const enqueueMail = async (
  tx: Kysely<Schema>,
  { kind, to, content, now }: { kind: string; to: string; content: MailContent; now: Date },
): Promise<void> => {
  await tx
    .insertInto('mail_outbox')
    .values({
      kind,
      recipient: to,
      subject: content.subject,
      text_body: content.text,
      html_body: content.html,
      created_at: now,
      next_attempt_at: now,
    })
    .execute();
};
