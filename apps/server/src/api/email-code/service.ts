// Email verification codes: 6 digits from a CSPRNG, only a keyed hash stored, one use, 10 minutes;
// 5 wrong tries kill a code. Limits count per address AND client (the IP address the server sees),
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
  type MessageId,
} from '@eta-il/domain';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
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

type CodeOutcome<T> = { ok: true; value: T } | { ok: false; problem: CodeProblem };

const refuse = (problem: CodeProblem) => ({ ok: false, problem }) as const;

/** Who asks: the address and the client (its IP address, as Fastify sees it behind proxies). */
interface CodeRequester {
  email: string;
  client: string;
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
  onMailQueued,
  metrics,
}: {
  db: Db;
  clock: Clock;
  secret: string;
  onMailQueued: () => void;
  /** Counts each code queued for sending. */
  metrics?: Pick<Metrics, 'codesSent'>;
}): EmailCodeService => {
  const hash = (email: string, code: string) =>
    createHmac('sha256', secret).update(`${email}\n${code}`).digest('base64url');

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

  /** Codes sent since `since`, to the address, from the client, or both (whichever are given). */
  const sentSince = async (
    tx: Kysely<Schema>,
    { email, client }: Partial<CodeRequester>,
    since: Date,
  ) => {
    let query = tx
      .selectFrom('email_code')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('sent_at', '>', since);
    if (email !== undefined) query = query.where('email', '=', email);
    if (client !== undefined) query = query.where('client', '=', client);
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
    if ((await sentSince(tx, requester, ago(CODE_RESEND_INTERVAL_MS))) > 0) {
      return refuse('codeSendTooSoon');
    }
    if ((await sentSince(tx, requester, ago(HOUR_MS))) >= CODE_SENDS_PER_HOUR) {
      return refuse('codeSendLimit');
    }
    const { email, client } = requester;
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
    const outcome = await db.transaction().execute(async (tx) => {
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
          code_hash: hash(email, code),
          sent_at: now,
          expires_at: new Date(now.getTime() + CODE_TTL_MS),
          used_at: null,
        })
        .execute();
      await enqueueMail(tx, { kind: 'code', to: email, content: codeMail(code, language), now });
      return { ok: true, value: { timestamp: now.getTime() } } as const;
    });
    if (outcome.ok) {
      metrics?.codesSent.inc();
      onMailQueued();
    }
    return outcome;
  };

  /**
   * The code the screen asked for: sent to the address at `timestamp` (the caller's own first,
   * should two clients have asked in the same millisecond), unless its client has asked for a
   * newer one since. A stranger's newer code does not cancel the traveller's.
   */
  const codeOf = async (
    tx: Kysely<Schema>,
    { email, client }: CodeRequester,
    timestamp: number,
  ) => {
    const sentAt = new Date(timestamp);
    if (Number.isNaN(sentAt.getTime())) return undefined;
    const code = await tx
      .selectFrom('email_code')
      .selectAll()
      .where('email', '=', email)
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
      const given = Buffer.from(hash(email, code));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        await tx
          .updateTable('email_code')
          .set({ used_at: now })
          .where('id', '=', sent.id)
          .execute();
        return { ok: true, value: null } as const;
      }
      const attempts = sent.failed_attempts + 1;
      await tx
        .updateTable('email_code')
        .set({ failed_attempts: attempts })
        .where('id', '=', sent.id)
        .execute();
      if (await recordFailure(tx, requester, now)) return refuse('codeBlocked');
      return refuse(attempts >= CODE_MAX_WRONG_TRIES ? 'codeUsedUp' : 'codeWrong');
    });

  return { send, confirm };
};
