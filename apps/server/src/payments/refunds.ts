// Refunds recorded but not yet confirmed by the provider (refund.provider_refund_id is null): each
// is asked of the provider with the payment's id as its idempotency key, outside any database
// transaction, then completed — the payment `refunded`, the traveller e-mailed. A crash between the
// provider's answer and the commit leaves the row pending, and the next settlement asks again with
// the same key: the provider refunds once and answers the same refund.
import { todayIn } from '@eta-il/domain';
import { languageOf } from '../decisions/move-application.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { refundMail } from '../mail/templates.ts';
import type { PaymentDeps } from './apply-event.ts';

const pendingRefunds = (deps: PaymentDeps) =>
  deps.db
    .selectFrom('refund as r')
    .innerJoin('payment as p', 'p.id', 'r.payment_id')
    .select([
      'r.id as refundId',
      'r.amount_minor as amountMinor',
      'p.id as paymentId',
      'p.reference',
      'p.provider_payment_id as paymentRef',
      'p.paid_at as paidAt',
    ])
    .where('r.provider_refund_id', 'is', null)
    .where('p.provider', '=', deps.provider.name)
    .orderBy('r.created_at')
    .limit(100)
    .execute();

type Pending = Awaited<ReturnType<typeof pendingRefunds>>[number];

const completeRefund = async (deps: PaymentDeps, pending: Pending, providerRefundId: string) =>
  deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const done = await tx
      .updateTable('refund')
      .set({ provider_refund_id: providerRefundId })
      .where('id', '=', pending.refundId)
      .where('provider_refund_id', 'is', null)
      .returning('id')
      .executeTakeFirst();
    // Another instance completed it first: its e-mail went, nothing more to do.
    if (!done) return false;
    await tx
      .updateTable('payment')
      .set({ status: 'refunded' })
      .where('id', '=', pending.paymentId)
      .execute();
    const covered = await tx
      .selectFrom('application')
      .select(['req_num', 'email', 'language', 'first_name', 'last_name'])
      .where('fee_reference', '=', pending.reference)
      .orderBy('created_at')
      .orderBy('req_num')
      .execute();
    const [first] = covered;
    if (first) {
      await enqueueMail(tx, {
        kind: 'payment:refund',
        to: first.email,
        content: refundMail(
          {
            firstName: first.first_name,
            lastName: first.last_name,
            amount: pending.amountMinor / 100,
            paidOn: todayIn(pending.paidAt ?? now, deps.decisions.timeZone),
            providerRef: pending.paymentRef ?? '',
            numbers: covered.map((a) => a.req_num),
          },
          languageOf(first.language),
        ),
        now,
      });
    }
    return true;
  });

/** Asks the provider for every pending refund and completes those it confirms. */
export const settlePendingRefunds = async (deps: PaymentDeps): Promise<void> => {
  let mailed = false;
  for (const pending of await pendingRefunds(deps)) {
    if (!pending.paymentRef) continue;
    try {
      const { refundId } = await deps.provider.refund({
        paymentRef: pending.paymentRef,
        idempotencyKey: pending.paymentId,
      });
      if (await completeRefund(deps, pending, refundId)) {
        mailed = true;
        deps.metrics.paymentAmounts.inc({ kind: 'refunded' }, pending.amountMinor);
      }
    } catch (error) {
      // Left pending: the next event handled, or the next settlement, asks again with the same key.
      deps.log.error({ err: error, paymentId: pending.paymentId }, 'refund not confirmed yet');
    }
  }
  if (mailed) deps.decisions.onMailQueued?.();
};
