// Requests to move a lost contact address (decision 047) in the back office: the queue, one
// request beside the stored passport (its MRZ compared field by field), and the decision. Accepting
// changes the address through the status correction's own code (correctInTransaction: checked by
// the application's rules, written to its correction history, the old address told), in one
// transaction with the request's status, the new address's e-mail and the audit row.
import {
  type ContactRequestDetails,
  type ContactRequestStatus,
  type ContactRequestSummary,
  compareMrzWithPassport,
  isPendingContactRequest,
  parseTd3,
  storedPassportOf,
  todayIn,
} from '@eta-il/domain';
import type { ReferenceCache } from '../../api/reference-data/cache.ts';
import { correctInTransaction } from '../../api/status/correction.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { DecisionDeps } from '../../decisions/move-application.ts';
import { maskEmail } from '../../mail/mask-email.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { contactRequestMail, mailLanguage } from '../../mail/templates.ts';
import { type Acting, auditActing } from '../audit/acting.ts';

export interface ContactRequestContext {
  db: OfficeDb;
  reference: ReferenceCache;
  deps: DecisionDeps;
}

const QUEUE_LIMIT = 200;

/** The requests waiting for an officer, oldest first. */
export const readContactQueue = async (db: OfficeDb): Promise<ContactRequestSummary[]> => {
  const rows = await db
    .selectFrom('contact_change_request as r')
    .innerJoin('application as a', 'a.id', 'r.application_id')
    .select(['r.id', 'a.req_num', 'a.first_name', 'a.last_name', 'r.requested_at', 'a.state'])
    .where('r.status', '=', 'pending')
    .orderBy('r.requested_at')
    .limit(QUEUE_LIMIT)
    .execute();
  return rows.map(
    (row): ContactRequestSummary => ({
      id: row.id,
      applicationNumber: row.req_num,
      name: `${row.first_name} ${row.last_name}`,
      requestedAt: row.requested_at.toISOString(),
    }),
  );
};

/** One request in full: its application's stored passport and photo, its MRZ compared. */
export const readContactRequest = async (
  ctx: ContactRequestContext,
  id: string,
): Promise<ContactRequestDetails | undefined> => {
  const row = await ctx.db
    .selectFrom('contact_change_request as r')
    .innerJoin('application as a', 'a.id', 'r.application_id')
    .leftJoin('staff as s', 's.id', 'r.decided_by')
    .select([
      'r.id',
      'r.application_id',
      'r.new_email',
      'r.mrz_line1',
      'r.mrz_line2',
      'r.requested_at',
      'r.status',
      'r.decided_at',
      'r.reason',
      's.email as decided_by',
      'a.req_num',
      'a.email',
      'a.state',
      'a.draft',
      'a.photo_id',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { data: reference } = await ctx.reference.get();
  const stored = storedPassportOf(row.draft, reference);
  const mrz: [string, string] = [row.mrz_line1, row.mrz_line2];
  const parsed = parseTd3(mrz, todayIn(ctx.deps.clock(), ctx.deps.timeZone));
  return {
    id: row.id,
    applicationId: row.application_id,
    applicationNumber: row.req_num,
    applicationState: row.state,
    currentEmail: row.email,
    newEmail: row.new_email,
    mrz,
    requestedAt: row.requested_at.toISOString(),
    status: row.status as ContactRequestStatus,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
    storedPassport: stored,
    // Null when the lines no longer read (they were checked when the request was made).
    comparison: parsed.ok ? compareMrzWithPassport(parsed.fields, stored) : null,
    photoUrl: row.photo_id ? `/office/api/cases/${row.application_id}/photo` : null,
  };
};

export type ContactDecisionProblem = 'notFound' | 'notPending' | 'alreadyDecided' | 'invalid';

type ContactDecision =
  | { ok: true; status: ContactRequestStatus }
  | { ok: false; problem: ContactDecisionProblem };

const lockPending = (tx: OfficeDb, id: string) =>
  tx
    .selectFrom('contact_change_request as r')
    .innerJoin('application as a', 'a.id', 'r.application_id')
    .select([
      'r.id',
      'r.application_id',
      'r.new_email',
      'r.status',
      'r.requested_at',
      'a.req_num',
      'a.email',
      'a.language',
    ])
    .where('r.id', '=', id)
    .forUpdate('r')
    .executeTakeFirst();

const decideIn = (
  ctx: ContactRequestContext,
  id: string,
  work: (
    tx: OfficeDb,
    request: NonNullable<Awaited<ReturnType<typeof lockPending>>>,
  ) => Promise<ContactDecision>,
) =>
  withTransaction(ctx.db, async (tx): Promise<ContactDecision> => {
    const request = await lockPending(tx, id);
    if (!request) return { ok: false, problem: 'notFound' };
    if (!isPendingContactRequest(request.status)) return { ok: false, problem: 'notPending' };
    return work(tx, request);
  });

const closeRequest = (
  tx: OfficeDb,
  id: string,
  acting: Acting,
  now: Date,
  status: ContactRequestStatus,
  reason: string | null,
) =>
  tx
    .updateTable('contact_change_request')
    .set({ status, decided_by: acting.staff.id, decided_at: now, reason })
    .where('id', '=', id)
    .execute();

/** Moves the application's address to the request's; the old address is told, then the new. */
export const acceptContactRequest = async (
  ctx: ContactRequestContext,
  id: string,
  acting: Acting,
) => {
  // Read before the transaction: on PGlite (one connection) a read inside it would wait for it.
  const { data: reference } = await ctx.reference.get();
  return decideIn(ctx, id, async (tx, request) => {
    const now = ctx.deps.clock();
    const corrected = await correctInTransaction(
      tx,
      { reference, clock: ctx.deps.clock, timeZone: ctx.deps.timeZone },
      request.application_id,
      { reqMainEmailAddress: request.new_email },
    );
    if (corrected.kind === 'decided') return { ok: false, problem: 'alreadyDecided' };
    if (corrected.kind === 'invalid') return { ok: false, problem: 'invalid' };
    await closeRequest(tx, id, acting, now, 'accepted', null);
    await enqueueMail(tx, {
      kind: 'contact-request-accepted',
      to: request.new_email,
      content: contactRequestMail(
        { reqNum: request.req_num, address: maskEmail(request.new_email), at: now },
        mailLanguage(request.language),
      ),
      now,
    });
    await auditActing(tx, acting, now, 'acceptContactChange', request.application_id, {
      request: id,
      from: request.email,
      to: request.new_email,
    });
    return { ok: true, status: 'accepted' };
  });
};

/** Leaves the address as it is; both addresses are told, with the officer's reason. */
export const rejectContactRequest = (
  ctx: ContactRequestContext,
  id: string,
  acting: Acting,
  reason: string,
) =>
  decideIn(ctx, id, async (tx, request) => {
    const now = ctx.deps.clock();
    await closeRequest(tx, id, acting, now, 'rejected', reason);
    const content = contactRequestMail(
      {
        reqNum: request.req_num,
        address: maskEmail(request.new_email),
        at: now,
        rejectedFor: reason,
      },
      mailLanguage(request.language),
    );
    for (const to of [request.new_email, request.email]) {
      await enqueueMail(tx, { kind: 'contact-request-rejected', to, content, now });
    }
    await auditActing(tx, acting, now, 'rejectContactChange', request.application_id, {
      request: id,
      to: request.new_email,
      reason,
    });
    return { ok: true, status: 'rejected' };
  });
