// Screens one submitted application: every bearer against the screening rules, then one move of
// the state machine — `approved` when no bearer has a hit, `in_review` with the reason codes when
// any has. One transaction: the application is locked, the results and both transitions are
// stored together, so a job that runs twice (a retry after a crash) screens once.
import {
  type ApplicationDraft,
  type ScreeningLists,
  type ScreeningResult,
  type StoredRefusal,
  screenBearer,
  screeningInputFromBearer,
  todayIn,
} from '@eta-il/domain';
import type { Kysely } from 'kysely';
import { type Db, json } from '../db/database.ts';
import type { Schema } from '../db/schema.ts';
import { type DecisionDeps, moveApplication } from './move-application.ts';

export type ScreeningJobOutcome = 'approved' | 'in_review' | 'skipped';

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
    .where('a.state', '=', 'refused')
    .where('t.to_state', '=', 'refused')
    .where('a.passport_num', 'in', numbers)
    .execute();
  return rows.map((row) => ({
    applicationNumber: row.req_num,
    refusedOn: row.at.toISOString().slice(0, 10),
    passportCountry: row.draft.bearerList[0]?.passportCountryId?.COUNTRY_CODE ?? '',
    passportNumber: row.passport_num,
  }));
};

/** The distinct reason codes of the hits, in the order the rules found them. */
const reasonCodesOf = (results: readonly ScreeningResult[]): string[] => [
  ...new Set(results.flatMap((r) => r.hits.map((hit) => hit.code))),
];

export const screenApplication = async (
  db: Db,
  deps: DecisionDeps & { lists: ScreeningLists },
  applicationId: string,
): Promise<ScreeningJobOutcome> => {
  const outcome = await db.transaction().execute(async (tx): Promise<ScreeningJobOutcome> => {
    const row = await tx
      .selectFrom('application')
      .select(['state', 'draft'])
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || (row.state !== 'submitted' && row.state !== 'screening')) return 'skipped';
    if (row.state === 'submitted') {
      const started = await moveApplication(tx, deps, {
        applicationId,
        event: 'startScreening',
        actor: 'system',
      });
      if (!started.ok) return 'skipped';
    }
    const now = deps.clock();
    const today = todayIn(now, deps.timeZone);
    const refusals = await storedRefusalsFor(tx, row.draft);
    const results = row.draft.bearerList.map((bearer) =>
      screenBearer(screeningInputFromBearer(bearer, refusals), deps.lists, today),
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
    const reasons = reasonCodesOf(results);
    const moved = await moveApplication(tx, deps, {
      applicationId,
      event: reasons.length === 0 ? 'screeningPassed' : 'screeningHit',
      actor: 'system',
      reasons,
    });
    if (!moved.ok) throw new Error(`screening could not move ${applicationId}: ${moved.refusal}`);
    return moved.to === 'approved' ? 'approved' : 'in_review';
  });
  if (outcome !== 'skipped') deps.onMailQueued?.();
  return outcome;
};

/** Applications waiting for screening, oldest first (the relay files a job for each). */
export const applicationsAwaitingScreening = async (db: Db, limit = 100): Promise<string[]> =>
  (
    await db
      .selectFrom('application')
      .select('id')
      .where('state', 'in', ['submitted', 'screening'])
      .orderBy('created_at')
      .limit(limit)
      .execute()
  ).map((r) => r.id);
