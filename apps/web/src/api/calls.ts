// Every call of SPEC §7 (and the photo upload), typed.
import type { ApplicationDraft, ReferenceData } from '@eta-il/domain';
import { readSession } from '../session/storage.ts';
import { type ApiAnswer, isSuccess, NetworkError, request } from './client.ts';

interface Envelope<B> {
  statusCode: number;
  message?: string;
  code?: string;
  body?: B;
}

export class ApiError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export const getAllData = async (): Promise<ReferenceData> => {
  const answer = await request<Envelope<ReferenceData>>('GET', '/api/getalldata');
  if (!isSuccess(answer.status) || !answer.data?.body) throw new ApiError(answer.status);
  return answer.data.body;
};

export const getConfig = async (): Promise<{ backofficeUrl: string }> => {
  const answer = await request<Envelope<{ backofficeUrl: string }>>('GET', '/api/config');
  if (!isSuccess(answer.status) || !answer.data?.body) throw new ApiError(answer.status);
  return answer.data.body;
};

/** A fixed sign-up value the original service sent with the email (SPEC §7). */
const SIGN_UP_VALUE = 'ETA-IL';

export const sendCode = (email: string) =>
  request<Envelope<{ timestamp: number }>>('POST', '/api/deletecognitouser%20', {
    body: { email, password: SIGN_UP_VALUE, render: 'signUpUser' },
  });

/** A refusal by the code boxes: the message id and English text the server JSON-encoded. */
export interface CodeRefusal {
  message: string;
  code?: string;
}

export const confirmCode = async (
  email: string,
  confirmationCode: string,
  timestamp: number,
): Promise<{ ok: true; idToken: string } | { ok: false; status: number; refusal: CodeRefusal }> => {
  const answer = await request<Envelope<{ idToken: string } | string>>(
    'POST',
    '/api/deletecognitouser',
    {
      body: { email, confirmationCode, timestamp, render: 'confirmSignUp' },
    },
  );
  const body = answer.data?.body;
  if (isSuccess(answer.status) && body && typeof body === 'object')
    return { ok: true, idToken: body.idToken };
  let refusal: CodeRefusal = { message: answer.data?.message ?? '' };
  if (typeof body === 'string') {
    try {
      refusal = JSON.parse(body) as CodeRefusal;
    } catch {
      refusal = { message: body };
    }
  }
  return { ok: false, status: answer.status, refusal };
};

export const refreshToken = (email: string) =>
  request<Envelope<{ idToken: string }>>('POST', '/api/deletecognitouser', {
    body: { email, render: 'refreshToken' },
    auth: true,
  });

export interface CountryCheck {
  EXT_COUNTRY_ID: number;
  biometric: boolean;
  Passport_type_for_visa: string;
  Valid_for_ETAIL: string;
}

/** True when the answer carries a `message` (SPEC §7): the passport country is accepted. */
export const checkPassportCountry = async (check: CountryCheck): Promise<boolean> => {
  const answer = await request<Envelope<never>>('POST', '/api/requestcountryfirststep', {
    body: check,
    auth: true,
  });
  if (!isSuccess(answer.status)) throw new ApiError(answer.status);
  return typeof answer.data?.message === 'string';
};

export const checkEligibility = async (countryCode: string): Promise<boolean> => {
  const answer = await request<boolean>('POST', '/api/eligibility', {
    body: { COUNTRY_CODE: countryCode },
  });
  if (!isSuccess(answer.status) || typeof answer.data !== 'boolean')
    throw new ApiError(answer.status);
  return answer.data;
};

export interface SubmissionAnswer {
  statusCode: number;
  message?: string;
  body?: string;
  firstName?: string;
  familyName?: string;
  emailAddress?: string;
  ReqNum?: string;
}

export const submitApplication = (draft: ApplicationDraft, idempotencyKey: string) =>
  request<SubmissionAnswer>('POST', '/api/senddatamarom', {
    body: draft,
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const uploadPhoto = (
  file: File,
): Promise<ApiAnswer<Envelope<never> & { photoId?: string }>> => {
  const form = new FormData();
  form.append('photo', file);
  return request('POST', '/api/photo', { body: form, auth: true });
};

/** GET /api/photo/<id> (auth-token): the stored passport photo, for the review's thumbnail. */
export const fetchPhoto = async (photoId: string): Promise<Blob> => {
  let response: Response;
  try {
    response = await fetch(`/api/photo/${encodeURIComponent(photoId)}`, {
      headers: { 'auth-token': readSession('auth-token') ?? '' },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network');
  }
  if (!isSuccess(response.status)) throw new ApiError(response.status);
  return response.blob();
};
