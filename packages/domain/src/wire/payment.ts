// The fee's request and answer shapes (issue 27), declared once for the server and the web app.
// POST /api/payment's request is the status look-up's StatusIdentitySchema (./status.ts).
import type { FEE_CURRENCY_CODE } from '../fee.ts';
import type { StatusIdentity } from './status.ts';

/** The status look-up's proof: any traveller's number of a family pays for the family. */
export type PaymentRequest = StatusIdentity;

/** POST /api/payment: the provider's hosted page to send the browser to, and what it charges. */
export interface PaymentStart {
  url: string;
  /** In shekels, as the texts quote it (75 for a family of three). */
  amount: number;
  currency: typeof FEE_CURRENCY_CODE;
}

export type PaymentStatus = 'open' | 'paid' | 'expired' | 'refunded';

/**
 * GET /api/payment/:paymentId — what the return and cancel pages show, read from the server
 * (which asks the provider when it has not heard yet), never from the URL's own words.
 */
export interface PaymentResult {
  status: PaymentStatus;
  amount: number;
  currency: typeof FEE_CURRENCY_CODE;
  /** ISO time, once paid. */
  paidAt?: string;
  /** While open: the hosted page again, to pay after a cancel. */
  url?: string;
}

/** What POST /api/status adds while the fee is due, and once it is paid. */
export interface StatusPayment {
  amount: number;
  currency: typeof FEE_CURRENCY_CODE;
  /** ISO time; absent while the fee is due. */
  paidAt?: string;
}
