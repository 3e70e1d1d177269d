// POST /api/senddatamarom's acknowledgement (SPEC §3 "Submission response", §7), declared once
// for the server and the web app. The request is the whole ApplicationDraft; a refused one is a
// `RecordRefusal` (./refusal.ts).
import type { ApplicationDraft } from '../application.ts';

/**
 * The request: SPEC's jsonForm, with one optional top-level addition (issue 31): `reminderConsent`,
 * true when the traveller ticked "E-mail me before my authorization expires" (absent or false: no;
 * a family's covers every traveller). It is stored beside the record, never in it.
 */
export type SubmissionRequest = ApplicationDraft & { reminderConsent?: boolean };

/** One traveller's stored application: its number and whose it is. */
export interface SubmittedTraveller {
  ReqNum: string;
  firstName: string;
  familyName: string;
}

/**
 * 200: the first traveller's number and names beside `statusCode`, and every traveller's (issue
 * 13). A type, not an interface: the server records it with the Idempotency-Key as plain JSON.
 */
export type Submitted = SubmittedTraveller & {
  message: 'Submitted';
  body: '';
  emailAddress: string;
  /** One per traveller, in bearerList order. */
  applications: SubmittedTraveller[];
  /** The number a group's travellers share; absent for one traveller. */
  groupNum?: string;
};
