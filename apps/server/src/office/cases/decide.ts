// The back office's actions on a case, each in one transaction with its audit row: claim,
// release, approve, request information, propose a refusal, and (a different supervisor)
// confirm or reject it. The state moves only through moveApplication. The routes check each body
// with the domain's decision-form schema, so the reasons arrive typed: from their list, none twice.
import {
  type Actor,
  awaitsOfficer,
  type InfoRequestReason,
  isWithOffice,
  type LifecycleEvent,
  mayRoleDo,
  type RefusalReason,
  refusalConfirmation,
  type StaffMember,
} from '@eta-il/domain';
import type { AuditEntry } from '../../audit/record.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import { json } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type DecisionDeps, moveApplication } from '../../decisions/move-application.ts';
import { type Acting, auditActing } from '../audit/acting.ts';

export type CaseProblem =
  /** No such application. */
  | 'notFound'
  /** Another member of staff holds the case: read-only to everyone else. */
  | 'claimedByOther'
  /** Act only on a case you have claimed. */
  | 'claimFirst'
  /** The case is not waiting for this (decided, or waiting for the traveller). */
  | 'wrongState'
  /** A refusal waits for a supervisor: nothing else moves the case meanwhile. */
  | 'refusalPending'
  | 'noRefusalPending'
  /** Four eyes: the proposer may not confirm their own refusal. */
  | 'sameStaff'
  | 'reasonsInvalid';

export type CaseOutcome = { ok: true; state: string } | { ok: false; problem: CaseProblem };

interface CaseContext {
  db: OfficeDb;
  deps: DecisionDeps;
}

const actorOf = (staff: StaffMember): Actor => ({ staff: staff.id, role: staff.role });

const auditIn = (tx: OfficeDb, deps: DecisionDeps, acting: Acting, entry: Partial<AuditEntry>) =>
  auditActing(
    tx,
    acting,
    deps.clock(),
    entry.action ?? 'unknown',
    entry.applicationId ?? null,
    entry.details,
  );

/**
 * Moves the case by the machine's `event`, as this member of staff, and records the decision in
 * the audit chain with it (the same transaction); the machine's refusal when it may not move.
 */
const moveAndAudit = async (
  tx: OfficeDb,
  ctx: CaseContext,
  acting: Acting,
  id: string,
  move: { event: LifecycleEvent; reasons?: readonly string[]; note?: string | undefined },
  audit: { action: string; details: Record<string, unknown> },
) => {
  const moved = await moveApplication(tx, ctx.deps, {
    applicationId: id,
    actor: actorOf(acting.staff),
    ...move,
  });
  if (moved.ok) await auditIn(tx, ctx.deps, acting, { ...audit, applicationId: id });
  return moved;
};

/** The case no longer held: it left the officers' hands with a decision. */
const releaseClaim = (tx: OfficeDb, id: string) =>
  tx.deleteFrom('case_claim').where('application_id', '=', id).execute();

/** The case locked for this transaction, with its claim and pending refusal. */
const lockCase = async (tx: OfficeDb, id: string) => {
  const app = await tx
    .selectFrom('application')
    .select(['id', 'state'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!app) return undefined;
  const claim = await tx
    .selectFrom('case_claim')
    .select('staff_id')
    .where('application_id', '=', id)
    .executeTakeFirst();
  const pending = await tx
    .selectFrom('pending_refusal')
    .select(['proposed_by', 'reasons', 'note'])
    .where('application_id', '=', id)
    .executeTakeFirst();
  return { ...app, claimedBy: claim?.staff_id, pending };
};

/** One action in one transaction; a decision's e-mail goes once it has committed. */
const run = ({ db }: CaseContext, work: (tx: OfficeDb) => Promise<CaseOutcome>) =>
  withTransaction(db, work);

export const claimCase = (ctx: CaseContext, id: string, acting: Acting) =>
  run(ctx, async (tx) => {
    const c = await lockCase(tx, id);
    if (!c) return { ok: false, problem: 'notFound' };
    if (!isWithOffice(c.state)) return { ok: false, problem: 'wrongState' };
    if (c.claimedBy && c.claimedBy !== acting.staff.id) {
      return { ok: false, problem: 'claimedByOther' };
    }
    if (!c.claimedBy) {
      await tx
        .insertInto('case_claim')
        .values({ application_id: id, staff_id: acting.staff.id, claimed_at: ctx.deps.clock() })
        .execute();
      await auditIn(tx, ctx.deps, acting, { action: 'claim', applicationId: id });
    }
    return { ok: true, state: c.state };
  });

/** The holder releases a claim; a supervisor may release anyone's (to reassign). */
export const releaseCase = (ctx: CaseContext, id: string, acting: Acting) =>
  run(ctx, async (tx) => {
    const c = await lockCase(tx, id);
    if (!c) return { ok: false, problem: 'notFound' };
    if (!c.claimedBy) return { ok: true, state: c.state };
    if (c.claimedBy !== acting.staff.id && !mayRoleDo(acting.staff.role, 'releaseAnyClaim')) {
      return { ok: false, problem: 'claimedByOther' };
    }
    await releaseClaim(tx, id);
    await auditIn(tx, ctx.deps, acting, {
      action: 'release',
      applicationId: id,
      details: { heldBy: c.claimedBy },
    });
    return { ok: true, state: c.state };
  });

/** The checks every decision shares: the case exists, is in review, is yours, has no refusal waiting. */
const decidable = (
  c: Awaited<ReturnType<typeof lockCase>>,
  acting: Acting,
): CaseProblem | undefined => {
  if (!c) return 'notFound';
  if (c.claimedBy && c.claimedBy !== acting.staff.id) return 'claimedByOther';
  if (!awaitsOfficer(c.state)) return 'wrongState';
  if (!c.claimedBy) return 'claimFirst';
  if (c.pending) return 'refusalPending';
  return undefined;
};

export const approveCase = (ctx: CaseContext, id: string, acting: Acting, note?: string) =>
  run(ctx, async (tx) => {
    const c = await lockCase(tx, id);
    const problem = decidable(c, acting);
    if (problem) return { ok: false, problem };
    const moved = await moveAndAudit(
      tx,
      ctx,
      acting,
      id,
      { event: 'approve', note },
      { action: 'approve', details: note ? { note } : {} },
    );
    if (!moved.ok) return { ok: false, problem: 'wrongState' };
    await releaseClaim(tx, id);
    return { ok: true, state: moved.to };
  });

export const requestInformation = (
  ctx: CaseContext,
  id: string,
  acting: Acting,
  ask: { reasons: InfoRequestReason[]; question: string },
) =>
  run(ctx, async (tx) => {
    const c = await lockCase(tx, id);
    const problem = decidable(c, acting);
    if (problem) return { ok: false, problem };
    const moved = await moveAndAudit(
      tx,
      ctx,
      acting,
      id,
      { event: 'requestInfo', reasons: ask.reasons, note: ask.question },
      { action: 'requestInfo', details: { reasons: ask.reasons, question: ask.question } },
    );
    if (!moved.ok) {
      return {
        ok: false,
        problem: moved.refusal === 'reasonsInvalid' ? 'reasonsInvalid' : 'wrongState',
      };
    }
    await tx
      .insertInto('info_request')
      .values({
        application_id: id,
        asked_by: acting.staff.id,
        reasons: json(ask.reasons),
        question: ask.question,
        asked_at: ctx.deps.clock(),
      })
      .execute();
    return { ok: true, state: moved.to };
  });

/** A refusal proposed: the traveller's state does not change until a supervisor confirms. */
export const proposeRefusal = (
  ctx: CaseContext,
  id: string,
  acting: Acting,
  refusal: { reasons: RefusalReason[]; note: string },
) =>
  run(ctx, async (tx) => {
    const { reasons } = refusal;
    const c = await lockCase(tx, id);
    const problem = decidable(c, acting);
    if (problem || !c) return { ok: false, problem: problem ?? 'notFound' };
    await tx
      .insertInto('pending_refusal')
      .values({
        application_id: id,
        proposed_by: acting.staff.id,
        reasons: json(reasons),
        note: refusal.note,
        proposed_at: ctx.deps.clock(),
      })
      .execute();
    await auditIn(tx, ctx.deps, acting, {
      action: 'proposeRefusal',
      applicationId: id,
      details: { reasons, note: refusal.note },
    });
    return { ok: true, state: c.state };
  });

/** Four eyes: a different supervisor confirms, and only then the application is refused. */
export const confirmRefusal = (ctx: CaseContext, id: string, acting: Acting) =>
  run(ctx, async (tx) => {
    const c = await lockCase(tx, id);
    if (!c) return { ok: false, problem: 'notFound' };
    if (!c.pending) return { ok: false, problem: 'noRefusalPending' };
    const allowed = refusalConfirmation(c.pending.proposed_by, {
      staff: acting.staff.id,
      role: acting.staff.role,
    });
    if (!allowed.ok) return { ok: false, problem: 'sameStaff' };
    const { proposed_by: proposedBy, reasons, note } = c.pending;
    const moved = await moveAndAudit(
      tx,
      ctx,
      acting,
      id,
      { event: 'refuse', reasons, note },
      { action: 'confirmRefusal', details: { proposedBy, reasons } },
    );
    if (!moved.ok) return { ok: false, problem: 'wrongState' };
    await tx.deleteFrom('pending_refusal').where('application_id', '=', id).execute();
    await releaseClaim(tx, id);
    return { ok: true, state: moved.to };
  });

/** A different supervisor rejects the proposed refusal: the case goes back to its officer. */
export const rejectRefusal = (ctx: CaseContext, id: string, acting: Acting, comment: string) =>
  run(ctx, async (tx) => {
    const c = await lockCase(tx, id);
    if (!c) return { ok: false, problem: 'notFound' };
    if (!c.pending) return { ok: false, problem: 'noRefusalPending' };
    if (c.pending.proposed_by === acting.staff.id) return { ok: false, problem: 'sameStaff' };
    await tx.deleteFrom('pending_refusal').where('application_id', '=', id).execute();
    await auditIn(tx, ctx.deps, acting, {
      action: 'rejectRefusal',
      applicationId: id,
      details: { proposedBy: c.pending.proposed_by, reasons: c.pending.reasons, comment },
    });
    return { ok: true, state: c.state };
  });

/**
 * A supervisor revokes an approved authorization (issue 28): the reasons (refusal reasons, which
 * the traveller reads in their language) and a note are required; /status, /verify and the
 * carriers see it at once, and the traveller is e-mailed.
 */
export const revokeAuthorization = (
  ctx: CaseContext,
  id: string,
  acting: Acting,
  given: { reasons: RefusalReason[]; note: string },
) =>
  run(ctx, async (tx) => {
    const c = await lockCase(tx, id);
    if (!c) return { ok: false, problem: 'notFound' };
    const moved = await moveAndAudit(
      tx,
      ctx,
      acting,
      id,
      { event: 'revoke', ...given },
      { action: 'revokeAuthorization', details: { reasons: given.reasons, note: given.note } },
    );
    if (!moved.ok) return { ok: false, problem: 'wrongState' };
    return { ok: true, state: moved.to };
  });
