// Screens one submitted application: every bearer against the screening rules, then one move of
// the state machine — `approved` when no bearer has a hit, `in_review` with the reason codes when
// any has. One transaction: the application is locked, the results and both transitions are
// stored together, so a job that runs twice (a retry after a crash) screens once.

import { createHash } from 'node:crypto';
import {
  type ApplicationDraft,
  type ApplicationState,
  awaitsScreening,
  type FalseHitMark,
  isBeforeScreeningResult,
  isRefused,
  isWithOffice,
  normalizeDocumentNumber,
  OFFICE_WAITING_STATES,
  referringHits,
  SCREENING_STATES,
  type ScreeningLists,
  type ScreeningResult,
  type StoredRefusal,
  screenBearer,
  screeningInputFromBearer,
  statesWhere,
  todayIn,
} from '@eta-il/domain';
import type { Kysely } from 'kysely';
import { type Db, json } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import { withTransaction } from '../db/transaction.ts';
import { type DecisionDeps, moveApplication } from './move-application.ts';

/** The state screening moved the application to, or what the job did instead. */
export type ScreeningJobOutcome = ApplicationState | 'rescreened' | 'skipped';

const REFUSED_STATES = statesWhere(isRefused);

/** Refusals stored here for the passports of this application (the engine is pure). */
const storedRefusalsFor = async (
  tx: Kysely<Schema>,
  draft: ApplicationDraft,
): Promise<StoredRefusal[]> => {
  const numbers = draft.bearerList.map((b) => b.passportNum).filter((n) => n !== '');
  if (numbers.length === 0) return [];
  const rows = await tx
    .selectFrom('application as a')
    .innerJoin('application_transition as t', 't.application_id', 'a.id')
    .select(['a.req_num', 'a.passport_num', 'a.draft', 't.at'])
    .where('a.state', 'in', REFUSED_STATES)
    .where('t.to_state', 'in', REFUSED_STATES)
    .where('a.passport_num', 'in', numbers)
    .execute();
  return rows.map((row) => ({
    applicationNumber: row.req_num,
    refusedOn: row.at.toISOString().slice(0, 10),
    passportCountry: row.draft.bearerList[0]?.passportCountryId?.COUNTRY_CODE ?? '',
    passportNumber: row.passport_num,
  }));
};

/**
 * The confirmed, standing false-hit marks for the passports of this application, in one query
 * (decision 055); the engine keeps those of each bearer's key and the entry as listed now.
 */
const falseHitMarksFor = async (
  tx: Kysely<Schema>,
  draft: ApplicationDraft,
): Promise<FalseHitMark[]> => {
  const numbers = [
    ...new Set(draft.bearerList.map((b) => normalizeDocumentNumber(b.passportNum))),
  ].filter((n) => n !== '');
  if (numbers.length === 0) return [];
  const rows = await tx
    .selectFrom('false_hit_mark')
    .select(['id', 'entry_id', 'entry_last_change', 'passport_number', 'issuing_country_id'])
    .select('birth_date')
    .where('passport_number', 'in', numbers)
    .where('confirmed_at', 'is not', null)
    .where('withdrawn_at', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    entryId: row.entry_id,
    entryLastChange: row.entry_last_change,
    traveller: {
      passportNumber: row.passport_number,
      issuingCountryId: row.issuing_country_id,
      birthDate: row.birth_date,
    },
    state: 'confirmed',
  }));
};

/**
 * The distinct reason codes of the hits that refer (not those a false-hit mark spares), in the
 * order the rules found them.
 */
const reasonCodesOf = (results: readonly ScreeningResult[]): string[] => [
  ...new Set(results.flatMap((r) => referringHits(r.hits).map((hit) => hit.code))),
];

/** Every bearer screened, each one's result stored (a later run replaces it): the results. */
const screenAndStore = async (
  tx: Kysely<Schema>,
  deps: DecisionDeps & { lists: ScreeningLists },
  applicationId: string,
  draft: ApplicationDraft,
): Promise<ScreeningResult[]> => {
  const now = deps.clock();
  const today = todayIn(now, deps.timeZone);
  const refusals = await storedRefusalsFor(tx, draft);
  const marks = await falseHitMarksFor(tx, draft);
  const results = draft.bearerList.map((bearer) =>
    screenBearer(screeningInputFromBearer(bearer, refusals, marks), deps.lists, today),
  );
  for (const [index, result] of results.entries()) {
    await tx
      .insertInto('screening_result')
      .values({
        application_id: applicationId,
        bearer_index: index,
        outcome: result.outcome,
        hits: json(result.hits),
        rules_checked: json(result.rulesChecked),
        screened_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['application_id', 'bearer_index']).doUpdateSet({
          outcome: result.outcome,
          hits: json(result.hits),
          rules_checked: json(result.rulesChecked),
          screened_at: now,
        }),
      )
      .execute();
  }
  return results;
};

/**
 * Screens a submitted application and moves it; or, for a case an officer has whose arrival date
 * the traveller corrected, screens it again and renews the results the officer reads (the case
 * stays with the officer, who decides).
 */
export const screenApplication = async (
  db: Db,
  deps: DecisionDeps & { lists: ScreeningLists },
  applicationId: string,
): Promise<ScreeningJobOutcome> => {
  return withTransaction(db, async (tx): Promise<ScreeningJobOutcome> => {
    const row = await tx
      .selectFrom('application')
      .select(['state', 'draft', 'rescreen_due_at'])
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'skipped';
    // A case an officer has is screened again when a correction asked for it.
    if (row.rescreen_due_at && isWithOffice(row.state)) {
      await screenAndStore(tx, deps, applicationId, row.draft);
      await tx
        .updateTable('application')
        .set({ rescreen_due_at: null })
        .where('id', '=', applicationId)
        .execute();
      return 'rescreened';
    }
    if (!isBeforeScreeningResult(row.state)) return 'skipped';
    if (awaitsScreening(row.state)) {
      const started = await moveApplication(tx, deps, {
        applicationId,
        event: 'startScreening',
        actor: 'system',
      });
      if (!started.ok) return 'skipped';
    }
    const reasons = reasonCodesOf(await screenAndStore(tx, deps, applicationId, row.draft));
    const moved = await moveApplication(tx, deps, {
      applicationId,
      event: reasons.length === 0 ? 'screeningPassed' : 'screeningHit',
      actor: 'system',
      reasons,
    });
    if (!moved.ok) throw new Error(`screening could not move ${applicationId}: ${moved.refusal}`);
    return moved.to;
  });
};

/**
 * Applications waiting for screening, oldest first, and cases a correction asked to screen again,
 * each with the job id the relay files it under: the application's id for its first screening,
 * one derived from the id and the correction's time for a re-screening (a job id is filed once).
 */
export const applicationsAwaitingScreening = async (
  db: Db,
  limit = 100,
): Promise<{ id: string; jobId: string }[]> => {
  const waiting = await db
    .selectFrom('application')
    .select('id')
    .where('state', 'in', SCREENING_STATES)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const rescreen = await db
    .selectFrom('application')
    .select(['id', 'rescreen_due_at'])
    .where('rescreen_due_at', 'is not', null)
    .where('state', 'in', OFFICE_WAITING_STATES)
    .orderBy('rescreen_due_at')
    .limit(limit)
    .execute();
  return [
    ...waiting.map(({ id }) => ({ id, jobId: id })),
    ...rescreen.map(({ id, rescreen_due_at }) => ({
      id,
      jobId: rescreenJobId(id, rescreen_due_at ?? new Date(0)),
    })),
  ];
};

/** A job id (a UUID) for the re-screening a correction at `due` asked for. */
export const rescreenJobId = (applicationId: string, due: Date): string => {
  const hex = createHash('sha256').update(`${applicationId}:${due.toISOString()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
