// The calls of 'Save and continue later' (decision 033): saving the draft with the step's values
// as typed, and on the link's page the code and the resume.
import type {
  CodeSentTo,
  ResumeCodeRequest,
  Resumed,
  ResumeRequest,
  Saved,
  SaveForLater,
} from '@eta-il/domain';
import { type Answer, request } from './client.ts';

export const saveApplication = (body: SaveForLater): Promise<Answer<Saved>> =>
  request('POST', '/api/saved-application', { body, auth: true });

export const sendResumeCode = (token: string): Promise<Answer<CodeSentTo>> => {
  const body: ResumeCodeRequest = { token };
  return request('POST', '/api/saved-application/code', { body });
};

export const resumeApplication = (
  token: string,
  code: string,
  timestamp: number,
): Promise<Answer<Resumed>> => {
  const body: ResumeRequest = { token, code, timestamp };
  return request('POST', '/api/saved-application/resume', { body });
};
