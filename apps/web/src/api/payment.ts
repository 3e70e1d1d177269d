// The fee's calls (issue 27): POST /api/payment opens (or reopens) the provider's hosted page for
// an application, proven as the status look-up proves it; GET /api/payment/:id reads what the
// provider said, the only word the return and cancel pages trust. The proof of the application
// just sent is kept in the session so that the payment pages can ask again after a cancel.
import type { PaymentRequest, PaymentResult, PaymentStart } from '@eta-il/domain';
import { readJson, writeJson } from '../session/storage.ts';
import { NetworkError, request } from './client.ts';

/**
 * Why no payment page: paid already (409 alreadyPaid), nothing to pay any more (409, e.g. closed
 * unpaid or withdrawn), no such application (404), provider or network down.
 */
export type PaymentRefusal = 'paid' | 'notDue' | 'notFound' | 'unavailable';

type PaymentOpening = { ok: true; start: PaymentStart } | { ok: false; why: PaymentRefusal };

const refusalOf = (status: number, code: string | undefined): PaymentRefusal => {
  if (status === 409) return code === 'alreadyPaid' ? 'paid' : 'notDue';
  return status === 404 ? 'notFound' : 'unavailable';
};

const startPayment = async ({
  applicationNumber,
  passportNumber,
  birthDate,
}: PaymentRequest): Promise<PaymentOpening> => {
  // The three fields of the proof, nothing else this browser keeps beside them.
  const body: PaymentRequest = { applicationNumber, passportNumber, birthDate };
  try {
    const answer = await request<PaymentStart | null>('POST', '/api/payment', { body });
    if (answer.ok && typeof answer.body?.url === 'string') return { ok: true, start: answer.body };
    return {
      ok: false,
      why: answer.ok ? 'unavailable' : refusalOf(answer.status, answer.refusal.code),
    };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, why: 'unavailable' };
    throw error;
  }
};

/** The payment as the server knows it; undefined when it cannot be read now. */
export const readPayment = async (paymentId: string): Promise<PaymentResult | undefined> => {
  try {
    const answer = await request<PaymentResult | null>(
      'GET',
      `/api/payment/${encodeURIComponent(paymentId)}`,
    );
    return answer.ok && answer.body?.status ? answer.body : undefined;
  } catch (error) {
    if (error instanceof NetworkError) return undefined;
    throw error;
  }
};

/** The proof of an application to pay for, and when it was sent (for its 7 days to pay). */
export interface PaymentProof extends PaymentRequest {
  submittedAt?: string;
  /** The acknowledgement has sent the browser to the payment page once already. */
  offered?: boolean;
}

export const keepPaymentProof = (proof: PaymentProof) => writeJson('paymentProof', proof);

export const readPaymentProof = (): PaymentProof | undefined => {
  const proof = readJson<Partial<PaymentProof>>('paymentProof');
  return proof?.applicationNumber && proof.passportNumber && proof.birthDate
    ? (proof as PaymentProof)
    : undefined;
};

/** Opens the hosted page, or says why not. */
export const goToPayment = async (proof: PaymentRequest): Promise<PaymentRefusal | undefined> => {
  const opening = await startPayment(proof);
  if (!opening.ok) return opening.why;
  window.location.assign(opening.start.url);
  return undefined;
};
