// Every call of SPEC §7 (and the photo upload), typed: each reads the answer the client parsed.
import type { ApplicationDraft, ReferenceData } from '@eta-il/domain';
import { readSession } from '../session/storage.ts';
import { type Answer, NetworkError, type Refusal, request } from './client.ts';

export class ApiError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export const getAllData = async (): Promise<ReferenceData> => {
  const answer = await request<ReferenceData | null>('GET', '/api/getalldata');
  if (!answer.ok || !answer.body?.allcountry) throw new ApiError(answer.status);
  return answer.body;
};

/** GET /api/config: the back-office address and the figures the texts quote (the fee's terms). */
interface Config {
  backofficeUrl: string;
  parameters: { fee: number; feeCharged: boolean };
}

export const getConfig = async (): Promise<Config> => {
  const answer = await request<{
    backofficeUrl?: unknown;
    parameters?: Record<string, unknown>;
  } | null>('GET', '/api/config');
  const body = answer.ok ? answer.body : undefined;
  const fee = body?.parameters?.fee;
  const feeCharged = body?.parameters?.feeCharged;
  if (
    typeof body?.backofficeUrl !== 'string' ||
    typeof fee !== 'number' ||
    typeof feeCharged !== 'boolean'
  )
    throw new ApiError(answer.status);
  return { backofficeUrl: body.backofficeUrl, parameters: { fee, feeCharged } };
};

/** A fixed sign-up value the original service sent with the email (SPEC §7). */
const SIGN_UP_VALUE = 'ETA-IL';

/** Sends a code to the address: the timestamp its confirmation must quote, none when refused. */
export const sendCode = async (email: string): Promise<number | undefined> => {
  const answer = await request<{ timestamp?: unknown } | null>(
    'POST',
    '/api/deletecognitouser%20',
    { body: { email, password: SIGN_UP_VALUE, render: 'signUpUser' } },
  );
  const timestamp = answer.ok ? answer.body?.timestamp : undefined;
  return typeof timestamp === 'number' ? timestamp : undefined;
};

/** The auth token of a confirmed code, or the refusal the code boxes show (SPEC §7). */
export const confirmCode = async (
  email: string,
  confirmationCode: string,
  timestamp: number,
): Promise<{ ok: true; idToken: string } | { ok: false; status: number; refusal: Refusal }> => {
  const answer = await request<{ idToken: string } | null>('POST', '/api/deletecognitouser', {
    body: { email, confirmationCode, timestamp, render: 'confirmSignUp' },
  });
  if (!answer.ok) return answer;
  if (answer.body?.idToken) return { ok: true, idToken: answer.body.idToken };
  return { ok: false, status: answer.status, refusal: { message: '' } };
};

/** A new auth token for the same session; none when refused. */
export const refreshToken = async (email: string): Promise<string | undefined> => {
  const answer = await request<{ idToken?: string } | null>('POST', '/api/deletecognitouser', {
    body: { email, render: 'refreshToken' },
    auth: true,
  });
  return answer.ok ? answer.body?.idToken : undefined;
};

export interface CountryCheck {
  EXT_COUNTRY_ID: number;
  biometric: boolean;
  Passport_type_for_visa: string;
  Valid_for_ETAIL: string;
}

/** True when the answer carries a `message` (SPEC §7): the passport country is accepted. */
export const checkPassportCountry = async (check: CountryCheck): Promise<boolean> => {
  const answer = await request<{ message?: unknown } | null>(
    'POST',
    '/api/requestcountryfirststep',
    { body: check, auth: true },
  );
  if (!answer.ok) throw new ApiError(answer.status);
  return typeof answer.body?.message === 'string';
};

export const checkEligibility = async (countryCode: string): Promise<boolean> => {
  const answer = await request<unknown>('POST', '/api/eligibility', {
    body: { COUNTRY_CODE: countryCode },
  });
  if (!answer.ok || typeof answer.body !== 'boolean') throw new ApiError(answer.status);
  return answer.body;
};

/** A submission's acknowledgement (200). */
interface Submitted {
  firstName?: string;
  familyName?: string;
  emailAddress?: string;
  ReqNum?: string;
  /** One per traveller, in bearerList order; a group's shared number beside them. */
  applications?: { ReqNum?: string; firstName?: string; familyName?: string }[];
  groupNum?: string;
}

export const submitApplication = (
  draft: ApplicationDraft,
  idempotencyKey: string,
): Promise<Answer<Submitted | null>> =>
  request('POST', '/api/senddatamarom', {
    body: draft,
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const uploadPhoto = (file: File): Promise<Answer<{ photoId?: string } | null>> => {
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
  if (!response.ok) throw new ApiError(response.status);
  return response.blob();
};
