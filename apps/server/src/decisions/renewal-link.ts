// The link a reminder before the authorization ends offers (issue 31). For now it is the status
// page with the application's number filled in; the renewal (issue 31 item 3, a signed single-use
// token whose hash is stored) replaces the body of this one function, which runs in the
// transaction that records the reminder, so a token's row can be written with it.
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { statusPageUrl } from './public-url.ts';

export interface RenewalLinkFor {
  /** The application whose authorization ends. */
  applicationId: string;
  reqNum: string;
  /** The last day of validity the reminder is for. */
  validUntil: string;
  now: Date;
}

/** Where the reminder sends the traveller to renew: for now, the status page. */
export const renewalLinkFor = async (
  _tx: Kysely<Schema>,
  publicUrl: string,
  application: RenewalLinkFor,
): Promise<string> => statusPageUrl(publicUrl, application.reqNum);
