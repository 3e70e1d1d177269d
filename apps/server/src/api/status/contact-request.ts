// A traveller who can no longer read an application's contact address asks an officer to move it
// (decision 047). The request is refused unless the passport's two MRZ lines read as a TD3 with
// every check digit right AND match the passport stored with the application, field by field;
// the new address is proven by a code sent to it (purpose `contactRequest`, the application as
// subject). One open request per application; nothing about the application changes until an
// officer accepts it (office/contact-requests/service.ts).
import {
  compareMrzWithPassport,
  isBeforeDecision,
  parseTd3,
  storedPassportOf,
  todayIn,
} from '@eta-il/domain';
import type { Db } from '../../db/database.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';

export type ContactRequestRefusal =
  | 'mrzUnreadable'
  | 'mrzCheckDigit'
  | 'mrzInvalidDate'
  | 'mrzMismatch'
  | 'sameAddress'
  | 'alreadyDecided'
  | 'requestOpen';

/** Where each refusal answers, and what it says (which part of the request is refused). */
export const CONTACT_REQUEST_REFUSALS: Record<
  ContactRequestRefusal,
  { status: 400 | 409; message: string }
> = {
  mrzUnreadable: {
    status: 400,
    message:
      'The passport lines could not be read: enter the two lines of 44 letters, digits and < at the bottom of the passport’s photo page.',
  },
  mrzCheckDigit: {
    status: 400,
    message:
      'A check digit in the passport lines is wrong: compare each character with the passport.',
  },
  mrzInvalidDate: {
    status: 400,
    message: 'A date in the passport lines is not a real date: compare them with the passport.',
  },
  // Which field differs is not said: the stranger who typed a made-up MRZ would learn the record.
  mrzMismatch: {
    status: 400,
    message: 'The passport lines do not match the passport given in this application.',
  },
  sameAddress: {
    status: 400,
    message: 'This is already the application’s contact address.',
  },
  alreadyDecided: {
    status: 409,
    message: 'This application has already been decided and its address can no longer be changed.',
  },
  requestOpen: {
    status: 409,
    message: 'A request to change this application’s address is already waiting for an officer.',
  },
};

interface Context {
  db: Db;
  reference: ReferenceCache;
  clock: () => Date;
  timeZone: string;
}

interface Found {
  id: string;
  state: string;
  email: string;
}

/** Whether an application may still have its address moved: before its decision only. */
export const contactChangeRefusal = (
  found: Found,
  newEmail: string,
): ContactRequestRefusal | undefined => {
  if (!isBeforeDecision(found.state)) return 'alreadyDecided';
  if (found.email === newEmail) return 'sameAddress';
  return undefined;
};

/** Whether the MRZ lines are a valid TD3 of the application's own passport. */
export const mrzRefusal = async (
  ctx: Context,
  found: Found,
  mrz: readonly [string, string],
): Promise<ContactRequestRefusal | undefined> => {
  const parsed = parseTd3(mrz, todayIn(ctx.clock(), ctx.timeZone));
  if (!parsed.ok) {
    return parsed.problem.code === 'mrzNotFound' ? 'mrzUnreadable' : parsed.problem.code;
  }
  const { draft } = await ctx.db
    .selectFrom('application')
    .select('draft')
    .where('id', '=', found.id)
    .executeTakeFirstOrThrow();
  const { data: reference } = await ctx.reference.get();
  const comparison = compareMrzWithPassport(parsed.fields, storedPassportOf(draft, reference));
  return comparison.every((c) => c.matches) ? undefined : 'mrzMismatch';
};

/** Whether a request of this application is waiting for an officer. */
export const hasOpenRequest = async (db: Db, applicationId: string) =>
  (await db
    .selectFrom('contact_change_request')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('status', '=', 'pending')
    .executeTakeFirst()) !== undefined;

/**
 * Stores the request; `requestOpen` when one is already waiting (the unique index decides,
 * whatever the timing of two requests).
 */
export const storeContactRequest = async (
  ctx: Context,
  request: { applicationId: string; newEmail: string; mrz: readonly [string, string] },
): Promise<{ ok: true; id: string } | { ok: false; refusal: 'requestOpen' }> => {
  const stored = await ctx.db
    .insertInto('contact_change_request')
    .values({
      application_id: request.applicationId,
      new_email: request.newEmail,
      mrz_line1: request.mrz[0],
      mrz_line2: request.mrz[1],
      requested_at: ctx.clock(),
    })
    .onConflict((oc) => oc.column('application_id').where('status', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
  return stored ? { ok: true, id: stored.id } : { ok: false, refusal: 'requestOpen' };
};
