// The calls of the status page: POST /api/status, and the two steps (a code to the application's
// current address, then the change with it) of withdrawing, of answering an officer's question,
// and of a correction.
import type { CorrectableField, PaymentRequest, StatusAnswer } from '@eta-il/domain';
import { type Answer, request } from '../../api/client.ts';

/** The fields the status page offers to correct (the domain allows these and the home phone). */
export const CORRECTION_FIELDS = [
  'estimatedArrivalDate',
  'mobilePhoneNum',
  'addressTownName',
  'reqMainEmailAddress',
] as const satisfies readonly CorrectableField[];
type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/** The status look-up's proof, the same three facts that pay the fee. */
export type Identity = PaymentRequest;

export const fetchStatus = (identity: Identity): Promise<Answer<StatusAnswer>> =>
  request('POST', '/api/status', { body: identity });

export const sendWithdrawCode = (
  identity: Identity,
): Promise<Answer<{ timestamp?: number; sentTo?: string } | null>> =>
  request('POST', '/api/status/withdraw/code', { body: identity });

export const withdraw = (
  identity: Identity,
  code: string,
  timestamp: number,
): Promise<Answer<unknown>> =>
  request('POST', '/api/status/withdraw', { body: { ...identity, code, timestamp } });

export const sendCorrectionCode = (
  identity: Identity,
): Promise<Answer<{ timestamp?: number; sentTo?: string } | null>> =>
  request('POST', '/api/status/correction/code', { body: identity });

export type Changes = Partial<Record<CorrectionField, string>>;

export const correct = (
  identity: Identity,
  code: string,
  timestamp: number,
  changes: Changes,
): Promise<Answer<{ changes?: { field: CorrectionField; from: string; to: string }[] }>> =>
  request('POST', '/api/status/correction', { body: { ...identity, code, timestamp, changes } });

export const sendAnswerCode = (
  identity: Identity,
): Promise<Answer<{ timestamp?: number; sentTo?: string } | null>> =>
  request('POST', '/api/status/answer/code', { body: identity });

export const answerQuestion = (
  identity: Identity,
  answer: string,
  code: string,
  timestamp: number,
): Promise<Answer<unknown>> =>
  request('POST', '/api/status/answer', { body: { ...identity, answer, code, timestamp } });

/** A lost address (decision 047): a code to the NEW address, then the request with the MRZ. */
export const sendContactRequestCode = (
  identity: Identity,
  newEmail: string,
): Promise<Answer<{ timestamp?: number; sentTo?: string } | null>> =>
  request('POST', '/api/status/contact-request/code', { body: { ...identity, newEmail } });

export const requestContactChange = (
  identity: Identity,
  change: { newEmail: string; mrz: [string, string] },
  code: string,
  timestamp: number,
): Promise<Answer<{ status?: string }>> =>
  request('POST', '/api/status/contact-request', {
    body: { ...identity, ...change, code, timestamp },
  });
