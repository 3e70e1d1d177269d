// Sending the application (POST /api/senddatamarom) and reading the answer (SPEC §4 "Submission
// result"). An Idempotency-Key is kept in session storage per draft, so a reload or a repeated
// effect re-sends with the same key and the server answers the same application; a send in
// flight is shared, so StrictMode's double effects send once.
import {
  type ApplicationDraft,
  bearerOf,
  type RefusalIssue,
  type Submitted,
  type SubmittedTraveller,
} from '@eta-il/domain';
import { submitApplication } from '../../api/calls.ts';
import { NetworkError } from '../../api/client.ts';
import { keepPaymentProof } from '../../api/payment.ts';
import { forgetReferenceData } from '../../session/reference.ts';
import {
  clearSession,
  readJson,
  readSession,
  writeJson,
  writeSession,
} from '../../session/storage.ts';

/** What the acknowledgement shows (kept in the session): the submission's answer. */
export type Acknowledgement = Pick<
  Submitted,
  'firstName' | 'familyName' | 'ReqNum' | 'emailAddress' | 'groupNum'
> & {
  /** A group's travellers, each with their own number (absent for one traveller). */
  applications?: SubmittedTraveller[];
};

export type Outcome =
  | { kind: 'accepted'; acknowledgement: Acknowledgement }
  | { kind: 'refused'; error: string; issues: RefusalIssue[] }
  | { kind: 'forbidden'; message: string | undefined }
  | { kind: 'network' }
  | { kind: 'failed' };

/** A short fingerprint of the draft: a changed draft gets a new key. */
const fingerprint = (draft: ApplicationDraft) => {
  const text = JSON.stringify(draft);
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 33) ^ text.charCodeAt(i)) >>> 0;
  return `${hash.toString(36)}.${text.length.toString(36)}`;
};

/** Whether the review's box "E-mail me before my authorization expires" is ticked (issue 31). */
const reminderConsentGiven = (): boolean => readSession('reminderConsent') === '1';

const submissionKeyFor = (draft: ApplicationDraft, reminderConsent: boolean): string => {
  // The consent is part of the request: the other answer is another request, with another key.
  const draftPrint = `${fingerprint(draft)}${reminderConsent ? '.r' : ''}`;
  const stored = readJson<{ key?: string; draft?: string }>('submissionKey');
  if (stored?.key && stored.draft === draftPrint) return stored.key;
  const key = crypto.randomUUID();
  writeJson('submissionKey', { key, draft: draftPrint });
  return key;
};

const send = async (
  draft: ApplicationDraft,
  key: string,
  reminderConsent: boolean,
): Promise<Outcome> => {
  let answer: Awaited<ReturnType<typeof submitApplication>>;
  try {
    answer = await submitApplication(draft, key, reminderConsent);
  } catch (error) {
    return error instanceof NetworkError ? { kind: 'network' } : { kind: 'failed' };
  }
  if (!answer.ok) {
    // A 400's error and issues are the ones the server JSON-encoded in its body.
    const { message, issues = [] } = answer.refusal;
    if (answer.status === 400) return { kind: 'refused', error: message, issues };
    if (answer.status === 403) return { kind: 'forbidden', message };
    // Another tab of this session sent an application (issue 26): it cannot send another.
    if (answer.status === 401 && answer.refusal.code === 'sessionSubmitted') {
      return { kind: 'forbidden', message };
    }
    return { kind: 'failed' };
  }
  const data = answer.body;
  if (data?.ReqNum) {
    const acknowledgement: Acknowledgement = {
      firstName: data.firstName ?? '',
      familyName: data.familyName ?? '',
      emailAddress: data.emailAddress ?? '',
      ReqNum: data.ReqNum,
      ...(data.applications &&
        data.applications.length > 1 && {
          applications: data.applications.map((a) => ({
            firstName: a.firstName ?? '',
            familyName: a.familyName ?? '',
            ReqNum: a.ReqNum ?? '',
          })),
          groupNum: data.groupNum ?? '',
        }),
    };
    // The application is sent: the session's data goes; what the acknowledgement shows stays,
    // with the first traveller's proof to pay the fee with (the status look-up's three fields).
    const { passportNum, birthDate } = bearerOf(draft);
    clearSession();
    forgetReferenceData();
    writeSession('reqId', acknowledgement.ReqNum);
    writeJson('acknowledgement', acknowledgement);
    keepPaymentProof({
      applicationNumber: acknowledgement.ReqNum,
      passportNumber: passportNum,
      birthDate,
      submittedAt: new Date().toISOString(),
    });
    return { kind: 'accepted', acknowledgement };
  }
  return { kind: 'failed' };
};

const inFlight = new Map<string, Promise<Outcome>>();

/** Sends the draft once per key at a time; a second caller shares the first call's answer. */
export const sendApplication = (draft: ApplicationDraft): Promise<Outcome> => {
  const reminderConsent = reminderConsentGiven();
  const key = submissionKeyFor(draft, reminderConsent);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = send(draft, key, reminderConsent).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
};

export const readAcknowledgement = (): Acknowledgement | undefined => {
  const stored = readJson<Partial<Acknowledgement>>('acknowledgement');
  return stored?.ReqNum ? (stored as Acknowledgement) : undefined;
};
