// Reviews of refusals in the back office (issue 30 item 3): the supervisors' queue, one review
// beside its case, its documents, and the decision. Someone new decides: a supervisor who took no
// part in the refusal (the domain's reviewerEligibility; who took part is read from the refusal's
// transition and its four-eyes audit rows). The decision moves the application through the
// machine (upholdRefusal, overturnRefusal: an overturn approves and issues the authorization as
// any approval does, in moveApplication) in one transaction with the review's row and the audit.
import {
  REFUSAL_MOVE,
  type ReviewDetails,
  type ReviewDocumentType,
  type ReviewerRefusal,
  type ReviewOutcome,
  type ReviewSummary,
  reviewerEligibility,
  type StaffMember,
} from '@eta-il/domain';
import { sql } from 'kysely';
import type { OfficeDb } from '../../audit/tables.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type DecisionDeps, moveApplication } from '../../decisions/move-application.ts';
import { type Acting, auditActing } from '../audit/acting.ts';

export interface ReviewContext {
  db: OfficeDb;
  deps: DecisionDeps;
}

const QUEUE_LIMIT = 200;

/** The audit actions that name who proposed or confirmed a refusal (office/cases/decide.ts). */
const REFUSAL_AUDITS = ['proposeRefusal', 'confirmRefusal'] as const;

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The staff who took part in each application's refusal: whoever proposed one (even a proposal a
 * supervisor rejected: they have judged the case) and whoever confirmed it (the refusal's move).
 */
const refusalParticipants = async (
  db: OfficeDb,
  ids: readonly string[],
): Promise<Map<string, string[]>> => {
  const found = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
  if (ids.length === 0) return new Map();
  const [moves, steps] = await Promise.all([
    db
      .selectFrom('application_transition')
      .select(['application_id', 'actor_id'])
      .where('application_id', 'in', ids)
      .where('from_state', 'in', REFUSAL_MOVE.from)
      .where('to_state', '=', REFUSAL_MOVE.to)
      .execute(),
    db
      .selectFrom('audit_event')
      .select(['application_id', 'staff_id', 'details'])
      .where('application_id', 'in', ids)
      .where('action', 'in', [...REFUSAL_AUDITS])
      .execute(),
  ]);
  for (const move of moves) {
    if (move.actor_id) found.get(move.application_id)?.add(move.actor_id);
  }
  for (const step of steps) {
    if (!step.application_id) continue;
    const set = found.get(step.application_id);
    if (step.staff_id) set?.add(step.staff_id);
    const proposer = textOf(step.details.proposedBy);
    if (proposer) set?.add(proposer);
  }
  return new Map([...found].map(([id, staff]) => [id, [...staff]]));
};

const eligibility = (staff: StaffMember, tookPart: readonly string[]) => {
  const verdict = reviewerEligibility({ staff: staff.id, role: staff.role }, tookPart);
  return verdict.ok ? null : verdict.refusal;
};

/** The reviews waiting for a supervisor, oldest first, each saying whether `staff` may decide it. */
export const readReviewQueue = async (
  db: OfficeDb,
  staff: StaffMember,
): Promise<ReviewSummary[]> => {
  const rows = await db
    .selectFrom('application_review as r')
    .innerJoin('application as a', 'a.id', 'r.application_id')
    .select([
      'r.application_id',
      'r.asked_at',
      'a.req_num',
      'a.first_name',
      'a.last_name',
      sql<string>`(SELECT count(*) FROM application_review_document d
        WHERE d.application_id = r.application_id)::text`.as('documents'),
    ])
    .where('r.decided_at', 'is', null)
    .orderBy('r.asked_at')
    .orderBy('a.req_num')
    .limit(QUEUE_LIMIT)
    .execute();
  const participants = await refusalParticipants(
    db,
    rows.map((r) => r.application_id),
  );
  return rows.map((row): ReviewSummary => {
    const notDecidable = eligibility(staff, participants.get(row.application_id) ?? []);
    return {
      id: row.application_id,
      applicationNumber: row.req_num,
      name: `${row.first_name} ${row.last_name}`,
      askedAt: row.asked_at.toISOString(),
      documents: Number(row.documents),
      mayDecide: notDecidable === null,
      notDecidable,
    };
  });
};

/** Where the back office reads a document's bytes. */
const documentUrl = (id: string, position: number) =>
  `/office/api/reviews/${id}/documents/${position}`;

/** A review's own part (the case is office/cases/read.ts's), or undefined when none was asked. */
export const readReview = async (
  db: OfficeDb,
  id: string,
): Promise<Omit<ReviewDetails, 'refusal'> | undefined> => {
  const row = await db
    .selectFrom('application_review as r')
    .innerJoin('application as a', 'a.id', 'r.application_id')
    .leftJoin('staff as s', 's.id', 'r.decided_by')
    .select([
      'r.application_id',
      'a.req_num',
      'r.statement',
      'r.asked_at',
      'r.decided_at',
      'r.outcome',
      'r.reason',
      's.email as decided_by',
    ])
    .where('r.application_id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const documents = await db
    .selectFrom('application_review_document')
    .select(['position', 'media_type', sql<string>`octet_length(content)::text`.as('size')])
    .where('application_id', '=', id)
    .orderBy('position')
    .execute();
  return {
    id: row.application_id,
    applicationNumber: row.req_num,
    statement: row.statement,
    askedAt: row.asked_at.toISOString(),
    documents: documents.map((d) => ({
      position: d.position,
      mediaType: d.media_type,
      size: Number(d.size),
      url: documentUrl(id, d.position),
    })),
    decision:
      row.decided_at && row.outcome
        ? {
            outcome: row.outcome,
            byEmail: row.decided_by,
            at: row.decided_at.toISOString(),
            reason: row.reason,
          }
        : null,
  };
};

/** Whether `staff` may decide the review of `id` now; null when they may. */
export const mayDecideReview = async (
  db: OfficeDb,
  id: string,
  staff: StaffMember,
  decided: boolean,
): Promise<ReviewerRefusal | 'decided' | null> => {
  if (decided) return 'decided';
  const participants = await refusalParticipants(db, [id]);
  return eligibility(staff, participants.get(id) ?? []);
};

/** One stored (re-encoded) document: its type and bytes. */
export const readReviewDocument = (
  db: OfficeDb,
  id: string,
  position: number,
): Promise<{ media_type: ReviewDocumentType; content: Uint8Array } | undefined> =>
  db
    .selectFrom('application_review_document')
    .select(['media_type', 'content'])
    .where('application_id', '=', id)
    .where('position', '=', position)
    .executeTakeFirst();

export type ReviewProblem =
  /** No review was asked for this application. */
  | 'notFound'
  /** Decided already: the outcome is final. */
  | 'alreadyDecided'
  /** Not a supervisor, or one who proposed or confirmed the refusal. */
  | ReviewerRefusal
  /** The application is not waiting for its review (the machine refused the move). */
  | 'wrongState';

export type ReviewDecision =
  | { ok: true; state: string; outcome: ReviewOutcome }
  | { ok: false; problem: ReviewProblem };

const EVENT_OF = { upheld: 'upholdRefusal', overturned: 'overturnRefusal' } as const;

/**
 * Upholds (with the supervisor's reason) or overturns a refusal under review: the move, the
 * review's row and the audit row in one transaction. Refused, nothing moves (a reviewer who took
 * part is recorded as a refused attempt).
 */
export const decideReview = (
  { db, deps }: ReviewContext,
  id: string,
  acting: Acting,
  decision: { outcome: ReviewOutcome; reason: string | null },
): Promise<ReviewDecision> =>
  withTransaction(db, async (tx): Promise<ReviewDecision> => {
    const review = await tx
      .selectFrom('application_review')
      .select(['application_id', 'decided_at'])
      .where('application_id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!review) return { ok: false, problem: 'notFound' };
    if (review.decided_at !== null) return { ok: false, problem: 'alreadyDecided' };
    const now = deps.clock();
    const audit = (action: string, details: Record<string, unknown>) =>
      auditActing(tx, acting, now, action, id, details);
    const participants = await refusalParticipants(tx, [id]);
    const refusal = eligibility(acting.staff, participants.get(id) ?? []);
    if (refusal) {
      await audit('denied', { action: EVENT_OF[decision.outcome], refusal });
      return { ok: false, problem: refusal };
    }
    const moved = await moveApplication(tx, deps, {
      applicationId: id,
      event: EVENT_OF[decision.outcome],
      actor: { staff: acting.staff.id, role: acting.staff.role },
      ...(decision.reason === null ? {} : { note: decision.reason }),
    });
    if (!moved.ok) return { ok: false, problem: 'wrongState' };
    await tx
      .updateTable('application_review')
      .set({
        decided_by: acting.staff.id,
        decided_at: now,
        outcome: decision.outcome,
        reason: decision.reason,
      })
      .where('application_id', '=', id)
      .execute();
    await audit(
      EVENT_OF[decision.outcome],
      decision.reason === null ? {} : { reason: decision.reason },
    );
    return { ok: true, state: moved.to, outcome: decision.outcome };
  });
