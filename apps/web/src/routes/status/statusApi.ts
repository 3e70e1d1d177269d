// The calls of the status page: POST /api/status, and the two steps (a code to the application's
// current address, then the change with it) of withdrawing, of answering an officer's question,
// of a correction, of asking for the review of a refusal (a multipart form with its files), and
// of withdrawing the consent to reminders before the authorization ends (issue 31).
import {
  type AnswerRequest,
  type CodeSentTo,
  type ContactCodeRequest,
  type ContactRequest,
  type ContactRequested,
  type CorrectableField,
  type Corrected,
  type CorrectionRequest,
  type NewPassportRequest,
  REVIEW_DOCUMENTS_FIELD,
  type RemindersWithdrawn,
  type RemindersWithdrawRequest,
  type RenewalOpened,
  type ReviewRequest,
  type StatusAnswer,
  type StatusChanged,
  type StatusIdentity,
  type WithdrawRequest,
} from '@eta-il/domain';
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
export type Identity = StatusIdentity;

export const fetchStatus = (identity: Identity): Promise<Answer<StatusAnswer>> =>
  request('POST', '/api/status', { body: identity });

/** Each change's code, e-mailed to the application's current address. */
export type CodeAnswer = Answer<Partial<CodeSentTo> | null>;

export const sendWithdrawCode = (identity: Identity): Promise<CodeAnswer> =>
  request('POST', '/api/status/withdraw/code', { body: identity });

export const withdraw = (
  identity: Identity,
  code: string,
  timestamp: number,
): Promise<Answer<StatusChanged>> => {
  const body: WithdrawRequest = { ...identity, code, timestamp };
  return request('POST', '/api/status/withdraw', { body });
};

export const sendRemindersCode = (identity: Identity): Promise<CodeAnswer> =>
  request('POST', '/api/status/reminders/code', { body: identity });

export const withdrawReminders = (
  identity: Identity,
  code: string,
  timestamp: number,
): Promise<Answer<RemindersWithdrawn>> => {
  const body: RemindersWithdrawRequest = { ...identity, code, timestamp };
  return request('POST', '/api/status/reminders/withdraw', { body });
};

export const sendCorrectionCode = (identity: Identity): Promise<CodeAnswer> =>
  request('POST', '/api/status/correction/code', { body: identity });

export type Changes = Partial<Record<CorrectionField, string>>;
/** The answer names only the fields the page sent. */
type ChangesMade = { changes?: (Corrected['changes'][number] & { field: CorrectionField })[] };

export const correct = (
  identity: Identity,
  code: string,
  timestamp: number,
  changes: Changes,
): Promise<Answer<ChangesMade>> => {
  const body: CorrectionRequest = { ...identity, code, timestamp, changes };
  return request('POST', '/api/status/correction', { body });
};

export const sendAnswerCode = (identity: Identity): Promise<CodeAnswer> =>
  request('POST', '/api/status/answer/code', { body: identity });

export const answerQuestion = (
  identity: Identity,
  answer: string,
  code: string,
  timestamp: number,
): Promise<Answer<StatusChanged>> => {
  const body: AnswerRequest = { ...identity, answer, code, timestamp };
  return request('POST', '/api/status/answer', { body });
};

/** A lost address (decision 047): a code to the NEW address, then the request with the MRZ. */
export const sendContactRequestCode = (
  identity: Identity,
  newEmail: string,
): Promise<CodeAnswer> => {
  const body: ContactCodeRequest = { ...identity, newEmail };
  return request('POST', '/api/status/contact-request/code', { body });
};

export const requestContactChange = (
  identity: Identity,
  change: { newEmail: string; mrz: [string, string] },
  code: string,
  timestamp: number,
): Promise<Answer<Partial<ContactRequested>>> => {
  const body: ContactRequest = { ...identity, ...change, code, timestamp };
  return request('POST', '/api/status/contact-request', { body });
};

export const sendReviewCode = (identity: Identity): Promise<CodeAnswer> =>
  request('POST', '/api/status/review/code', { body: identity });

/** The review's request as multipart/form-data: the fields as text, each file under `documents`. */
export const requestReview = (
  identity: Identity,
  { statement, files }: { statement: string; files: readonly File[] },
  code: string,
  timestamp: number,
): Promise<Answer<StatusChanged>> => {
  const fields: ReviewRequest = { ...identity, code, timestamp: String(timestamp), statement };
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append(REVIEW_DOCUMENTS_FIELD, file, file.name);
  return request('POST', '/api/status/review', { body });
};

export const sendNewPassportCode = (identity: Identity): Promise<CodeAnswer> =>
  request('POST', '/api/status/new-passport/code', { body: identity });

/** A new passport (issue 31): the application filled in with it, and its session. */
export const openNewPassport = (
  identity: Identity,
  newPassport: NewPassportRequest['newPassport'],
  code: string,
  timestamp: number,
): Promise<Answer<RenewalOpened>> => {
  const body: NewPassportRequest = { ...identity, code, timestamp, newPassport };
  return request('POST', '/api/status/new-passport', { body });
};
