// Job handler: refunds the provider did not make when they were recorded (it was down, or its
// answer was lost) are tried again (issue 27, docs/operations.md). Each refund whose next attempt
// is due gets one attempt through payments/refunds.ts: claimed first, so two runs at once (or two
// instances) ask the provider once; asked under the refund's one Idempotency-Key, so a retry after
// a lost answer refunds nothing more; recorded with its outcome; completed (payment refunded,
// traveller e-mailed) or scheduled again with backoff, and given up and alerted on after
// REFUND_RETRY.attempts. Bounded: BATCH refunds per run, the rest wait for the next minute's run.
import type { DecisionDeps } from '../decisions/move-application.ts';
import type { PaymentDeps } from '../payments/apply-event.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { attemptRefund } from '../payments/refunds.ts';

const BATCH = 50;

/** What the service hands the job: the provider refunds go through, and the mail's settings. */
export interface RefundRetryWork {
  provider: PaymentProvider;
  decisions: DecisionDeps;
}

/** One run: an attempt at every refund due; answers how many were due and how many were made. */
export const retryRefunds = async (deps: PaymentDeps) => {
  const now = deps.clock();
  const due = await deps.db
    .selectFrom('refund as r')
    .innerJoin('payment as p', 'p.id', 'r.payment_id')
    .select('r.id')
    .where('r.provider_refund_id', 'is', null)
    .where('r.given_up_at', 'is', null)
    .where('p.provider', '=', deps.provider.name)
    .where((eb) => eb.or([eb('r.next_attempt_at', 'is', null), eb('r.next_attempt_at', '<=', now)]))
    .where((eb) => eb.or([eb('r.claimed_until', 'is', null), eb('r.claimed_until', '<=', now)]))
    .orderBy('r.created_at')
    .limit(BATCH)
    .execute();
  let refunded = 0;
  for (const { id } of due) {
    try {
      if (await attemptRefund(deps, { refundId: id, due: true })) refunded += 1;
    } catch (error) {
      // The database failed around the attempt: its claim lapses, and a later run takes it up.
      deps.log.error({ err: error, refundId: id }, 'refund attempt not recorded');
    }
  }
  return { due: due.length, refunded };
};
