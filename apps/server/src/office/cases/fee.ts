// The fee as the case view shows it (issue 27 item 5): the number it is paid under, the
// applications it covers (a family pays once), and each payment taken with its refund, if any
// (automatic for a second payment, or a supervisor's with the reason).
import type { CaseFee, CaseFeePayment } from '@eta-il/domain';
import type { OfficeDb } from '../../audit/tables.ts';

/** The payment a supervisor's refund applies to: the one still paid, if any. */
export const refundablePayment = (fee: CaseFee): CaseFeePayment | null =>
  fee.payments.find((p) => p.status === 'paid' && p.refund === null) ?? null;

export const readCaseFee = async (db: OfficeDb, applicationId: string): Promise<CaseFee> => {
  const app = await db
    .selectFrom('application')
    .select('fee_reference')
    .where('id', '=', applicationId)
    .executeTakeFirst();
  const reference = app?.fee_reference ?? null;
  if (reference === null) return { reference, covers: [], payments: [] };
  const [covers, payments] = await Promise.all([
    db
      .selectFrom('application')
      .select('req_num')
      .where('fee_reference', '=', reference)
      .orderBy('created_at')
      .orderBy('req_num')
      .execute(),
    db
      .selectFrom('payment as p')
      .leftJoin('refund as r', 'r.payment_id', 'p.id')
      .leftJoin('staff as s', (join) =>
        join.on((eb) => eb(eb.cast('s.id', 'text'), '=', eb.ref('r.requested_by'))),
      )
      .select([
        'p.id',
        'p.status',
        'p.amount_minor',
        'p.currency',
        'p.paid_at',
        'p.provider_payment_id',
        'r.created_at as refundedAt',
        'r.reason',
        'r.provider_refund_id',
        's.email as refundedBy',
      ])
      .where('p.reference', '=', reference)
      .where('p.paid_at', 'is not', null)
      .orderBy('p.paid_at')
      .execute(),
  ]);
  return {
    reference,
    covers: covers.map((c) => c.req_num),
    payments: payments.map(
      (p): CaseFeePayment => ({
        id: p.id,
        status: p.status === 'refunded' ? 'refunded' : 'paid',
        amount: p.amount_minor / 100,
        currency: p.currency,
        paidAt: (p.paid_at as Date).toISOString(),
        providerRef: p.provider_payment_id,
        refund: p.refundedAt
          ? {
              at: p.refundedAt.toISOString(),
              reason: p.reason ?? '',
              byEmail: p.refundedBy ?? null,
              pending: p.provider_refund_id === null,
            }
          : null,
      }),
    ),
  };
};
