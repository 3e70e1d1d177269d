// One interface for every payment provider (issue 27, decision 049): the dev page at /dev/pay and
// Stripe through its official SDK implement it; nothing outside apps/server/src/payments knows which
// one runs. The provider's word is the only proof of payment: never the browser's redirect.

/** A hosted payment page opened for one fee reference. */
export interface OpenedSession {
  /** The provider's id of the session (Stripe: cs_…; dev: our own). */
  sessionId: string;
  /** The hosted page the traveller pays on. */
  url: string;
}

export interface OpenSession {
  /** Our payment row's id: the idempotency key of the provider call and the return page's key. */
  paymentId: string;
  /** The application or group number the fee covers (client_reference_id, metadata). */
  reference: string;
  amountMinor: number;
  /** ISO 4217, upper case (ILS). */
  currency: string;
  /** Where the provider sends the browser after paying, and after a cancel (on PUBLIC_URL). */
  successUrl: string;
  cancelUrl: string;
  /** The traveller's address, for the provider's own receipt page. */
  email: string;
  /** The application's language (its e-mails'), for the provider's page where it has it. */
  language: string;
}

/** What the provider says of a session, read from its API (on return) or from a verified event. */
export interface SessionState {
  sessionId: string;
  /** paid: money taken; open: not yet; expired: closed unpaid. */
  status: 'paid' | 'open' | 'expired';
  /** The provider's reference of the payment itself (Stripe: the PaymentIntent pi_…). */
  paymentRef?: string;
  /** The reference we gave when opening it (client_reference_id); absent if not ours. */
  reference?: string;
  amountMinor?: number;
  currency?: string;
}

/** A verified provider event, reduced to what the service acts on. */
export interface ProviderEvent {
  /** The provider's event id: stored once, a repeat changes nothing. */
  id: string;
  type: string;
  /** The session it concerns, when it concerns one we might know. */
  session?: SessionState;
}

export type EventVerification =
  | { ok: true; event: ProviderEvent }
  /** The signature is wrong or missing, or the event is older than the tolerance. */
  | { ok: false; problem: 'badSignature' | 'tooOld' | 'malformed' };

/** The provider did not answer (network, 5xx): nothing was lost, the application waits. */
export class ProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super('The payment provider did not answer.', { cause });
  }
}

export interface PaymentProvider {
  readonly name: 'dev' | 'stripe';
  /** Opens a hosted session; the same paymentId twice opens it once (idempotency). */
  openSession: (request: OpenSession) => Promise<OpenedSession>;
  /** Reads a session's state from the provider. */
  retrieveSession: (sessionId: string) => Promise<SessionState>;
  /**
   * Gives back a payment in full; the same key twice refunds once, and a payment refunded in full
   * already (by hand, or under a key the provider has forgotten) answers that refund. Answers the
   * refund's id.
   */
  refund: (request: {
    paymentRef: string;
    idempotencyKey: string;
  }) => Promise<{ refundId: string }>;
  /** Checks a webhook's raw body and signature header; answers the event or why not. */
  verifyEvent: (rawBody: Buffer, signature: string | undefined) => EventVerification;
}

/** Events older than this are refused (replays): 5 minutes. */
export const EVENT_TOLERANCE_SECONDS = 300;
