// Refunds recorded but not yet made by the provider (refund.provider_refund_id is null). Each
// attempt claims the refund first (claimed_until: no other attempt starts meanwhile, on this
// instance or another), is recorded in refund_attempt, and asks the provider outside any database
// transaction with the payment's id as its idempotency key. A refund made is completed at once —
// the payment `refunded`, the traveller e-mailed; a failure schedules the next attempt with
// backoff (REFUND_RETRY), and after the last one the refund is given up and alerted on.
//
// The key never changes, so an attempt whose answer was lost (a cut connection, a crash between
// the provider's answer and our commit) is asked again safely: the provider answers the refund it
// made, and refunds once. The first attempt is made as soon as the refund is recorded (the webhook,
// the supervisor's button); the refund-retries job (jobs/retry-refunds.ts) makes the others.
import { todayIn } from '@eta-il/domain';
import { withTransaction } from '../db/transaction.ts';
import { languageOf } from '../decisions/move-application.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { refundMail } from '../mail/templates.ts';
import type { PaymentDeps } from './apply-event.ts';
import { ProviderUnavailable } from './provider.ts';

const MINUTE_MS = 60_000;

/**
 * How often a refund is tried: the delay doubles from a minute up to 8 hours, and the 12th attempt
 * comes about 24½ hours after the first — past the 24 hours Stripe keeps an idempotency key's
 * answer, so an error Stripe kept for the key has expired before the refund is given up.
 */
export const REFUND_RETRY = {
  /** Attempts in all, the first included. */
  attempts: 12,
  firstDelayMs: MINUTE_MS,
  maxDelayMs: 8 * 60 * MINUTE_MS,
  /** How long an attempt holds its claim: well past the provider call's own timeout. */
  claimMs: 5 * MINUTE_MS,
};

/** The wait after `failed` attempts have failed (1, 2, …). */
const refundRetryDelayMs = (failed: number) =>
  Math.min(REFUND_RETRY.firstDelayMs * 2 ** Math.max(0, failed - 1), REFUND_RETRY.maxDelayMs);

/** Which refunds an attempt may take: one by its payment (asked now), or any the job finds due. */
export type RefundClaim = { paymentId: string } | { refundId: string; due: true };

/** Claims the refund for one attempt and records the attempt; undefined if it is not to be tried. */
const claim = (deps: PaymentDeps, which: RefundClaim) =>
  deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    let query = tx
      .updateTable('refund')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        claimed_until: new Date(now.getTime() + REFUND_RETRY.claimMs),
      }))
      .where('provider_refund_id', 'is', null)
      // A concurrent claim of the same row waits here, then finds it claimed (or made).
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]));
    query =
      'paymentId' in which
        ? query.where('payment_id', '=', which.paymentId)
        : query
            .where('id', '=', which.refundId)
            .where('given_up_at', 'is', null)
            .where((eb) =>
              eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
            );
    const claimed = await query
      .returning(['id', 'payment_id', 'attempts', 'amount_minor', 'requested_by', 'given_up_at'])
      .executeTakeFirst();
    if (!claimed) return undefined;
    const payment = await tx
      .selectFrom('payment')
      .select(['reference', 'provider', 'provider_payment_id', 'paid_at'])
      .where('id', '=', claimed.payment_id)
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('refund_attempt')
      .values({ refund_id: claimed.id, attempt: claimed.attempts, started_at: now })
      .execute();
    return { ...claimed, ...payment };
  });

type Claimed = NonNullable<Awaited<ReturnType<typeof claim>>>;

/** The refund made: recorded with the provider's id, the payment refunded, the traveller e-mailed. */
const complete = (deps: PaymentDeps, refund: Claimed, providerRefundId: string) =>
  withTransaction(deps.db, async (tx) => {
    const now = deps.clock();
    await tx
      .updateTable('refund_attempt')
      .set({ outcome: 'refunded', finished_at: now })
      .where('refund_id', '=', refund.id)
      .where('attempt', '=', refund.attempts)
      .execute();
    const done = await tx
      .updateTable('refund')
      .set({
        provider_refund_id: providerRefundId,
        refunded_at: now,
        claimed_until: null,
        next_attempt_at: null,
        // A refund given up and then made (a supervisor asked again) is no longer given up.
        given_up_at: null,
      })
      .where('id', '=', refund.id)
      .where('provider_refund_id', 'is', null)
      .returning('id')
      .executeTakeFirst();
    // Completed already (an attempt whose claim had lapsed): its e-mail went, nothing more to do.
    if (!done) return false;
    await tx
      .updateTable('payment')
      .set({ status: 'refunded' })
      .where('id', '=', refund.payment_id)
      .execute();
    const covered = await tx
      .selectFrom('application')
      .select(['req_num', 'email', 'language', 'first_name', 'last_name'])
      .where('fee_reference', '=', refund.reference)
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
            amount: refund.amount_minor / 100,
            paidOn: todayIn(refund.paid_at ?? now, deps.decisions.timeZone),
            providerRef: refund.provider_payment_id ?? '',
            numbers: covered.map((a) => a.req_num),
            // A supervisor's refund from the case; 'system' refunds a second payment itself.
            byOffice: refund.requested_by !== 'system',
          },
          languageOf(first.language),
        ),
        now,
      });
    }
    return true;
  });

/** What a failed attempt is recorded as: its kind and codes, never the message (it may quote). */
const failureOf = (error: unknown) => {
  const outcome = error instanceof ProviderUnavailable ? 'unavailable' : 'refused';
  const cause = error instanceof ProviderUnavailable ? error.cause : error;
  const field = (name: string) => {
    const value = (cause as Record<string, unknown> | null | undefined)?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  const detail = [
    cause instanceof Error ? cause.name : typeof cause,
    field('statusCode'),
    field('code'),
  ]
    .filter(Boolean)
    .join(' ')
    .slice(0, 200);
  return { outcome, detail } as const;
};

/** The attempt failed: recorded, and the next one scheduled, or the refund given up. */
const fail = async (deps: PaymentDeps, refund: Claimed, error: unknown) => {
  const { outcome, detail } = failureOf(error);
  const last = refund.attempts >= REFUND_RETRY.attempts;
  // Given up now, by this attempt (one given up before stays so, alerted once).
  const givenUp = last && refund.given_up_at === null;
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await tx
      .updateTable('refund_attempt')
      .set({ outcome, detail, finished_at: now })
      .where('refund_id', '=', refund.id)
      .where('attempt', '=', refund.attempts)
      .execute();
    await tx
      .updateTable('refund')
      .set({
        claimed_until: null,
        next_attempt_at: new Date(now.getTime() + refundRetryDelayMs(refund.attempts)),
        ...(givenUp ? { given_up_at: now } : {}),
      })
      .where('id', '=', refund.id)
      .execute();
  });
  deps.metrics.refundAttempts.inc({ outcome });
  const details = {
    refundId: refund.id,
    paymentId: refund.payment_id,
    reference: refund.reference,
    attempts: refund.attempts,
    outcome,
    detail,
  };
  if (givenUp) {
    deps.metrics.refundsGivenUp.inc();
    deps.log.error(details, 'refund given up after its last attempt');
  } else {
    deps.log.warn(details, 'refund not made yet; it will be tried again');
  }
};

/**
 * One attempt at a refund: claimed, asked of the provider, and completed or scheduled again.
 * Answers whether this attempt made it; false also when there was nothing to attempt.
 */
export const attemptRefund = async (deps: PaymentDeps, which: RefundClaim): Promise<boolean> => {
  const refund = await claim(deps, which);
  if (!refund) return false;
  let providerRefundId: string;
  try {
    if (refund.provider !== deps.provider.name || !refund.provider_payment_id) {
      throw new Error(`payment ${refund.payment_id} cannot be refunded by ${deps.provider.name}`);
    }
    ({ refundId: providerRefundId } = await deps.provider.refund({
      paymentRef: refund.provider_payment_id,
      idempotencyKey: refund.payment_id,
    }));
  } catch (error) {
    await fail(deps, refund, error);
    return false;
  }
  const made = await complete(deps, refund, providerRefundId);
  deps.metrics.refundAttempts.inc({ outcome: 'refunded' });
  if (made) deps.metrics.paymentAmounts.inc({ kind: 'refunded' }, refund.amount_minor);
  return made;
};
