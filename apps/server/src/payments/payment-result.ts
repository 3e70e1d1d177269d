// GET /api/payment/:paymentId's work: what became of a payment, for the return and cancel pages.
// While our row is still open the provider is asked (the session retrieved on return), and a paid
// or expired answer goes through the one confirmation path, as the webhook's event would.
import { FEE_CURRENCY_CODE, type PaymentResult } from '@eta-il/domain';
import { applyProviderEvent, type PaymentDeps } from './apply-event.ts';

const paymentRow = (deps: PaymentDeps, paymentId: string) =>
  deps.db.selectFrom('payment').selectAll().where('id', '=', paymentId).executeTakeFirst();

export const paymentResult = async (
  deps: PaymentDeps,
  paymentId: string,
): Promise<PaymentResult | undefined> => {
  let row = await paymentRow(deps, paymentId);
  if (!row) return undefined;
  if (row.status === 'open' && row.provider_session_id) {
    try {
      const session = await deps.provider.retrieveSession(row.provider_session_id);
      if (session.status !== 'open') {
        // One event per session and outcome: a second read back is a repeat and changes nothing.
        await applyProviderEvent(deps, {
          id: `retrieved:${session.sessionId}:${session.status}`,
          type: 'session.retrieved',
          session,
        });
        row = (await paymentRow(deps, paymentId)) ?? row;
      }
    } catch (error) {
      // The provider's webhook will tell; the page shows what we know now.
      deps.log.warn({ err: error, paymentId }, 'payment session not read back');
    }
  }
  return {
    status: row.status,
    amount: row.amount_minor / 100,
    currency: FEE_CURRENCY_CODE,
    ...(row.paid_at ? { paidAt: row.paid_at.toISOString() } : {}),
    ...(row.status === 'open' && row.url ? { url: row.url } : {}),
  };
};
