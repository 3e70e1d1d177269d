// The one confirmation path (decision 049): every provider event — the webhook's, the dev page's
// Pay, and a session read back from the provider on return — is handled here, once. The event is
// stored under its id first, in the same transaction as what it changes, so a repeat changes
// nothing. A paid session moves every application of its fee reference to `submitted` (screening
// follows); a second payment of a reference already paid, or one for applications that no longer
// wait, is refunded automatically; an event naming no payment of ours is recorded and alerted on.
import { awaitsPayment, todayIn } from '@eta-il/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { PaymentTable, Schema } from '../db/schema.ts';
import { withTransaction } from '../db/transaction.ts';
import { type DecisionDeps, languageOf, moveApplication } from '../decisions/move-application.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { receiptMail } from '../mail/templates.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { PaymentProvider, ProviderEvent, SessionState } from './provider.ts';
import { attemptRefund } from './refunds.ts';

interface PaymentLog {
  error: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
}

export interface PaymentDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  /** Moves the applications, and wakes the relay (mail, screening) after a commit. */
  decisions: DecisionDeps;
  metrics: Pick<Metrics, 'payments' | 'paymentAmounts' | 'refundAttempts' | 'refundsGivenUp'>;
  log: PaymentLog;
}

/** What became of one event (stored in payment_event.outcome; `repeated` is not stored again). */
export type EventOutcome =
  | 'applied'
  | 'repeated'
  | 'repeated-payment-refunded'
  | 'unknown-session'
  | 'ignored';

type Payment = PaymentTable;

/** What one event did, counted once its transaction committed. */
interface Applied {
  outcome: EventOutcome;
  /** Applications moved: the relay is woken (screening, mail). */
  moved: boolean;
  /** eta_payments_total's outcome label, and the amount paid (eta_payment_amount_minor_total). */
  counted?: 'paid' | 'duplicate_refunded' | 'late_refunded' | 'expired';
  paidMinor?: number;
  /** The payment whose refund was recorded: asked of the provider once this commits. */
  refundPaymentId?: string;
}

/** The applications a fee reference covers, locked: concurrent payments of one reference queue here. */
const lockApplications = (tx: Kysely<Schema>, reference: string) =>
  tx
    .selectFrom('application')
    .select(['id', 'req_num', 'state', 'email', 'language', 'first_name', 'last_name'])
    .where('fee_reference', '=', reference)
    .orderBy('created_at')
    .orderBy('req_num')
    .forUpdate()
    .execute();

type Covered = Awaited<ReturnType<typeof lockApplications>>;

/** A paid session: the applications move, or the money goes back. */
const applyPaid = async (
  tx: Kysely<Schema>,
  deps: PaymentDeps,
  payment: Payment,
  session: SessionState,
  now: Date,
): Promise<Applied> => {
  if (payment.status === 'paid' || payment.status === 'refunded') {
    return { outcome: 'ignored', moved: false };
  }
  const covered = await lockApplications(tx, payment.reference);
  const otherPaid = await tx
    .selectFrom('payment')
    .select('id')
    .where('reference', '=', payment.reference)
    .where('status', '=', 'paid')
    .where('id', '!=', payment.id)
    .executeTakeFirst();
  const waiting = covered.filter((a) => awaitsPayment(a.state));
  const paymentRef = session.paymentRef ?? session.sessionId;
  await tx
    .updateTable('payment')
    .set({ status: 'paid', paid_at: now, provider_payment_id: paymentRef })
    .where('id', '=', payment.id)
    .execute();
  if (otherPaid || waiting.length === 0) {
    // Paid twice, or paid after the application stopped waiting: the refund is recorded now and
    // asked of the provider after the commit (refunds.ts), with the payment's id as its key; if
    // the provider does not make it then, the refund-retries job tries again.
    await tx
      .insertInto('refund')
      .values({
        id: crypto.randomUUID(),
        payment_id: payment.id,
        provider_refund_id: null,
        amount_minor: payment.amount_minor,
        currency: payment.currency,
        reason: otherPaid ? 'duplicate' : 'notAwaitingPayment',
        requested_by: 'system',
        created_at: now,
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
    return {
      outcome: 'repeated-payment-refunded',
      moved: false,
      counted: otherPaid ? 'duplicate_refunded' : 'late_refunded',
      refundPaymentId: payment.id,
    };
  }
  for (const application of waiting) {
    const moved = await moveApplication(tx, deps.decisions, {
      applicationId: application.id,
      event: 'paymentReceived',
      actor: 'system',
    });
    if (!moved.ok) throw new Error(`payment could not move ${application.id}: ${moved.refusal}`);
  }
  await queueReceipt(tx, deps, covered, payment, paymentRef, now);
  return { outcome: 'applied', moved: true, counted: 'paid', paidMinor: payment.amount_minor };
};

const queueReceipt = async (
  tx: Kysely<Schema>,
  deps: PaymentDeps,
  covered: Covered,
  payment: Payment,
  providerRef: string,
  now: Date,
) => {
  const [first] = covered;
  if (!first) return;
  const language = languageOf(first.language);
  await enqueueMail(tx, {
    kind: 'payment:receipt',
    to: first.email,
    content: receiptMail(
      {
        firstName: first.first_name,
        lastName: first.last_name,
        amount: payment.amount_minor / 100,
        paidOn: todayIn(now, deps.decisions.timeZone),
        providerRef,
        numbers: covered.map((a) => a.req_num),
      },
      language,
    ),
    now,
  });
};

/** Handles one verified provider event, once; answers what became of it. */
export const applyProviderEvent = async (
  deps: PaymentDeps,
  event: ProviderEvent,
): Promise<EventOutcome> => {
  const provider = deps.provider.name;
  const session = event.session;
  const result = await withTransaction(deps.db, async (tx): Promise<Applied> => {
    const now = deps.clock();
    // A concurrent delivery of the same event waits on this key until the first one commits.
    const recorded = await tx
      .insertInto('payment_event')
      .values({
        provider,
        id: event.id,
        type: event.type,
        received_at: now,
        session_id: session?.sessionId ?? null,
        payment_id: null,
        outcome: 'ignored',
      })
      .onConflict((oc) => oc.columns(['provider', 'id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!recorded) return { outcome: 'repeated', moved: false };
    const payment = session
      ? await tx
          .selectFrom('payment')
          .selectAll()
          .where('provider', '=', provider)
          .where('provider_session_id', '=', session.sessionId)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    let applied: Applied;
    if (!session) applied = { outcome: 'ignored', moved: false };
    else if (!payment) applied = { outcome: 'unknown-session', moved: false };
    else if (session.status === 'paid') applied = await applyPaid(tx, deps, payment, session, now);
    else if (session.status === 'expired' && payment.status === 'open') {
      await tx
        .updateTable('payment')
        .set({ status: 'expired' })
        .where('id', '=', payment.id)
        .execute();
      applied = { outcome: 'applied', moved: false, counted: 'expired' };
    } else applied = { outcome: 'ignored', moved: false };
    await tx
      .updateTable('payment_event')
      .set({ outcome: applied.outcome, payment_id: payment?.id ?? null })
      .where('provider', '=', provider)
      .where('id', '=', event.id)
      .execute();
    return applied;
  });
  if (result.counted) deps.metrics.payments.inc({ outcome: result.counted });
  if (result.paidMinor) deps.metrics.paymentAmounts.inc({ kind: 'paid' }, result.paidMinor);
  if (result.outcome === 'unknown-session') {
    deps.metrics.payments.inc({ outcome: 'unknown' });
    deps.log.error(
      { provider, eventId: event.id, type: event.type, sessionId: session?.sessionId },
      'payment event names no payment of ours: recorded, not applied',
    );
  }
  if (result.refundPaymentId) await attemptRefund(deps, { paymentId: result.refundPaymentId });
  return result.outcome;
};
