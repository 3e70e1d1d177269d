// Submitting an application (POST /api/senddatamarom): the same domain rules as the screens make
// the canonical record (decision 013), and only that record is stored, with the indexed columns
// read from it; one transaction stores it, queues the acknowledgement and records the idempotency
// key with the route's answer, so a repeated submission replays the first answer and stores
// nothing new. The same transaction revokes the traveller's session (issue 26): a session submits
// once, and its tokens are refused from then on. Each outcome is a kind the route turns into its
// HTTP answer.
import { createHash, randomUUID } from 'node:crypto';
import {
  type ApplicationDraft,
  bearerOf,
  canonicalRecord,
  feeFor,
  type IsoDate,
  initialState,
  isFeeDue,
  normalizeEmail,
  REQUEST_STATUS_OF,
  type SubmissionIssue,
  todayIn,
} from '@eta-il/domain';
import { type Kysely, sql } from 'kysely';
import { revokeSession } from '../../auth/revocations.ts';
import type { TravellerSession } from '../../auth/tokens.ts';
import type { Clock } from '../../clock.ts';
import { type Db, json } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
import { queueWork, withTransaction } from '../../db/transaction.ts';
import { statusPageUrl } from '../../decisions/public-url.ts';
import { mailRow } from '../../mail/outbox.ts';
import { acknowledgementMail, type MailContent, type MailLanguage } from '../../mail/templates.ts';
import type { Metrics } from '../../ops/metrics.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';
import { claimRenewalLink, linkRenewal } from '../renewal/service.ts';
import { newApplicationNumber, newGroupNumber } from './application-number.ts';

/** One traveller's stored application: its number and whose it is. */
interface TravellerReceipt {
  reqNum: string;
  firstName: string;
  lastName: string;
}

/** What a stored application answers with: the first traveller's, and every traveller's. */
export interface Receipt extends TravellerReceipt {
  email: string;
  /** One per traveller, in bearerList order (the first is the receipt's own). */
  travellers: TravellerReceipt[];
  /** The number a group's travellers share; absent for one traveller. */
  groupNum?: string;
}

/** The answer recorded with an Idempotency-Key: a repeat of the request replays it as it was. */
export interface RecordedAnswer {
  statusCode: number;
  body: Record<string, unknown>;
}

export type SubmissionOutcome =
  /** Nothing was posted (SPEC §4). */
  | { kind: 'noData' }
  /** The record breaks a rule, or its photo is not the traveller's: the issues, first one shown. */
  | { kind: 'invalid'; issues: SubmissionIssue[] }
  /** The application's main address is not the verified one. */
  | { kind: 'emailNotVerified' }
  /** The Idempotency-Key came with another application, or from another address. */
  | { kind: 'keyConflict' }
  /** The Idempotency-Key's first request was answered: its answer, replayed. */
  | { kind: 'repeated'; answer: RecordedAnswer }
  /** The session has already submitted an application (not this one: that would be a replay). */
  | { kind: 'sessionSubmitted' }
  | { kind: 'submitted'; receipt: Receipt };

/** Thrown to roll back a submission whose session had already submitted. */
class SessionSubmitted extends Error {}
/** The Idempotency-Key was claimed by an earlier request: this one stores nothing. */
class KeyTaken extends Error {}

/** The Idempotency-Key's row, written with the answer it will replay. */
interface KeyRow {
  key: string;
  email: string;
  request_hash: string;
  created_at: Date;
  status_code: number;
  response: ReturnType<typeof json>;
}

const isEmpty = (input: unknown) =>
  input === undefined ||
  input === null ||
  input === '' ||
  (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0);

export interface SubmissionDeps {
  db: Db;
  clock: Clock;
  reference: ReferenceCache;
  /** Counts each application stored (not an idempotent repeat), after its commit. */
  metrics?: Pick<Metrics, 'submissionsStored'>;
  /**
   * The fee (issue 27): due from `waivedUntil` (FEE_WAIVED_UNTIL) on, by the service's date in
   * `timeZone`; the acknowledgement links to the status page on `publicUrl` to pay it.
   */
  fee: { waivedUntil: string; timeZone: string; publicUrl: string };
}

export interface Submission {
  email: string;
  /** The token's session: revoked with the application it stores. */
  session: TravellerSession;
  input: unknown;
  idempotencyKey: string | undefined;
  /** The date rules' today: the service's date, moved at most a day to the traveller's. */
  today: IsoDate;
  language?: MailLanguage;
  /** The answer to the application once stored (the route's), recorded with the Idempotency-Key. */
  answerOf: (receipt: Receipt) => RecordedAnswer;
}

/** How one traveller's application is stored: its group, and the fee's reference when due. */
interface Stored {
  email: string;
  now: Date;
  language: MailLanguage;
  groupNum: string | null;
  /** The application waits for the fee, under its group number, else its own number. */
  feeDue: boolean;
  /** The traveller asked to be e-mailed before the authorization ends (issue 31). */
  reminderConsent: boolean;
}

/** The row of one traveller's application (a draft of that one traveller). */
const applicationRow = (draft: ApplicationDraft, stored: Stored, id: string, reqNum: string) => {
  const { email, now, language, groupNum, feeDue, reminderConsent } = stored;
  const bearer = bearerOf(draft);
  const state = initialState(feeDue);
  const status = REQUEST_STATUS_OF[state];
  return {
    id,
    req_num: reqNum,
    state,
    email,
    passport_num: bearer.passportNum,
    passport_country_id: bearer.passportCountryId?.id ?? 0,
    first_name: bearer.firstName,
    last_name: bearer.lastName,
    birth_date: bearer.birthDate,
    arrival_date: bearer.estimatedArrivalDate,
    photo_id: bearer.photoId,
    draft: json({ ...draft, reqStatusId: { ...status } }),
    created_at: now,
    // Every later e-mail (decisions) is written in the language the traveller applied in.
    language,
    group_num: groupNum,
    fee_reference: feeDue ? (groupNum ?? reqNum) : null,
    reminder_consent: reminderConsent,
  };
};

/** A random application number was already taken: the submission is tried again with new ones. */
const isNumberTaken = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  Reflect.get(error, 'code') === '23505' &&
  /req_num/.test(String(Reflect.get(error, 'constraint') ?? Reflect.get(error, 'message')));

/**
 * Stores one traveller's application and its acknowledgement in one statement (issue 32: a round
 * trip per statement was a submission's largest cost). The first traveller's also revokes the
 * session and claims its renewal link, if it has one; answers whether the session was revoked
 * by it, and the link claimed.
 */
const storeTraveller = async (
  tx: Kysely<Schema>,
  draft: ApplicationDraft,
  stored: Stored,
  { id, reqNum, mail }: { id: string; reqNum: string; mail: MailContent },
  first: { session: TravellerSession; key: KeyRow | undefined } | undefined,
) => {
  const application = applicationRow(draft, stored, id, reqNum);
  const acknowledgement = mailRow({
    kind: 'acknowledgement',
    to: stored.email,
    content: mail,
    now: stored.now,
  });
  // Waiting for screening, the application is the screening job's outbox row
  // (jobs/screen-applications.ts); the acknowledgement is the mail relay's.
  queueWork(tx);
  if (!first) {
    await tx
      .with('stored', (db) => db.insertInto('application').values(application).returning('id'))
      .insertInto('mail_message')
      .values(acknowledgement)
      .execute();
    return { claimed: true, revoked: true, link: undefined };
  }
  const { session, key } = first;
  const row = await tx
    // A concurrent claim of the same key waits here until the first transaction ends.
    .with('claimed', (db) =>
      key
        ? db
            .insertInto('idempotency_key')
            .values(key)
            .onConflict((oc) => oc.column('key').doNothing())
            .returning('key')
        : db.selectNoFrom(sql<string>`'none'`.as('key')),
    )
    .with('revoked', (db) => revokeSession(db, session, stored.now))
    .with('stored', (db) => db.insertInto('application').values(application).returning('id'))
    .with('mailed', (db) => db.insertInto('mail_message').values(acknowledgement).returning('id'))
    .with('linked', (db) => claimRenewalLink(db, session.id, id))
    .selectNoFrom((eb) => [
      eb.selectFrom('claimed').select('key').as('claimed'),
      eb.selectFrom('revoked').select('session_id').as('revoked'),
      eb.selectFrom('mailed').select('id').as('mailed'),
      eb.selectFrom('linked').select('application_id').as('renews'),
      eb.selectFrom('linked').select('kind').as('kind'),
    ])
    .executeTakeFirstOrThrow();
  return {
    claimed: row.claimed !== null,
    revoked: row.revoked !== null,
    link: row.renews ? { application_id: row.renews, kind: row.kind ?? 'renewal' } : undefined,
  };
};

/**
 * The answer to a repeat of an Idempotency-Key's request: the first answer, when the key came with
 * this application from this address; else a conflict.
 */
const replayOf = async (
  db: Db,
  key: string,
  email: string,
  requestHash: string,
): Promise<SubmissionOutcome> => {
  const first = await db
    .selectFrom('idempotency_key')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  if (
    !first ||
    first.email !== email ||
    first.request_hash !== requestHash ||
    !first.response ||
    first.status_code === null
  ) {
    return { kind: 'keyConflict' };
  }
  return {
    kind: 'repeated',
    answer: { statusCode: first.status_code, body: first.response as Record<string, unknown> },
  };
};

/** The index of the first traveller whose photo is not one this address uploaded, if any. */
const travellerWithoutPhoto = async (db: Db, draft: ApplicationDraft, email: string) => {
  const ids = draft.bearerList.map((b) => b.photoId).filter((id): id is string => Boolean(id));
  const found = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .selectFrom('photo')
            .select('id')
            .where('id', 'in', ids)
            .where('email', '=', email)
            .execute()
        ).map((row) => row.id),
  );
  const index = draft.bearerList.findIndex((b) => !b.photoId || !found.has(b.photoId));
  return index === -1 ? undefined : index;
};

/**
 * The consent to reminders before the authorization ends (issue 31): the jsonForm's optional
 * top-level `reminderConsent`, exactly `true`; absent, false or anything else is no. It is not part
 * of the canonical record (the record drops unknown keys): it is stored in its own column.
 */
const reminderConsentOf = (input: unknown): boolean =>
  typeof input === 'object' &&
  input !== null &&
  (input as { reminderConsent?: unknown }).reminderConsent === true;

export const submitApplication = async (
  deps: SubmissionDeps,
  { email, session, input, idempotencyKey, today, language = 'en', answerOf }: Submission,
): Promise<SubmissionOutcome> => {
  if (isEmpty(input)) return { kind: 'noData' };
  const { data: reference } = await deps.reference.get();
  const result = canonicalRecord(input, { today, reference });
  if (!result.ok) return { kind: 'invalid', issues: result.issues };
  // Only the canonical record goes on from here: what the client posted is not stored.
  const draft = result.record;
  if (normalizeEmail(draft.reqMainEmailAddress) !== email) return { kind: 'emailNotVerified' };
  const missingPhoto = await travellerWithoutPhoto(deps.db, draft, email);
  if (missingPhoto !== undefined) {
    const issue: SubmissionIssue = {
      field: 'photoId',
      message: 'photoNotFound',
      severity: 'error',
      step: 'photo',
    };
    return {
      kind: 'invalid',
      issues: [draft.bearerList.length > 1 ? { ...issue, traveller: missingPhoto } : issue],
    };
  }

  const reminderConsent = reminderConsentOf(input);
  // The consent is part of the request: the same key with the other answer is another request.
  const requestHash = createHash('sha256')
    .update(JSON.stringify(draft) + (reminderConsent ? '\nreminderConsent' : ''))
    .digest('base64url');
  let stored = false;
  const attempt = () =>
    withTransaction(deps.db, async (tx): Promise<SubmissionOutcome> => {
      const now = deps.clock();
      // A group: one application per traveller, each screened and decided on its own; a family
      // pays once, under its group number (issue 27).
      const groupNum = draft.bearerList.length > 1 ? newGroupNumber() : null;
      const feeDue = isFeeDue(todayIn(now, deps.fee.timeZone), deps.fee.waivedUntil);
      const fee = feeFor(draft.bearerList.length);
      const numbered = draft.bearerList.map((bearer) => ({
        bearer,
        id: randomUUID(),
        reqNum: newApplicationNumber(),
      }));
      const travellers: TravellerReceipt[] = numbered.map(({ bearer, reqNum }) => ({
        reqNum,
        firstName: bearer.firstName,
        lastName: bearer.lastName,
      }));
      const [firstTraveller] = travellers as [TravellerReceipt, ...TravellerReceipt[]];
      const receipt: Receipt = {
        ...firstTraveller,
        email,
        travellers,
        ...(groupNum ? { groupNum } : {}),
      };
      // The key is claimed with the answer it replays, in the first traveller's statement (issue
      // 32): a repeat finds it taken, and everything this attempt wrote goes back.
      let key: KeyRow | undefined;
      if (idempotencyKey) {
        const { statusCode, body } = answerOf(receipt);
        key = {
          key: idempotencyKey,
          email,
          request_hash: requestHash,
          created_at: now,
          status_code: statusCode,
          response: json(body),
        };
      }
      // One tick covers every traveller of a family.
      const storing: Stored = { email, now, language, groupNum, feeDue, reminderConsent };
      for (const [index, { bearer, id, reqNum }] of numbered.entries()) {
        const traveller = travellers[index] as TravellerReceipt;
        const mail = acknowledgementMail(
          {
            ...traveller,
            ...(feeDue
              ? {
                  feeDue: { amount: fee.amount, payUrl: statusPageUrl(deps.fee.publicUrl, reqNum) },
                }
              : {}),
          },
          language,
        );
        // The first traveller's statement also claims the key and revokes the session: revoking
        // is the check too, so a second submission of the session (another key, or a race)
        // stores nothing. The key is read first, so that a repeat of the stored application
        // still gets its answer.
        const { claimed, revoked, link } = await storeTraveller(
          tx,
          { ...draft, bearerList: [bearer] },
          storing,
          { id, reqNum, mail },
          index === 0 ? { session, key } : undefined,
        );
        if (!claimed) throw new KeyTaken();
        if (!revoked) throw new SessionSubmitted();
        // Opened by a renewal link or a new passport: the first traveller's application renews.
        if (link) {
          await linkRenewal(tx, link, { applicationId: id, birthDate: bearer.birthDate, now });
        }
      }
      stored = true;
      return { kind: 'submitted', receipt };
    });
  // A clash of random application numbers is rare: the whole submission is tried again.
  const tryStoring = async (triesLeft: number): Promise<SubmissionOutcome> =>
    attempt().catch((error: unknown) => {
      if (error instanceof SessionSubmitted) return { kind: 'sessionSubmitted' } as const;
      if (error instanceof KeyTaken && idempotencyKey) {
        return replayOf(deps.db, idempotencyKey, email, requestHash);
      }
      if (triesLeft > 1 && isNumberTaken(error)) return tryStoring(triesLeft - 1);
      throw error;
    });
  const outcome = await tryStoring(3);
  if (stored) deps.metrics?.submissionsStored.inc();
  return outcome;
};
