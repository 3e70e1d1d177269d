// Email verification codes: 6 digits from a CSPRNG, only a keyed hash stored, one use, 10 minutes;
// 5 wrong tries kill a code, counted by one conditional update per try, so the sixth try fails
// however many arrive at once. A code is bound to its purpose and subject (decision 048): it
// confirms only what it was sent for (a sign-up, a saved draft's resume, a withdrawal, correction or
// answer of one application), and the 30-second resend interval is per purpose. Limits count per address AND client (the IP address the server sees),
// so a stranger's sends and wrong tries count against the stranger: sends per pair, per address
// and per client; 15 wrong tries in an hour block that client from that address for 2 hours
// (decision 002). Each address's operations run under a transaction-scoped advisory lock, so the
// limits hold across server instances.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ADDRESS_BLOCK_MS,
  ADDRESS_WRONG_TRIES_PER_HOUR,
  CODE_DIGITS,
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_INTERVAL_MS,
  CODE_SENDS_PER_ADDRESS_PER_HOUR,
  CODE_SENDS_PER_CLIENT_PER_HOUR,
  CODE_SENDS_PER_HOUR,
  CODE_TTL_MS,
  type CodePurpose,
  type MessageId,
} from '@eta-il/domain';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { codeMail, type MailLanguage } from '../../mail/templates.ts';
import type { Metrics } from '../../ops/metrics.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Why a code is not sent or not accepted: the message the traveller reads. */
export type CodeProblem = Extract<
  MessageId,
  | 'codeBlocked'
  | 'codeSendTooSoon'
  | 'codeSendLimit'
  | 'tooManyRequests'
  | 'codeExpired'
  | 'codeUsedUp'
  | 'codeWrong'
>;

/** A refusal; a wrong code says how many tries the code has left. */
type CodeRefusal = { ok: false; problem: CodeProblem; triesLeft?: number };
type CodeOutcome<T> = { ok: true; value: T } | CodeRefusal;

const refuse = (problem: CodeProblem, triesLeft?: number): CodeRefusal =>
  triesLeft === undefined ? { ok: false, problem } : { ok: false, problem, triesLeft };

/**
 * Who asks and for what: the address, the client (its IP address, as Fastify sees it behind
 * proxies), the purpose, and the subject (the application's id or the saved draft's link hash; ''
 * for sign-up).
 */
interface CodeRequester {
  email: string;
  client: string;
  purpose: CodePurpose;
  subject: string;
}

export interface EmailCodeService {
  /** Sends a new code; answers the timestamp the browser keeps. */
  send: (
    requester: CodeRequester,
    language?: MailLanguage,
  ) => Promise<CodeOutcome<{ timestamp: number }>>;
  confirm: (
    requester: CodeRequester,
    code: string,
    timestamp: number,
  ) => Promise<CodeOutcome<null>>;
}

export const createEmailCodeService = ({
  db,
  clock,
  secret,
  metrics,
}: {
  db: Db;
  clock: Clock;
  secret: string;
  /** Counts each code queued for sending. */
  metrics?: Pick<Metrics, 'codesSent'>;
}): EmailCodeService => {
  const hash = ({ email, purpose, subject }: CodeRequester, code: string) =>
    createHmac('sha256', secret)
      .update(`${email}\n${purpose}\n${subject}\n${code}`)
      .digest('base64url');

  const lock = (tx: Kysely<Schema>, name: string) =>
    sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(tx);

  const isBlocked = async (tx: Kysely<Schema>, { email, client }: CodeRequester, now: Date) =>
    (await tx
      .selectFrom('email_block')
      .select('email')
      .where('email', '=', email)
      .where('client', '=', client)
      .where('blocked_until', '>', now)
      .executeTakeFirst()) !== undefined;

  /**
   * Codes sent since `since`, to the address, from the client, for the purpose and subject
   * (whichever are given).
   */
  const sentSince = async (
    tx: Kysely<Schema>,
    { email, client, purpose, subject }: Partial<CodeRequester>,
    since: Date,
  ) => {
    let query = tx
      .selectFrom('email_code')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('sent_at', '>', since);
    if (email !== undefined) query = query.where('email', '=', email);
    if (client !== undefined) query = query.where('client', '=', client);
    if (purpose !== undefined) query = query.where('purpose', '=', purpose);
    if (subject !== undefined) query = query.where('subject', '=', subject);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  /** Records a wrong try; answers whether the client is now blocked from the address. */
  const recordFailure = async (tx: Kysely<Schema>, requester: CodeRequester, now: Date) => {
    const { email, client } = requester;
    await tx.insertInto('email_code_failure').values({ email, client, at: now }).execute();
    const row = await tx
      .selectFrom('email_code_failure')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', email)
      .where('client', '=', client)
      .where('at', '>', new Date(now.getTime() - HOUR_MS))
      .executeTakeFirstOrThrow();
    if (Number(row.n) < ADDRESS_WRONG_TRIES_PER_HOUR) return false;
    const blockedUntil = new Date(now.getTime() + ADDRESS_BLOCK_MS);
    await tx
      .insertInto('email_block')
      .values({ email, client, blocked_until: blockedUntil })
      .onConflict((oc) =>
        oc.columns(['email', 'client']).doUpdateSet({ blocked_until: blockedUntil }),
      )
      .execute();
    return true;
  };

  /** The first limit a new send would break, if any. */
  const sendRefusal = async (tx: Kysely<Schema>, requester: CodeRequester, now: Date) => {
    const ago = (ms: number) => new Date(now.getTime() - ms);
    if (await isBlocked(tx, requester, now)) return refuse('codeBlocked');
    const { email, client } = requester;
    // The interval is per purpose and subject: a resume code follows the sign-up code at once.
    if ((await sentSince(tx, requester, ago(CODE_RESEND_INTERVAL_MS))) > 0) {
      return refuse('codeSendTooSoon');
    }
    if ((await sentSince(tx, { email, client }, ago(HOUR_MS))) >= CODE_SENDS_PER_HOUR) {
      return refuse('codeSendLimit');
    }
    if ((await sentSince(tx, { email }, ago(HOUR_MS))) >= CODE_SENDS_PER_ADDRESS_PER_HOUR) {
      return refuse('codeSendLimit');
    }
    if ((await sentSince(tx, { client }, ago(HOUR_MS))) >= CODE_SENDS_PER_CLIENT_PER_HOUR) {
      return refuse('tooManyRequests');
    }
    return undefined;
  };

  const send: EmailCodeService['send'] = async (requester, language = 'en') => {
    const { email, client } = requester;
    const outcome = await withTransaction(db, async (tx) => {
      // Address first, then client: every send takes them in this order, so none deadlock.
      await lock(tx, `email-code:${email}`);
      await lock(tx, `email-code-client:${client}`);
      const now = clock();
      const refusal = await sendRefusal(tx, requester, now);
      if (refusal) return refusal;
      const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
      await tx
        .insertInto('email_code')
        .values({
          email,
          client,
          purpose: requester.purpose,
          subject: requester.subject,
          code_hash: hash(requester, code),
          sent_at: now,
          expires_at: new Date(now.getTime() + CODE_TTL_MS),
          used_at: null,
        })
        .execute();
      await enqueueMail(tx, { kind: 'code', to: email, content: codeMail(code, language), now });
      return { ok: true, value: { timestamp: now.getTime() } } as const;
    });
    if (outcome.ok) metrics?.codesSent.inc();
    return outcome;
  };

  /**
   * The code the screen asked for: sent to the address for this purpose and subject at
   * `timestamp` (the caller's own first, should two clients have asked in the same millisecond),
   * unless its client has asked for a newer one since. A stranger's newer code does not cancel the
   * traveller's; a code sent for another purpose or subject is never found.
   */
  const codeOf = async (
    tx: Kysely<Schema>,
    { email, client, purpose, subject }: CodeRequester,
    timestamp: number,
  ) => {
    const sentAt = new Date(timestamp);
    if (Number.isNaN(sentAt.getTime())) return undefined;
    const code = await tx
      .selectFrom('email_code')
      .selectAll()
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('subject', '=', subject)
      .where('sent_at', '=', sentAt)
      .orderBy(sql`client = ${client}`, 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!code) return undefined;
    const newer = await tx
      .selectFrom('email_code')
      .select('id')
      .where('email', '=', email)
      .where('purpose', '=', purpose)
      .where('subject', '=', subject)
      .where('client', '=', code.client)
      .where('id', '>', code.id)
      .executeTakeFirst();
    return newer ? undefined : code;
  };

  const confirm: EmailCodeService['confirm'] = (requester, code, timestamp) =>
    db.transaction().execute(async (tx) => {
      const { email } = requester;
      await lock(tx, `email-code:${email}`);
      const now = clock();
      if (await isBlocked(tx, requester, now)) return refuse('codeBlocked');
      const sent = await codeOf(tx, requester, timestamp);
      if (!sent || sent.used_at || sent.expires_at <= now) return refuse('codeExpired');
      if (sent.failed_attempts >= CODE_MAX_WRONG_TRIES) return refuse('codeUsedUp');

      const expected = Buffer.from(sent.code_hash);
      const given = Buffer.from(hash(requester, code));
      // Each try is one conditional update of the code's row: it counts only while the code is
      // unused and has tries left, whatever else runs at the same moment.
      const usable = () =>
        tx
          .updateTable('email_code')
          .where('id', '=', sent.id)
          .where('used_at', 'is', null)
          .where('failed_attempts', '<', CODE_MAX_WRONG_TRIES)
          .where('expires_at', '>', now);
      /** Why a try found the code no longer usable: used (as good as expired) or used up. */
      const spent = async () => {
        const row = await tx
          .selectFrom('email_code')
          .select('used_at')
          .where('id', '=', sent.id)
          .executeTakeFirstOrThrow();
        return refuse(row.used_at ? 'codeExpired' : 'codeUsedUp');
      };
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        const used = await usable().set({ used_at: now }).returning('id').executeTakeFirst();
        return used ? ({ ok: true, value: null } as const) : spent();
      }
      const counted = await usable()
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .returning('failed_attempts')
        .executeTakeFirst();
      if (!counted) return spent();
      if (await recordFailure(tx, requester, now)) return refuse('codeBlocked');
      const triesLeft = CODE_MAX_WRONG_TRIES - counted.failed_attempts;
      return triesLeft > 0 ? refuse('codeWrong', triesLeft) : refuse('codeUsedUp', 0);
    });

  return { send, confirm };
};
