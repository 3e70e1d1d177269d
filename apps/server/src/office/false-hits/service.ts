// The steps of a false-hit mark (issue 30 item 4, decision 055), each in one transaction with its
// audit row: the case holder marks a watchlist hit "not this person"; a supervisor who did not
// mark it confirms or rejects it (four eyes); a supervisor withdraws a confirmed mark. What may
// happen now is the domain's (false-hits.ts); the server checks the case, the hit and the claim.
import {
  type FalseHitMarkRequest,
  type FalseHitMarkView,
  type FalseHitMove,
  falseHitConfirmation,
  falseHitStateOf,
  isWithOffice,
  nextFalseHitState,
} from '@eta-il/domain';
import { sql } from 'kysely';
import type { OfficeDb } from '../../audit/tables.ts';
import type { Clock } from '../../clock.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type Acting, auditActing } from '../audit/acting.ts';
import { readMark, travellersOf } from './read.ts';

export type FalseHitProblem =
  | 'notFound'
  /** The case has no such watchlist hit for that bearer. */
  | 'noSuchHit'
  | 'claimedByOther'
  | 'claimFirst'
  /** The case is not with the office (decided, or still being screened). */
  | 'wrongState'
  /** The bearer's passport or birth date is missing: a mark would match no one. */
  | 'incompleteTraveller'
  /** A live mark (proposed or confirmed) for this entry and traveller exists already. */
  | 'alreadyMarked'
  /** The mark is not in the state this step starts from. */
  | 'wrongMarkState'
  /** Four eyes: the one who marked it may not confirm or reject it. */
  | 'sameStaff'
  | 'notSupervisor';

export type FalseHitOutcome =
  | { ok: true; mark: FalseHitMarkView }
  | { ok: false; problem: FalseHitProblem };

export interface FalseHitContext {
  db: OfficeDb;
  clock: Clock;
}

const done = async (tx: OfficeDb, id: string): Promise<FalseHitOutcome> => {
  const mark = await readMark(tx, id);
  return mark ? { ok: true, mark } : { ok: false, problem: 'notFound' };
};

interface StoredHit {
  code?: unknown;
  details?: { entryId?: unknown; lastChange?: unknown };
}

/** The case holder marks bearer `bearerIndex`'s hit on `entryId` "not this person". */
export const markFalseHit = (
  ctx: FalseHitContext,
  caseId: string,
  acting: Acting,
  body: FalseHitMarkRequest,
) =>
  withTransaction(ctx.db, async (tx): Promise<FalseHitOutcome> => {
    const app = await tx
      .selectFrom('application')
      .select(['id', 'state', 'draft'])
      .where('id', '=', caseId)
      .forUpdate()
      .executeTakeFirst();
    if (!app) return { ok: false, problem: 'notFound' };
    const claim = await tx
      .selectFrom('case_claim')
      .select('staff_id')
      .where('application_id', '=', caseId)
      .executeTakeFirst();
    if (claim && claim.staff_id !== acting.staff.id)
      return { ok: false, problem: 'claimedByOther' };
    if (!isWithOffice(app.state)) return { ok: false, problem: 'wrongState' };
    if (!claim) return { ok: false, problem: 'claimFirst' };
    const result = await tx
      .selectFrom('screening_result')
      .select('hits')
      .where('application_id', '=', caseId)
      .where('bearer_index', '=', body.bearerIndex)
      .executeTakeFirst();
    const hits = Array.isArray(result?.hits) ? (result.hits as StoredHit[]) : [];
    const hit = hits.find((h) => h.code === 'WATCHLIST' && h.details?.entryId === body.entryId);
    if (!hit) return { ok: false, problem: 'noSuchHit' };
    const traveller = travellersOf(app.draft)[body.bearerIndex];
    if (
      !traveller ||
      traveller.passportNumber === '' ||
      traveller.issuingCountryId === null ||
      traveller.birthDate === ''
    ) {
      return { ok: false, problem: 'incompleteTraveller' };
    }
    // The entry as the officer saw it on this hit: a mark holds for that version only.
    const lastChange = typeof hit.details?.lastChange === 'string' ? hit.details.lastChange : '';
    const inserted = await tx
      .insertInto('false_hit_mark')
      .values({
        entry_id: body.entryId,
        entry_last_change: lastChange,
        passport_number: traveller.passportNumber,
        issuing_country_id: traveller.issuingCountryId,
        birth_date: traveller.birthDate,
        reason: body.reason,
        application_id: caseId,
        bearer_index: body.bearerIndex,
        marked_by: acting.staff.id,
        marked_at: ctx.clock(),
      })
      .onConflict((oc) =>
        oc
          .columns([
            'entry_id',
            'entry_last_change',
            'passport_number',
            'issuing_country_id',
            'birth_date',
          ])
          .where(sql<boolean>`rejected_at IS NULL AND withdrawn_at IS NULL`)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { ok: false, problem: 'alreadyMarked' };
    await auditActing(tx, acting, ctx.clock(), 'markFalseHit', caseId, {
      markId: inserted.id,
      entryId: body.entryId,
      entryLastChange: lastChange,
      bearerIndex: body.bearerIndex,
      reason: body.reason,
    });
    return done(tx, inserted.id);
  });

const STAMPS: Record<
  FalseHitMove,
  {
    by: 'confirmed_by' | 'rejected_by' | 'withdrawn_by';
    at: 'confirmed_at' | 'rejected_at' | 'withdrawn_at';
    reason?: 'rejected_reason' | 'withdrawn_reason';
    action: string;
  }
> = {
  confirm: { by: 'confirmed_by', at: 'confirmed_at', action: 'confirmFalseHit' },
  reject: {
    by: 'rejected_by',
    at: 'rejected_at',
    reason: 'rejected_reason',
    action: 'rejectFalseHit',
  },
  withdraw: {
    by: 'withdrawn_by',
    at: 'withdrawn_at',
    reason: 'withdrawn_reason',
    action: 'withdrawFalseHit',
  },
};

/**
 * A supervisor's step on a mark: confirm or reject (four eyes: not the one who marked it), or
 * withdraw a confirmed one. The route lets through only the roles OFFICE_ROLES names.
 */
export const decideFalseHit = (
  ctx: FalseHitContext,
  markId: string,
  acting: Acting,
  move: FalseHitMove,
  reason: string | null,
) =>
  withTransaction(ctx.db, async (tx): Promise<FalseHitOutcome> => {
    const mark = await tx
      .selectFrom('false_hit_mark')
      .selectAll()
      .where('id', '=', markId)
      .forUpdate()
      .executeTakeFirst();
    if (!mark) return { ok: false, problem: 'notFound' };
    if (move !== 'withdraw') {
      const allowed = falseHitConfirmation(mark.marked_by, {
        staff: acting.staff.id,
        role: acting.staff.role,
      });
      if (!allowed.ok) return { ok: false, problem: allowed.refusal };
    }
    const state = falseHitStateOf({
      confirmedAt: mark.confirmed_at,
      rejectedAt: mark.rejected_at,
      withdrawnAt: mark.withdrawn_at,
    });
    if (nextFalseHitState(state, move) === undefined)
      return { ok: false, problem: 'wrongMarkState' };
    const stamp = STAMPS[move];
    await tx
      .updateTable('false_hit_mark')
      .set({
        [stamp.by]: acting.staff.id,
        [stamp.at]: ctx.clock(),
        ...(stamp.reason ? { [stamp.reason]: reason } : {}),
      })
      .where('id', '=', markId)
      .execute();
    await auditActing(tx, acting, ctx.clock(), stamp.action, mark.application_id, {
      markId,
      entryId: mark.entry_id,
      markedBy: mark.marked_by,
      ...(reason ? { reason } : {}),
    });
    return done(tx, markId);
  });
