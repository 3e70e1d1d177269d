// The one place a decision e-mail is queued. Today it writes to the mail outbox in the caller's
// transaction; when the job queue replaces the outbox, only this file changes.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  type DecisionMailValues,
  type DecisionNotice,
  decisionMail,
  type MailLanguage,
} from '../mail/templates.ts';

export interface TravellerNoticeMail {
  notice: DecisionNotice;
  to: string;
  language: MailLanguage;
  values: DecisionMailValues;
  now: Date;
}

export const queueTravellerNotice = (
  tx: Kysely<Schema>,
  { notice, to, language, values, now }: TravellerNoticeMail,
): Promise<void> =>
  enqueueMail(tx, {
    kind: `decision:${notice}`,
    to,
    content: decisionMail(notice, values, language),
    now,
  });
