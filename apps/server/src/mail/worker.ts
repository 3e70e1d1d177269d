// Delivers the outbox: claims due messages (SKIP LOCKED, so several instances share the work),
// sends them, and on failure retries with exponential back-off. A mail server that is down
// delays mail; it loses none.
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { MailTransport } from './transport.ts';

const BATCH = 10;
const CLAIM_MS = 60_000;
const MAX_BACKOFF_MS = 5 * 60_000;

export const backoffMs = (attempts: number) => Math.min(1000 * 2 ** attempts, MAX_BACKOFF_MS);

export interface MailWorker {
  /** Looks for due mail now (after an enqueue), instead of at the next poll. */
  wake: () => void;
  /** Delivers what is due; resolves when this round is done. */
  deliverDue: () => Promise<number>;
  stop: () => Promise<void>;
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  pollMs?: number;
  /** Delay before the next try after `attempts` failures. */
  backoff?: (attempts: number) => number;
  onError?: (error: unknown) => void;
}

export const startMailWorker = ({
  db,
  transport,
  clock,
  pollMs = 1000,
  backoff = backoffMs,
  onError = () => {},
}: MailWorkerOptions): MailWorker => {
  let round: Promise<number> | undefined;
  let stopped = false;

  const claim = () =>
    db.transaction().execute(async (tx) => {
      const now = clock();
      const due = await tx
        .selectFrom('mail_outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .modifyEnd(sql`SKIP LOCKED`)
        .execute();
      if (due.length > 0) {
        await tx
          .updateTable('mail_outbox')
          .set({ locked_until: new Date(now.getTime() + CLAIM_MS) })
          .where(
            'id',
            'in',
            due.map((m) => m.id),
          )
          .execute();
      }
      return due;
    });

  const deliverRound = async (): Promise<number> => {
    let sent = 0;
    for (const mail of await claim()) {
      try {
        await transport.send({
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
        });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: clock(), locked_until: null, attempts: mail.attempts + 1 })
          .where('id', '=', mail.id)
          .execute();
        sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            locked_until: null,
            next_attempt_at: new Date(clock().getTime() + backoff(attempts)),
            last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
          })
          .where('id', '=', mail.id)
          .execute();
        onError(error);
      }
    }
    return sent;
  };

  const deliverDue = () => {
    round ??= deliverRound().finally(() => {
      round = undefined;
    });
    return round;
  };

  const tick = () => {
    if (stopped) return;
    deliverDue().catch(onError);
  };
  const timer = setInterval(tick, pollMs);
  timer.unref();

  return {
    wake: () => queueMicrotask(tick),
    deliverDue,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await round?.catch(() => {});
    },
  };
};
