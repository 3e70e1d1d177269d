// The job queue: pg-boss on the same database as everything else. On PostgreSQL it keeps a small
// pool of its own; on the embedded PGlite it runs its SQL through the one connection Kysely
// serialises, so a pg-boss statement never lands inside a transaction of the API.
import { type Db as BossDb, fromPglite, PgBoss, type Queue } from 'pg-boss';
import type { Database } from '../db/database.ts';

/** Every queue, by name. Delivery of codes has its own queue so it never waits behind others. */
export const QUEUES = {
  /** Verification codes: polled often, few retries, quickly dead-lettered. */
  code: 'mail-code',
  /** Every other mail (acknowledgements, …). */
  mail: 'mail',
  /** Mail given up after its last try; nothing works it, an operator reads it. */
  dead: 'mail-dead',
  /** Files delivery jobs for mail_message rows left unfiled (safety net for the wake-up). */
  relay: 'mail-relay',
  /** Screening of submitted applications (docs/decisions/016-screening.md). */
  screening: 'screening',
  /** The retention purges (docs/decisions/014-retention.md). */
  retention: 'retention',
  /** The reminder and the expiry of unpaid applications (docs/decisions/050). */
  paymentDeadlines: 'payment-deadlines',
  /** Refunds the provider did not make at once, tried again (jobs/retry-refunds.ts). */
  refundRetries: 'refund-retries',
  /** Reminders before an authorization ends (issue 31, decision 056). */
  expiryReminders: 'expiry-reminders',
} as const;

/** The mail queue a kind of mail goes to. */
export const mailQueueOf = (kind: string) => (kind === 'code' ? QUEUES.code : QUEUES.mail);

/** How often a failed delivery is tried again: pg-boss waits delay·2ⁿ seconds, capped. */
export interface RetryPolicy {
  /** Retries after the first try. */
  limit: number;
  delaySeconds: number;
  maxDelaySeconds: number;
}

export const RETRY_POLICY: Record<'code' | 'mail', RetryPolicy> = {
  // A code is useless after CODE_TTL_MS (10 min): 6 retries span about 2 minutes.
  code: { limit: 6, delaySeconds: 2, maxDelaySeconds: 60 },
  // An acknowledgement keeps its value for days: 12 retries span about 9 hours.
  mail: { limit: 12, delaySeconds: 10, maxDelaySeconds: 3600 },
};

const DAY_S = 24 * 60 * 60;

const mailQueue = (name: string, retry: RetryPolicy): Queue => ({
  name,
  retryLimit: retry.limit,
  retryDelay: retry.delaySeconds,
  retryBackoff: true,
  retryDelayMax: retry.maxDelaySeconds,
  expireInSeconds: 60,
  // Jobs carry only the id of their mail_message row; finished ones go after a day.
  deleteAfterSeconds: DAY_S,
  deadLetter: QUEUES.dead,
});

/** The queues with their policies; `retry` overrides the delivery policies (tests). */
const queueDefinitions = (retry: Partial<typeof RETRY_POLICY> = {}): Queue[] => [
  { name: QUEUES.dead, retentionSeconds: 30 * DAY_S, deleteAfterSeconds: DAY_S },
  mailQueue(QUEUES.code, retry.code ?? RETRY_POLICY.code),
  mailQueue(QUEUES.mail, retry.mail ?? RETRY_POLICY.mail),
  { name: QUEUES.relay, policy: 'singleton', retryLimit: 0, deleteAfterSeconds: 3600 },
  // A failed screening is tried again; one that keeps failing leaves the application in
  // `submitted`, where the relay of the next minute files it again once the job is deleted.
  {
    name: QUEUES.screening,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 120,
    deleteAfterSeconds: 3600,
  },
  { name: QUEUES.retention, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 },
  { name: QUEUES.paymentDeadlines, policy: 'singleton', retryLimit: 2, expireInSeconds: 10 * 60 },
  { name: QUEUES.expiryReminders, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 },
  // Each refund keeps its own retry schedule in the database: a failed run is simply run again by
  // the next minute's schedule.
  { name: QUEUES.refundRetries, policy: 'singleton', retryLimit: 0, expireInSeconds: 10 * 60 },
];

/** pg-boss's statements on PGlite, each run while it holds Kysely's single connection. */
const serialisedPglite = (database: Database): BossDb => {
  if (!database.pglite) throw new Error('PGlite database without its client');
  const inner = fromPglite(database.pglite);
  return {
    executeSql: (text: string, values?: unknown[]) =>
      database.db.connection().execute(() => inner.executeSql(text, values)),
  };
};

/** Starts pg-boss (installing or migrating its schema) and creates or updates the queues. */
export const openQueue = async (
  database: Database,
  { retry, onError }: { retry?: Partial<typeof RETRY_POLICY>; onError: (error: Error) => void },
): Promise<PgBoss> => {
  const common = { schema: 'pgboss', migrate: true, supervise: true, schedule: true } as const;
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...common, backend: 'pglite', db: serialisedPglite(database) })
      : new PgBoss({ ...common, connectionString: database.url, max: 4 });
  boss.on('error', onError);
  await boss.start();
  for (const { name, policy, ...options } of queueDefinitions(retry)) {
    // A queue made by an earlier start takes the policies of this one (its `policy` is fixed).
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, { policy, ...options });
  }
  return boss;
};
