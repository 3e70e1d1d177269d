// A supervisor gives the fee back from the case (issue 27 item 5). In one transaction: the
// application's paid payment locked, the refund recorded (who asked, why) and the audit row
// chained; then the provider is asked through the one refund attempt (payments/refunds.ts),
// whose idempotency key is the payment's id, so a retry, a double click or an automatic refund
// of the same payment refunds it once; the attempt marks it refunded and e-mails the traveller.
// A refund the provider does not make at once is tried again by the refund-retries job.
import { randomUUID } from 'node:crypto';
import type { PaymentDeps } from '../../payments/apply-event.ts';
import { attemptRefund } from '../../payments/refunds.ts';
import { type Acting, auditActing } from '../audit/acting.ts';

export type RefundProblem =
  | 'notFound'
  /** No payment of this application's fee was taken (waived, unpaid, or expired). */
  | 'nothingPaid'
  /** Its payment was refunded already. */
  | 'alreadyRefunded'
  /** Recorded, but the provider has not confirmed it: asking again is safe. */
  | 'refundPending';

export type RefundOutcome = { ok: true; paymentId: string } | { ok: false; problem: RefundProblem };

export const refundFee = async (
  deps: PaymentDeps,
  applicationId: string,
  acting: Acting,
  reason: string,
): Promise<RefundOutcome> => {
  const recorded = await deps.db.transaction().execute(async (tx): Promise<RefundOutcome> => {
    const app = await tx
      .selectFrom('application')
      .select('fee_reference')
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!app) return { ok: false, problem: 'notFound' };
    if (app.fee_reference === null) return { ok: false, problem: 'nothingPaid' };
    const payments = await tx
      .selectFrom('payment')
      .select(['id', 'status', 'amount_minor', 'currency'])
      .where('reference', '=', app.fee_reference)
      .where('paid_at', 'is not', null)
      .orderBy('paid_at')
      .forUpdate()
      .execute();
    const payment = payments.find((p) => p.status === 'paid');
    if (!payment) {
      const refunded = payments.some((p) => p.status === 'refunded');
      return { ok: false, problem: refunded ? 'alreadyRefunded' : 'nothingPaid' };
    }
    const earlier = await tx
      .selectFrom('refund')
      .select('provider_refund_id')
      .where('payment_id', '=', payment.id)
      .executeTakeFirst();
    if (earlier?.provider_refund_id) return { ok: false, problem: 'alreadyRefunded' };
    // A refund recorded earlier and not yet confirmed is asked again below, not recorded twice.
    if (!earlier) {
      const now = deps.clock();
      await tx
        .insertInto('refund')
        .values({
          id: randomUUID(),
          payment_id: payment.id,
          provider_refund_id: null,
          amount_minor: payment.amount_minor,
          currency: payment.currency,
          reason,
          requested_by: acting.staff.id,
          created_at: now,
        })
        .execute();
      await auditActing(tx, acting, now, 'refundFee', applicationId, {
        paymentId: payment.id,
        reference: app.fee_reference,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        reason,
      });
    }
    return { ok: true, paymentId: payment.id };
  });
  if (!recorded.ok) return recorded;
  await attemptRefund(deps, { paymentId: recorded.paymentId });
  const refund = await deps.db
    .selectFrom('refund')
    .select('provider_refund_id')
    .where('payment_id', '=', recorded.paymentId)
    .executeTakeFirstOrThrow();
  return refund.provider_refund_id ? recorded : { ok: false, problem: 'refundPending' };
};
