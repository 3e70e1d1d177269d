// Prometheus metrics (prom-client), one registry per app so that tests and several apps in one
// process do not share counters. Every part of the server records into the metrics it is given;
// GET /metrics renders the registry.
import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  /** Request duration by route pattern, method and status. */
  httpDuration: client.Histogram<'route' | 'method' | 'status'>;
  /** Applications committed to the database. */
  submissionsStored: client.Counter<string>;
  /** Verification codes queued for sending. */
  codesSent: client.Counter<string>;
  /** Mail delivered, by kind (code, acknowledgement, …). */
  mailSent: client.Counter<'kind'>;
  /** Failed delivery attempts, by kind. */
  mailFailures: client.Counter<'kind'>;
  /** Mail given up after its last retry, by kind. */
  mailDeadLettered: client.Counter<'kind'>;
  /**
   * Payment events acted on, by outcome: paid, duplicate_refunded (a reference paid twice),
   * late_refunded (paid after its applications stopped waiting), unknown (names no payment of
   * ours: alert on it), expired.
   */
  payments: client.Counter<'outcome'>;
  /** Money, in the currency's minor unit (agorot): kind paid or refunded. */
  paymentAmounts: client.Counter<'kind'>;
  /** Attempts to refund at the provider, by outcome: refunded, unavailable, refused. */
  refundAttempts: client.Counter<'outcome'>;
  /** Refunds given up after their last attempt: alert on any (docs/operations.md). */
  refundsGivenUp: client.Counter<string>;
  /** Passengers answered by the carriers' boarding check, by answer (OK, NO_BOARD, …). */
  carrierChecks: client.Counter<'answer'>;
  /** Reminders before an authorization ends, queued (issue 31), by days before its last day. */
  remindersSent: client.Counter<'days'>;
  /** Waiting jobs per queue, read when /metrics is scraped. */
  queueDepth: client.Gauge<'queue'>;
  /** Sets how the queue depth gauge reads the queues (the job queue registers it). */
  setQueueDepthSource: (source: () => Promise<Record<string, number>>) => void;
  /** Sets how the renewals gauge reads its counts (the background work registers it). */
  setRenewalsSource: (source: () => Promise<Record<RenewalStage, number>>) => void;
}

/** A renewal link opened (its code confirmed), and an application submitted from one (issue 31). */
type RenewalStage = 'started' | 'submitted';

export const createMetrics = ({ processMetrics = true } = {}): Metrics => {
  const registry = new client.Registry();
  if (processMetrics) client.collectDefaultMetrics({ register: registry });
  let depthSource: () => Promise<Record<string, number>> = async () => ({});
  const queueDepth = new client.Gauge({
    name: 'eta_queue_depth',
    help: 'Jobs waiting per queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // Read from the database: while it fails the gauge is left empty, and every other metric
      // is still served (GET /metrics never fails for the database's sake).
      const depths = await depthSource().catch(() => ({}));
      for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
    },
  });
  let renewalsSource: () => Promise<Record<RenewalStage, number>> = async () => ({
    started: 0,
    submitted: 0,
  });
  // Counted in the database, so that every instance reports the service's figures.
  new client.Gauge({
    name: 'eta_renewals',
    help: 'Renewals (issue 31): links opened with their code (started), applications submitted from one (submitted)',
    labelNames: ['stage'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await renewalsSource().catch(() => undefined);
      for (const [stage, n] of Object.entries(counts ?? {})) this.set({ stage }, n);
    },
  });
  return {
    registry,
    httpDuration: new client.Histogram({
      name: 'eta_http_request_duration_seconds',
      help: 'HTTP request duration by route, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    submissionsStored: new client.Counter({
      name: 'eta_submissions_stored_total',
      help: 'Applications stored',
      registers: [registry],
    }),
    codesSent: new client.Counter({
      name: 'eta_codes_sent_total',
      help: 'Verification codes queued for sending',
      registers: [registry],
    }),
    mailSent: new client.Counter({
      name: 'eta_mail_sent_total',
      help: 'Mail delivered, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    mailFailures: new client.Counter({
      name: 'eta_mail_failures_total',
      help: 'Failed mail delivery attempts, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    mailDeadLettered: new client.Counter({
      name: 'eta_mail_dead_lettered_total',
      help: 'Mail given up after its last retry, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    payments: new client.Counter({
      name: 'eta_payments_total',
      help: 'Payment events acted on, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    paymentAmounts: new client.Counter({
      name: 'eta_payment_amount_minor_total',
      help: 'Fees paid and refunded, in agorot',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    refundAttempts: new client.Counter({
      name: 'eta_refund_attempts_total',
      help: 'Attempts to refund at the payment provider, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    refundsGivenUp: new client.Counter({
      name: 'eta_refunds_given_up_total',
      help: 'Refunds given up after their last attempt',
      registers: [registry],
    }),
    carrierChecks: new client.Counter({
      name: 'eta_carrier_checks_total',
      help: 'Passengers answered by the carriers’ boarding check, by answer',
      labelNames: ['answer'] as const,
      registers: [registry],
    }),
    remindersSent: new client.Counter({
      name: 'eta_reminders_sent_total',
      help: 'Reminders before an authorization ends, queued for sending, by days before its last day (30 or 7)',
      labelNames: ['days'] as const,
      registers: [registry],
    }),
    queueDepth,
    setQueueDepthSource: (source) => {
      depthSource = source;
    },
    setRenewalsSource: (source) => {
      renewalsSource = source;
    },
  };
};
