// Email verification codes: 6 digits from a CSPRNG, only a keyed hash stored, one use, 10 minutes;
// 5 wrong tries kill a code; sends limited per address; 15 wrong tries in an hour block the
// address for 2 hours. Each address's operations run under a transaction-scoped advisory lock,
// so limits hold across server instances.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ADDRESS_BLOCK_MS,
  ADDRESS_WRONG_TRIES_PER_HOUR,
  CODE_DIGITS,
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_INTERVAL_MS,
  CODE_SENDS_PER_HOUR,
  CODE_TTL_MS,
  type MessageId,
} from '@eta-il/domain';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { codeMail, type MailLanguage } from '../../mail/templates.ts';

const HOUR_MS = 60 * 60 * 1000;

export type CodeOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: MessageId };

const refuse = (status: number, message: MessageId) => ({ ok: false, status, message }) as const;

export interface EmailCodeService {
  /** Sends a new code; answers the timestamp the browser keeps. */
  send: (email: string, language?: MailLanguage) => Promise<CodeOutcome<{ timestamp: number }>>;
  confirm: (email: string, code: string, timestamp: number) => Promise<CodeOutcome<null>>;
}

export const createEmailCodeService = ({
  db,
  clock,
  secret,
  onMailQueued,
}: {
  db: Db;
  clock: Clock;
  secret: string;
  onMailQueued: () => void;
}): EmailCodeService => {
  const hash = (email: string, code: string) =>
    createHmac('sha256', secret).update(`${email}\n${code}`).digest('base64url');

  const lockAddress = (tx: Kysely<Schema>, email: string) =>
    sql`SELECT pg_advisory_xact_lock(hashtext(${`email-code:${email}`}))`.execute(tx);

  const isBlocked = async (tx: Kysely<Schema>, email: string, now: Date) =>
    (await tx
      .selectFrom('email_block')
      .select('email')
      .where('email', '=', email)
      .where('blocked_until', '>', now)
      .executeTakeFirst()) !== undefined;

  const sentSince = async (tx: Kysely<Schema>, email: string, since: Date) => {
    const row = await tx
      .selectFrom('email_code')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', email)
      .where('sent_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /** Records a wrong try; answers whether the address is now blocked. */
  const recordFailure = async (tx: Kysely<Schema>, email: string, now: Date) => {
    await tx.insertInto('email_code_failure').values({ email, at: now }).execute();
    const row = await tx
      .selectFrom('email_code_failure')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', email)
      .where('at', '>', new Date(now.getTime() - HOUR_MS))
      .executeTakeFirstOrThrow();
    if (Number(row.n) < ADDRESS_WRONG_TRIES_PER_HOUR) return false;
    const blockedUntil = new Date(now.getTime() + ADDRESS_BLOCK_MS);
    await tx
      .insertInto('email_block')
      .values({ email, blocked_until: blockedUntil })
      .onConflict((oc) => oc.column('email').doUpdateSet({ blocked_until: blockedUntil }))
      .execute();
    return true;
  };

  const send: EmailCodeService['send'] = async (email, language = 'en') => {
    const outcome = await db.transaction().execute(async (tx) => {
      await lockAddress(tx, email);
      const now = clock();
      if (await isBlocked(tx, email, now)) return refuse(429, 'codeBlocked');
      if ((await sentSince(tx, email, new Date(now.getTime() - CODE_RESEND_INTERVAL_MS))) > 0) {
        return refuse(429, 'codeSendTooSoon');
      }
      if ((await sentSince(tx, email, new Date(now.getTime() - HOUR_MS))) >= CODE_SENDS_PER_HOUR) {
        return refuse(429, 'codeSendLimit');
      }
      const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
      await tx
        .insertInto('email_code')
        .values({
          email,
          code_hash: hash(email, code),
          sent_at: now,
          expires_at: new Date(now.getTime() + CODE_TTL_MS),
          used_at: null,
        })
        .execute();
      await enqueueMail(tx, { kind: 'code', to: email, content: codeMail(code, language), now });
      return { ok: true, value: { timestamp: now.getTime() } } as const;
    });
    if (outcome.ok) onMailQueued();
    return outcome;
  };

  const confirm: EmailCodeService['confirm'] = (email, code, timestamp) =>
    db.transaction().execute(async (tx) => {
      await lockAddress(tx, email);
      const now = clock();
      if (await isBlocked(tx, email, now)) return refuse(429, 'codeBlocked');
      const latest = await tx
        .selectFrom('email_code')
        .selectAll()
        .where('email', '=', email)
        .orderBy('sent_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      // Only the newest code counts, and only for the screen that asked for it.
      if (!latest || latest.sent_at.getTime() !== timestamp || latest.used_at) {
        return refuse(400, 'codeExpired');
      }
      if (latest.expires_at <= now) return refuse(400, 'codeExpired');
      if (latest.failed_attempts >= CODE_MAX_WRONG_TRIES) return refuse(400, 'codeUsedUp');

      const expected = Buffer.from(latest.code_hash);
      const given = Buffer.from(hash(email, code));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        await tx
          .updateTable('email_code')
          .set({ used_at: now })
          .where('id', '=', latest.id)
          .execute();
        return { ok: true, value: null } as const;
      }
      const attempts = latest.failed_attempts + 1;
      await tx
        .updateTable('email_code')
        .set({ failed_attempts: attempts })
        .where('id', '=', latest.id)
        .execute();
      if (await recordFailure(tx, email, now)) return refuse(429, 'codeBlocked');
      return refuse(400, attempts >= CODE_MAX_WRONG_TRIES ? 'codeUsedUp' : 'codeWrong');
    });

  return { send, confirm };
};
