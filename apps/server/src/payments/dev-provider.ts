// The development provider (PAYMENT_PROVIDER=dev, refused in production by config.ts): a hosted
// page of our own at /dev/pay/<sessionId> (./dev-pay-routes.ts) stands in for the provider's card
// page, so a newcomer pays without an account anywhere. It keeps its sessions and refunds in its
// own tables, as a provider keeps them on its side, and is reached only through PaymentProvider.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { OpenedSession, OpenSession, PaymentProvider, SessionState } from './provider.ts';

const devId = (prefix: string) => `${prefix}_dev_${randomBytes(12).toString('hex')}`;

/** The path of a dev session's page on the public port. */
const devPayPath = (sessionId: string) => `/dev/pay/${encodeURIComponent(sessionId)}`;

export interface DevProviderDeps {
  db: Db;
  clock: Clock;
  /** Where travellers reach the service: the dev page is served there. */
  publicUrl: string;
}

interface DevSession {
  id: string;
  paymentId: string;
  reference: string;
  amountMinor: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  status: SessionState['status'];
  paymentRef: string | null;
}

export interface DevPaymentProvider extends PaymentProvider {
  readonly name: 'dev';
  /** The session a /dev/pay page shows, if there is one. */
  session: (sessionId: string) => Promise<DevSession | undefined>;
  /** The traveller pressed Pay: the session is paid once; answers its state, or undefined if it was not open. */
  pay: (sessionId: string) => Promise<SessionState | undefined>;
}

const stateOf = (row: DevSession): SessionState => ({
  sessionId: row.id,
  status: row.status,
  reference: row.reference,
  amountMinor: row.amountMinor,
  currency: row.currency,
  ...(row.paymentRef ? { paymentRef: row.paymentRef } : {}),
});

export const createDevProvider = ({
  db,
  clock,
  publicUrl,
}: DevProviderDeps): DevPaymentProvider => {
  const session = async (sessionId: string): Promise<DevSession | undefined> => {
    const row = await db
      .selectFrom('dev_payment_session')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return row
      ? {
          id: row.id,
          paymentId: row.payment_id,
          reference: row.reference,
          amountMinor: row.amount_minor,
          currency: row.currency,
          successUrl: row.success_url,
          cancelUrl: row.cancel_url,
          status: row.status,
          paymentRef: row.payment_ref,
        }
      : undefined;
  };

  const openSession = async (request: OpenSession): Promise<OpenedSession> => {
    // The payment's id is the idempotency key: the same payment opens one session.
    await db
      .insertInto('dev_payment_session')
      .values({
        id: devId('cs'),
        payment_id: request.paymentId,
        reference: request.reference,
        amount_minor: request.amountMinor,
        currency: request.currency,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        status: 'open',
        created_at: clock(),
      })
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
    const row = await db
      .selectFrom('dev_payment_session')
      .select('id')
      .where('payment_id', '=', request.paymentId)
      .executeTakeFirstOrThrow();
    return { sessionId: row.id, url: `${publicUrl}${devPayPath(row.id)}` };
  };

  return {
    name: 'dev',
    session,
    openSession,
    retrieveSession: async (sessionId) => {
      const found = await session(sessionId);
      if (!found) throw new Error(`The dev provider has no session ${sessionId}.`);
      return stateOf(found);
    },
    pay: async (sessionId) => {
      const paid = await db
        .updateTable('dev_payment_session')
        .set({ status: 'paid', payment_ref: devId('pi') })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .returning('id')
        .executeTakeFirst();
      const found = paid ? await session(paid.id) : undefined;
      return found ? stateOf(found) : undefined;
    },
    refund: async ({ paymentRef, idempotencyKey }) => {
      await db
        .insertInto('dev_payment_refund')
        .values({
          idempotency_key: idempotencyKey,
          id: devId('re'),
          payment_ref: paymentRef,
          created_at: clock(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('dev_payment_refund')
        .select('id')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow();
      return { refundId: row.id };
    },
    // The dev page confirms in-process (./dev-pay-routes.ts): it has no webhook to verify.
    verifyEvent: () => ({ ok: false, problem: 'badSignature' }),
  };
};
