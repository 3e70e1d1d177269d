// POST /api/payment's work: the provider's hosted page for the fee of an application's reference
// (its group number for a family, else its own number). One open payment per reference (a partial
// unique index): a second request, or a concurrent one, reuses it and its session; the provider
// call carries our payment's id as its idempotency key, so a retry after a failure opens nothing new.

import type { PaymentStart } from '@eta-il/domain';
import { awaitsPayment, FEE_CURRENCY_CODE, feeFor, ROUTES } from '@eta-il/domain';
import type { PaymentDeps } from './apply-event.ts';
import { ProviderUnavailable } from './provider.ts';

export type StartOutcome =
  | { kind: 'started'; start: PaymentStart }
  /** Nothing to pay: paid already (`paid`), or no application of the reference waits. */
  | { kind: 'notDue'; paid: boolean }
  /** The provider did not answer: nothing lost, the application still waits. */
  | { kind: 'unavailable' };

const paymentReturnUrl = (publicUrl: string, paymentId: string) =>
  `${publicUrl}${ROUTES.paymentReturn}?payment=${encodeURIComponent(paymentId)}`;
const paymentCancelledUrl = (publicUrl: string, paymentId: string) =>
  `${publicUrl}${ROUTES.paymentCancelled}?payment=${encodeURIComponent(paymentId)}`;

const openPaymentOf = (deps: PaymentDeps, reference: string) =>
  deps.db
    .selectFrom('payment')
    .selectAll()
    .where('reference', '=', reference)
    .where('status', '=', 'open')
    .executeTakeFirst();

export const startPayment = async (
  deps: PaymentDeps,
  applicationId: string,
): Promise<StartOutcome> => {
  const application = await deps.db
    .selectFrom('application')
    .select(['fee_reference', 'email', 'language'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const reference = application.fee_reference;
  if (!reference) return { kind: 'notDue', paid: false };
  const covered = await deps.db
    .selectFrom('application')
    .select('state')
    .where('fee_reference', '=', reference)
    .execute();
  const waiting = covered.filter((a) => awaitsPayment(a.state));
  if (waiting.length === 0) {
    const paid = await deps.db
      .selectFrom('payment')
      .select('id')
      .where('reference', '=', reference)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    return { kind: 'notDue', paid: paid !== undefined };
  }

  let payment = await openPaymentOf(deps, reference);
  if (!payment) {
    const fee = feeFor(waiting.length);
    // A concurrent request may insert first: the partial unique index keeps one open, and this
    // insert then does nothing and the other's row is read back.
    await deps.db
      .insertInto('payment')
      .values({
        id: crypto.randomUUID(),
        reference,
        provider: deps.provider.name,
        amount_minor: fee.amountMinor,
        currency: FEE_CURRENCY_CODE,
        status: 'open',
        created_at: deps.clock(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    payment = await openPaymentOf(deps, reference);
    if (!payment) throw new Error(`no open payment for ${reference} after opening one`);
  }
  const answer = (url: string): StartOutcome => ({
    kind: 'started',
    start: { url, amount: payment.amount_minor / 100, currency: FEE_CURRENCY_CODE },
  });
  if (payment.url && payment.provider_session_id) return answer(payment.url);

  const publicUrl = deps.decisions.publicUrl;
  try {
    const opened = await deps.provider.openSession({
      paymentId: payment.id,
      reference,
      amountMinor: payment.amount_minor,
      currency: payment.currency,
      successUrl: paymentReturnUrl(publicUrl, payment.id),
      cancelUrl: paymentCancelledUrl(publicUrl, payment.id),
      email: application.email,
      language: application.language,
    });
    await deps.db
      .updateTable('payment')
      .set({ provider_session_id: opened.sessionId, url: opened.url })
      .where('id', '=', payment.id)
      .where('provider_session_id', 'is', null)
      .execute();
    return answer(opened.url);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    deps.log.warn({ err: error, paymentId: payment.id }, 'payment provider unavailable');
    return { kind: 'unavailable' };
  }
};
