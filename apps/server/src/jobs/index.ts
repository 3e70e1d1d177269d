// Background work, registered in one place: pg-boss on the application's database, the mail
// delivery workers (codes on their own queue, polled twice a second), the screening of submitted
// applications, the relay that files mail and screening jobs written by the API, the scheduled
// retention purges, the payment deadlines (reminder and expiry of unpaid applications), the
// reminders before an authorization ends (issue 31) and the retries of refunds the provider did not make at once. main.ts starts it with one line. The relay
// runs each time a transaction of this process that queued work commits (db/transaction.ts), and
// every minute for what another process queued.
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { Database, Db } from '../db/database.ts';
import { onQueuedWork } from '../db/transaction.ts';
import type { DecisionDeps } from '../decisions/move-application.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { Metrics } from '../ops/metrics.ts';
import { deliverMail } from './deliver-mail.ts';
import { runExpiryReminders } from './expiry-reminders.ts';
import { type JobLog, silentLog } from './log.ts';
import { runPaymentDeadlines } from './payment-deadlines.ts';
import { openQueue, QUEUES, type RETRY_POLICY } from './queue.ts';
import { relayMail } from './relay-mail.ts';
import { applicationRetentionDays, DEFAULT_PAYMENT_DAYS, runRetention } from './retention.ts';
import { type RefundRetryWork, retryRefunds } from './retry-refunds.ts';
import { relayScreening, type ScreeningWork, screenApplications } from './screen-applications.ts';

export interface BackgroundWorkOptions {
  database: Database;
  /** Where mail goes; owned from now on (closed by stop). */
  transport: MailTransport;
  clock: Clock;
  metrics: Metrics;
  log?: JobLog;
  /** Overrides the delivery retry policies (tests). */
  retry?: Partial<typeof RETRY_POLICY>;
  /** Days a submitted application is kept; default RETENTION_APPLICATION_DAYS or 730. */
  applicationDays?: number;
  /** Days a payment and its refund are kept; default 2557 (seven years). */
  paymentDays?: number;
  /** Screens submitted applications when given (the service always; tests that drive states by hand do not). */
  screening?: ScreeningWork;
  /** Reminds and expires unpaid applications when given (the service always; see decision 050). */
  paymentDeadlines?: DecisionDeps;
  /** Tries again the refunds the provider did not make at once, when given (the service always). */
  refunds?: RefundRetryWork;
  /** Sends the reminders before an authorization ends, when given (the service always; decision 056). */
  expiryReminders?: DecisionDeps;
}

export interface BackgroundWork {
  boss: PgBoss;
  /**
   * Files waiting mail and screening now and wakes their workers; done by itself after each commit
   * on the database that queued work.
   */
  wake: () => void;
  /** Files unfiled mail now; resolves when it is filed. */
  relay: () => Promise<void>;
  /** Runs the retention purges now; answers how many rows each removed. */
  purge: () => ReturnType<typeof runRetention>;
  /** Resolves once no mail waits (each delivered or dead-lettered); rejects after `ms`. */
  drained: (ms?: number) => Promise<void>;
  /** Stops taking jobs, lets running ones finish (10 s at most), closes the transport. */
  stop: () => Promise<void>;
}

const RELAY_SCHEDULE = '* * * * *';
const RETENTION_SCHEDULE = '*/15 * * * *';
const PAYMENT_DEADLINES_SCHEDULE = '*/5 * * * *';
const REFUND_RETRIES_SCHEDULE = '* * * * *';
/** Hourly: a day's reminders go in its first hour, and a run missed is made up by the next. */
const EXPIRY_REMINDERS_SCHEDULE = '7 * * * *';

/** Jobs waiting per queue, and mail not filed yet, for the queue-depth gauge of /metrics. */
const queueDepth = async (db: Db) => {
  const depth: Record<string, number> = Object.fromEntries(
    Object.values(QUEUES).map((name) => [name, 0]),
  );
  const waiting = await sql<{ name: string; n: number }>`
    SELECT name, count(*)::int AS n FROM pgboss.job
    WHERE state IN ('created', 'retry') GROUP BY name`.execute(db);
  for (const { name, n } of waiting.rows) depth[name] = n;
  const unfiled = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM mail_message WHERE queued_at IS NULL`.execute(db);
  depth['mail-unfiled'] = unfiled.rows[0]?.n ?? 0;
  return depth;
};

/** Renewal links opened and renewals submitted, for the renewals gauge of /metrics (issue 31). */
const renewalCounts = async (db: Db) => {
  const { rows } = await sql<{ started: number; submitted: number }>`
    SELECT count(*) FILTER (WHERE kind = 'renewal' AND used_at IS NOT NULL)::int AS started,
           count(*) FILTER (WHERE renewed_application_id IS NOT NULL)::int AS submitted
    FROM renewal_link`.execute(db);
  return rows[0] ?? { started: 0, submitted: 0 };
};

export const startBackgroundWork = async ({
  database,
  transport,
  clock,
  metrics,
  log = silentLog,
  retry,
  applicationDays = applicationRetentionDays(),
  paymentDays = DEFAULT_PAYMENT_DAYS,
  screening,
  paymentDeadlines,
  refunds,
  expiryReminders,
}: BackgroundWorkOptions): Promise<BackgroundWork> => {
  const { db } = database;
  const boss = await openQueue(database, {
    retry,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const deliver = deliverMail({ db, transport, clock, metrics, log });
  const delivery = { includeMetadata: true, perJobResults: true, batchSize: 10 } as const;
  const codeWorker = await boss.work(
    QUEUES.code,
    { ...delivery, localConcurrency: 2, pollingIntervalSeconds: 0.5 },
    deliver,
  );
  // PGlite has one connection: a second batch of acknowledgements would only queue more statements
  // ahead of a code's.
  const mailWorker = await boss.work(
    QUEUES.mail,
    {
      ...delivery,
      localConcurrency: database.kind === 'pglite' ? 1 : 2,
      pollingIntervalSeconds: 1,
    },
    deliver,
  );

  // One relay at a time; a wake-up during one runs another right after it.
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  let screeningWorker: string | undefined;
  const relayOnce = async () => {
    if (screeningWorker && (await relayScreening(db, boss)) > 0) {
      boss.notifyWorker(screeningWorker);
    }
    const filed = await relayMail({ db, boss, clock });
    if (filed.codes > 0) boss.notifyWorker(codeWorker);
    if (filed.others > 0) boss.notifyWorker(mailWorker);
  };
  const relay = (): Promise<void> => {
    if (!running) {
      running = relayOnce().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        return relay();
      });
    return next;
  };

  // Woken after each commit on this database that queued mail or screening (db/transaction.ts).
  let stopped = false;
  const wake = () => {
    if (stopped) return;
    relay().catch((error: unknown) => log.warn({ err: error }, 'mail relay failed; will retry'));
  };
  const stopListening = onQueuedWork(db, wake);

  if (screening) {
    screeningWorker = await boss.work(
      QUEUES.screening,
      { batchSize: 5, localConcurrency: 1, pollingIntervalSeconds: 1 },
      screenApplications(db, screening, log),
    );
  }

  const purge = () => runRetention({ db, clock, applicationDays, paymentDays, log });
  await boss.work(QUEUES.relay, () => relay());
  await boss.work(QUEUES.retention, () => purge());
  await boss.schedule(QUEUES.relay, RELAY_SCHEDULE);
  await boss.schedule(QUEUES.retention, RETENTION_SCHEDULE);
  if (paymentDeadlines) {
    await boss.work(QUEUES.paymentDeadlines, () =>
      runPaymentDeadlines({ db, decisions: paymentDeadlines, log }),
    );
    await boss.schedule(QUEUES.paymentDeadlines, PAYMENT_DEADLINES_SCHEDULE);
  }
  if (expiryReminders) {
    await boss.work(QUEUES.expiryReminders, () =>
      runExpiryReminders({ db, decisions: expiryReminders, metrics, log }),
    );
    await boss.schedule(QUEUES.expiryReminders, EXPIRY_REMINDERS_SCHEDULE);
  }
  if (refunds) {
    const payments = {
      db,
      clock,
      provider: refunds.provider,
      decisions: refunds.decisions,
      metrics,
      log,
    };
    await boss.work(QUEUES.refundRetries, async () => {
      const done = await retryRefunds(payments);
      if (done.due > 0) log.info(done, 'refund retries done');
    });
    await boss.schedule(QUEUES.refundRetries, REFUND_RETRIES_SCHEDULE);
  }
  metrics.setQueueDepthSource(() => queueDepth(db));
  metrics.setRenewalsSource(() => renewalCounts(db));
  await relay();

  return {
    boss,
    wake,
    relay,
    purge,
    drained: async (ms = 10_000) => {
      const end = Date.now() + ms;
      for (;;) {
        const row = await db
          .selectFrom('mail_message')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('dead_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(row.n) === 0) return;
        if (Date.now() > end) throw new Error(`${row.n} mails still waiting after ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      stopListening();
      metrics.setQueueDepthSource(async () => ({}));
      metrics.setRenewalsSource(async () => ({ started: 0, submitted: 0 }));
      await running?.catch(() => {});
      await boss.stop({ graceful: true, timeout: 10_000 });
      transport.close();
    },
  };
};
