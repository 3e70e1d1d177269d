// The calls of the status page: POST /api/status, the two steps of withdrawing, and the answer to
// an officer's question.
import { type Answer, request } from '../../api/client.ts';

export interface Identity {
  applicationNumber: string;
  passportNumber: string;
  birthDate: string;
}

export interface StatusReport {
  status: string;
  updatedAt: string;
  validUntil?: string;
  reasons?: { code: string; text: string }[];
  documentUrl?: string;
  /** While information is requested: the officer's question. */
  question?: string;
}

export const fetchStatus = (identity: Identity): Promise<Answer<StatusReport>> =>
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

export const answerQuestion = (identity: Identity, answer: string): Promise<Answer<unknown>> =>
  request('POST', '/api/status/answer', { body: { ...identity, answer } });
