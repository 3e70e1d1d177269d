// The calls of 'Save and continue later' (decision 033): saving the draft with the step's values
// as typed, and on the link's page the code and the resume.
import type { ApplicationDraft, PendingStep } from '@eta-il/domain';
import { type Answer, request } from './client.ts';

export interface Saved {
  expiresAt: string;
  sentTo: string;
}

export const saveApplication = (body: {
  draft: ApplicationDraft;
  pending: PendingStep | null;
}): Promise<Answer<Saved>> => request('POST', '/api/saved-application', { body, auth: true });

export const sendResumeCode = (
  token: string,
): Promise<Answer<{ timestamp: number; sentTo: string }>> =>
  request('POST', '/api/saved-application/code', { body: { token } });

export interface Resumed {
  draft: ApplicationDraft;
  pending: PendingStep | null;
  email: string;
  idToken: string;
}

export const resumeApplication = (
  token: string,
  code: string,
  timestamp: number,
): Promise<Answer<Resumed>> =>
  request('POST', '/api/saved-application/resume', { body: { token, code, timestamp } });
