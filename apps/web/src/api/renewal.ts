// The calls of a renewal link's page (issue 31, decision 057): the code, then the application
// filled in from the last one.
import type { CodeSentTo, RenewalCodeRequest, RenewalOpened, RenewalRequest } from '@eta-il/domain';
import { type Answer, request } from './client.ts';

export const sendRenewalCode = (token: string): Promise<Answer<CodeSentTo>> => {
  const body: RenewalCodeRequest = { token };
  return request('POST', '/api/renewal/code', { body });
};

export const openRenewal = (
  token: string,
  code: string,
  timestamp: number,
): Promise<Answer<RenewalOpened>> => {
  const body: RenewalRequest = { token, code, timestamp };
  return request('POST', '/api/renewal', { body });
};
