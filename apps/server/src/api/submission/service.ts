// Submitting an application (POST /api/senddatamarom): the same domain rules as the screens make
// the canonical record (decision 013), and only that record is stored, with the indexed columns
// read from it; one transaction stores it, queues the acknowledgement and records the idempotency
// key, so a repeated submission returns the first answer and stores nothing new.
import { createHash, randomUUID } from 'node:crypto';
import {
  type ApplicationDraft,
  bearerOf,
  canonicalRecord,
  type IsoDate,
  messageText,
  normalizeEmail,
  REQUEST_STATUS,
  type SubmissionIssue,
} from '@eta-il/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { type Db, json } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { acknowledgementMail, type MailLanguage } from '../../mail/templates.ts';
import type { Metrics } from '../../ops/metrics.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';
import { newApplicationNumber } from './application-number.ts';

export interface Answer {
  statusCode: number;
  payload: Record<string, unknown>;
}

const refusal = (statusCode: number, issues: SubmissionIssue[]): Answer => {
  const described = issues.map((i) => ({ ...i, text: messageText(i.message) }));
  const first = described[0]?.text ?? messageText('badRequest');
  return {
    statusCode,
    payload: { message: first, body: JSON.stringify({ error: first, issues: described }) },
  };
};

const isEmpty = (input: unknown) =>
  input === undefined ||
  input === null ||
  input === '' ||
  (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0);

export interface SubmissionDeps {
  db: Db;
  clock: Clock;
  reference: ReferenceCache;
  onMailQueued: () => void;
  /** Counts each application stored (not an idempotent repeat), after its commit. */
  metrics?: Pick<Metrics, 'submissionsStored'>;
}

export interface Submission {
  email: string;
  input: unknown;
  idempotencyKey: string | undefined;
  /** The date rules' today: the service's date, moved at most a day to the traveller's. */
  today: IsoDate;
  language?: MailLanguage;
}

const storeApplication = async (
  tx: Kysely<Schema>,
  draft: ApplicationDraft,
  email: string,
  now: Date,
  language: MailLanguage,
) => {
  const bearer = bearerOf(draft);
  for (;;) {
    const reqNum = newApplicationNumber();
    const stored = await tx
      .insertInto('application')
      .values({
        id: randomUUID(),
        req_num: reqNum,
        status_id: REQUEST_STATUS.submitted.id,
        status: REQUEST_STATUS.submitted.Description,
        email,
        passport_num: bearer.passportNum,
        passport_country_id: bearer.passportCountryId?.id ?? 0,
        first_name: bearer.firstName,
        last_name: bearer.lastName,
        birth_date: bearer.birthDate,
        arrival_date: bearer.estimatedArrivalDate,
        photo_id: bearer.photoId,
        draft: json(draft),
        created_at: now,
        // Every later e-mail (decisions) is written in the language the traveller applied in.
        language,
      })
      .onConflict((oc) => oc.column('req_num').doNothing())
      .returning('req_num')
      .executeTakeFirst();
    // A clash of random numbers is rare; draw again.
    if (stored) return stored.req_num;
  }
};

export const submitApplication = async (
  deps: SubmissionDeps,
  { email, input, idempotencyKey, today, language = 'en' }: Submission,
): Promise<Answer> => {
  if (isEmpty(input)) {
    return { statusCode: 403, payload: { message: messageText('dataRequired') } };
  }
  const { data: reference } = await deps.reference.get();
  const result = canonicalRecord(input, { today, reference });
  if (!result.ok) return refusal(400, result.issues);
  // Only the canonical record goes on from here: what the client posted is not stored.
  const draft = result.record;
  if (normalizeEmail(draft.reqMainEmailAddress) !== email) {
    return { statusCode: 403, payload: { message: messageText('emailNotVerified') } };
  }
  const photoId = bearerOf(draft).photoId;
  const photo = photoId
    ? await deps.db
        .selectFrom('photo')
        .select('id')
        .where('id', '=', photoId)
        .where('email', '=', email)
        .executeTakeFirst()
    : undefined;
  if (!photo) {
    return refusal(400, [
      { field: 'photoId', message: 'photoNotFound', severity: 'error', step: 'photo' },
    ]);
  }

  const requestHash = createHash('sha256').update(JSON.stringify(draft)).digest('base64url');
  let stored = false;
  const answer = await deps.db.transaction().execute(async (tx): Promise<Answer> => {
    const now = deps.clock();
    if (idempotencyKey) {
      // A concurrent insert of the same key waits here until the first transaction ends.
      const claimed = await tx
        .insertInto('idempotency_key')
        .values({ key: idempotencyKey, email, request_hash: requestHash, created_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) {
        const first = await tx
          .selectFrom('idempotency_key')
          .selectAll()
          .where('key', '=', idempotencyKey)
          .executeTakeFirstOrThrow();
        if (first.email !== email || first.request_hash !== requestHash || !first.response) {
          return { statusCode: 422, payload: { message: messageText('idempotencyConflict') } };
        }
        return {
          statusCode: first.status_code ?? 200,
          payload: first.response as Record<string, unknown>,
        };
      }
    }
    const reqNum = await storeApplication(tx, draft, email, now, language);
    stored = true;
    const bearer = bearerOf(draft);
    await enqueueMail(tx, {
      kind: 'acknowledgement',
      to: email,
      content: acknowledgementMail(
        {
          reqNum,
          firstName: bearer.firstName,
          lastName: bearer.lastName,
        },
        language,
      ),
      now,
    });
    const payload = {
      message: 'Submitted',
      body: '',
      firstName: bearer.firstName,
      familyName: bearer.lastName,
      emailAddress: email,
      ReqNum: reqNum,
    };
    if (idempotencyKey) {
      await tx
        .updateTable('idempotency_key')
        .set({ status_code: 200, response: json({ statusCode: 200, ...payload }) })
        .where('key', '=', idempotencyKey)
        .execute();
    }
    return { statusCode: 200, payload };
  });
  if (stored) deps.metrics?.submissionsStored.inc();
  if (answer.statusCode === 200) deps.onMailQueued();
  return answer;
};
