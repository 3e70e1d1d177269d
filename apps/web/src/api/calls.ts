// Every call of SPEC §7 (and the photo upload), typed with the domain's wire shapes
// (packages/domain/src/wire/): each reads the answer the client parsed.
import type {
  ApplicationDraft,
  CodeSent,
  ConfigAnswer,
  ConfirmCodeRequest,
  CountryCheck,
  CountryCheckAnswer,
  EligibilityAnswer,
  EligibilityRequest,
  PhotoStored,
  ReferenceData,
  RefreshTokenRequest,
  Refusal,
  SendCodeRequest,
  SubmissionRequest,
  Submitted,
  TokenIssued,
} from '@eta-il/domain';
import { readSession } from '../session/storage.ts';
import { type Answer, NetworkError, request } from './client.ts';

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
type Config = Pick<ConfigAnswer, 'backofficeUrl'> & {
  parameters: Pick<ConfigAnswer['parameters'], 'fee' | 'feeCharged'>;
};

export const getConfig = async (): Promise<Config> => {
  const answer = await request<Partial<ConfigAnswer> | null>('GET', '/api/config');
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
  const body: SendCodeRequest = { email, password: SIGN_UP_VALUE, render: 'signUpUser' };
  const answer = await request<Partial<CodeSent> | null>('POST', '/api/deletecognitouser%20', {
    body,
  });
  const timestamp = answer.ok ? answer.body?.timestamp : undefined;
  return typeof timestamp === 'number' ? timestamp : undefined;
};

/** The auth token of a confirmed code, or the refusal the code boxes show (SPEC §7). */
export const confirmCode = async (
  email: string,
  confirmationCode: string,
  timestamp: number,
): Promise<{ ok: true; idToken: string } | { ok: false; status: number; refusal: Refusal }> => {
  const body: ConfirmCodeRequest = { email, confirmationCode, timestamp, render: 'confirmSignUp' };
  const answer = await request<TokenIssued | null>('POST', '/api/deletecognitouser', { body });
  if (!answer.ok) return answer;
  if (answer.body?.idToken) return { ok: true, idToken: answer.body.idToken };
  return { ok: false, status: answer.status, refusal: { message: '' } };
};

/** A new auth token for the same session; none when refused. */
export const refreshToken = async (email: string): Promise<string | undefined> => {
  const body: RefreshTokenRequest = { email, render: 'refreshToken' };
  const answer = await request<Partial<TokenIssued> | null>('POST', '/api/deletecognitouser', {
    body,
    auth: true,
  });
  return answer.ok ? answer.body?.idToken : undefined;
};

/** True when the answer carries a `message` (SPEC §7): the passport country is accepted. */
export const checkPassportCountry = async (check: CountryCheck): Promise<boolean> => {
  const answer = await request<CountryCheckAnswer | null>('POST', '/api/requestcountryfirststep', {
    body: check,
    auth: true,
  });
  if (!answer.ok) throw new ApiError(answer.status);
  return typeof answer.body?.message === 'string';
};

export const checkEligibility = async (countryCode: string): Promise<boolean> => {
  const body: EligibilityRequest = { COUNTRY_CODE: countryCode };
  const answer = await request<EligibilityAnswer | null>('POST', '/api/eligibility', { body });
  if (!answer.ok || typeof answer.body !== 'boolean') throw new ApiError(answer.status);
  return answer.body;
};

/**
 * A submission's acknowledgement (200), each field read with care. The consent to reminders
 * (issue 31) goes beside the jsonForm only when given.
 */
export const submitApplication = (
  draft: ApplicationDraft,
  idempotencyKey: string,
  reminderConsent = false,
): Promise<Answer<Partial<Submitted> | null>> =>
  request('POST', '/api/senddatamarom', {
    body: (reminderConsent
      ? { ...draft, reminderConsent: true }
      : draft) satisfies SubmissionRequest,
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const uploadPhoto = (file: File): Promise<Answer<Partial<PhotoStored> | null>> => {
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
