// The calls of the status page: POST /api/status, the two steps of withdrawing, and the answer to
// an officer's question.
import { type ApiAnswer, request } from '../../api/client.ts';

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

export const fetchStatus = (identity: Identity): Promise<ApiAnswer<StatusReport>> =>
  request('POST', '/api/status', { body: identity });

export const sendWithdrawCode = (
  identity: Identity,
): Promise<ApiAnswer<{ timestamp?: number; sentTo?: string }>> =>
  request('POST', '/api/status/withdraw/code', { body: identity });

export const withdraw = (
  identity: Identity,
  code: string,
  timestamp: number,
): Promise<ApiAnswer<{ status?: string; code?: string }>> =>
  request('POST', '/api/status/withdraw', { body: { ...identity, code, timestamp } });

export const answerQuestion = (
  identity: Identity,
  answer: string,
): Promise<ApiAnswer<{ status?: string; code?: string }>> =>
  request('POST', '/api/status/answer', { body: { ...identity, answer } });
