// moveApplication: the server's only way to change an application's state (STYLE.md item 9).
// It asks the domain's machine, stores the transition, mirrors the state in the stored draft's
// reqStatusId, issues the authorizations on approval, and queues the e-mail the traveller gets,
// all in one transaction.
import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type ApplicationDraft,
  type ApplicationState,
  actorKind,
  asksTraveller,
  authorizationValidUntil,
  awaitsScreening,
  isApplicationState,
  isAuthorized,
  type LifecycleEvent,
  maskPassportNumber,
  nextState,
  noticeOnMove,
  REQUEST_STATUS_OF,
  reviewUntil,
  type TransitionRefusal,
  todayIn,
} from '@eta-il/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { json } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import { queueWork, withTransaction } from '../db/transaction.ts';
import { MAIL_LANGUAGES, type MailLanguage } from '../mail/templates.ts';
import { queueTravellerNotice } from './notify-traveller.ts';
import { statusPageUrl, visaPageUrl } from './public-url.ts';

export interface DecisionDeps {
  clock: Clock;
  /** The time zone of the decision's date (the first day of validity). */
  timeZone: string;
  /** Where travellers reach the service (links in e-mails). */
  publicUrl: string;
  /** Days after a refusal during which a review may be asked (REVIEW_DAYS; issue 30). */
  reviewDays?: number;
}

export interface Move {
  applicationId: string;
  event: LifecycleEvent;
  actor: Actor;
  reasons?: readonly string[];
  note?: string;
}

export type MoveOutcome =
  | { ok: true; from: ApplicationState; to: ApplicationState }
  | { ok: false; refusal: TransitionRefusal | 'notFound' };

export const languageOf = (stored: string): MailLanguage =>
  MAIL_LANGUAGES.find((l) => l === stored) ?? 'en';

const moveIn = async (tx: Kysely<Schema>, deps: DecisionDeps, move: Move): Promise<MoveOutcome> => {
  const row = await tx
    .selectFrom('application')
    .select(['id', 'req_num', 'state', 'email', 'language', 'draft', 'replaces_application_id'])
    .where('id', '=', move.applicationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || !isApplicationState(row.state)) return { ok: false, refusal: 'notFound' };
  const outcome = nextState(row.state, move.event, move.actor, move.reasons ?? []);
  if (!outcome.ok) return outcome;

  const now = deps.clock();
  const status = REQUEST_STATUS_OF[outcome.to];
  const draft: ApplicationDraft = { ...row.draft, reqStatusId: { ...status } };
  await tx
    .updateTable('application')
    .set({
      state: outcome.to,
      state_changed_at: now,
      draft: json(draft),
    })
    .where('id', '=', row.id)
    .execute();
  // Waiting for screening, it is the screening job's outbox row (jobs/screen-applications.ts).
  if (awaitsScreening(outcome.to)) queueWork(tx);
  await tx
    .insertInto('application_transition')
    .values({
      application_id: row.id,
      from_state: outcome.from,
      to_state: outcome.to,
      at: now,
      actor_kind: actorKind(move.actor),
      actor_id: typeof move.actor === 'string' ? null : move.actor.staff,
      reasons: json(outcome.reasons),
      note: move.note ?? null,
    })
    .execute();

  const validFrom = todayIn(now, deps.timeZone);
  const main = draft.bearerList[0];
  let validUntil: string | undefined;
  if (isAuthorized(outcome.to)) {
    for (const [index, bearer] of draft.bearerList.entries()) {
      const until = authorizationValidUntil(validFrom, bearer.passportExpireDate);
      validUntil ??= until;
      await tx
        .insertInto('travel_authorization')
        .values({
          id: randomUUID(),
          application_id: row.id,
          bearer_index: index,
          passport_num: bearer.passportNum,
          passport_country_id: bearer.passportCountryId?.id ?? 0,
          valid_from: validFrom,
          valid_until: until,
          issued_at: now,
        })
        .execute();
    }
  }

  // A new passport's approval ends the authorization it replaces (decision 057): only now, and in
  // this transaction. One no longer approved (revoked, or replaced already) stays as it is.
  if (isAuthorized(outcome.to) && row.replaces_application_id) {
    await moveIn(tx, deps, {
      applicationId: row.replaces_application_id,
      event: 'replace',
      actor: 'system',
    });
  }

  const notice = noticeOnMove(outcome.from, outcome.to);
  if (notice) {
    await queueTravellerNotice(tx, {
      notice,
      to: row.email,
      language: languageOf(row.language),
      now,
      values: {
        reqNum: row.req_num,
        firstName: main?.firstName ?? '',
        lastName: main?.lastName ?? '',
        statusUrl: statusPageUrl(deps.publicUrl, row.req_num),
        question: asksTraveller(outcome.to) ? move.note : undefined,
        visaUrl: visaPageUrl(deps.publicUrl),
        validFrom,
        validUntil,
        passport: maskPassportNumber(main?.passportNum ?? ''),
        reasons: outcome.reasons,
        // A first refusal says until when its review may be asked (an upheld one is final).
        reviewUntil: notice === 'refused' ? reviewUntil(validFrom, deps.reviewDays) : undefined,
      },
    });
  }
  return { ok: true, from: outcome.from, to: outcome.to };
};

/**
 * Moves an application by an event. Given a transaction, it runs inside it (its commit wakes the
 * mail worker); given the database, it opens its own transaction.
 */
export const moveApplication = (
  db: Kysely<Schema>,
  deps: DecisionDeps,
  move: Move,
): Promise<MoveOutcome> => withTransaction(db, (tx) => moveIn(tx, deps, move));
