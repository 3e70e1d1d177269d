// What the back office reads about cases: the queue, one case in full, and search.
import {
  ANSWER_WITHIN_HOURS,
  type CaseDetails,
  isRefused,
  OFFICE_HIDDEN_STATES,
  OFFICE_WAITING_STATES,
  type QueueCase,
  type QueueSort,
  type ScreeningHit,
  type SearchResult,
} from '@eta-il/domain';
import { sql } from 'kysely';
import type { OfficeDb } from '../../audit/tables.ts';
import { marksOfCase } from '../false-hits/read.ts';

/** The promise to travellers: a decision within 72 hours of submission. */
const DECISION_PROMISE_MS = ANSWER_WITHIN_HOURS * 60 * 60 * 1000;

export interface QueueFilters {
  /** The main bearer's nationality (country id of the reference list). */
  nationality?: number | undefined;
  /** A screening hit code (watchlist, lostDocument, …). */
  hit?: string | undefined;
  /** `submitted` (oldest first, the default) or `arrival` (soonest arrival first). */
  sort?: QueueSort | undefined;
}

const QUEUE_LIMIT = 200;

export const readQueue = async (
  db: OfficeDb,
  now: Date,
  filters: QueueFilters,
): Promise<QueueCase[]> => {
  let query = db
    .selectFrom('application as a')
    .leftJoin('case_claim as c', 'c.application_id', 'a.id')
    .leftJoin('staff as s', 's.id', 'c.staff_id')
    .leftJoin('pending_refusal as p', 'p.application_id', 'a.id')
    .select([
      'a.id',
      'a.req_num',
      'a.state',
      'a.created_at',
      sql<string>`a.arrival_date::text`.as('arrival_date'),
      'a.first_name',
      'a.last_name',
      sql<string | null>`a.draft->'bearerList'->0->'nationalityId'->>'id'`.as('nationality'),
      's.email as claimed_by',
      'p.proposed_at as refusal_proposed_at',
    ])
    .where('a.state', 'in', OFFICE_WAITING_STATES);
  if (filters.nationality !== undefined) {
    query = query.where(
      sql<boolean>`a.draft->'bearerList'->0->'nationalityId'->>'id' = ${String(filters.nationality)}`,
    );
  }
  if (filters.hit !== undefined) {
    const hit = JSON.stringify([{ code: filters.hit }]);
    query = query.where(
      sql<boolean>`EXISTS (SELECT 1 FROM screening_result r
        WHERE r.application_id = a.id AND r.hits @> ${hit}::jsonb)`,
    );
  }
  query =
    filters.sort === 'arrival'
      ? query.orderBy('a.arrival_date').orderBy('a.created_at')
      : query.orderBy('a.created_at');
  const rows = await query.limit(QUEUE_LIMIT).execute();
  const hits = await hitCodesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(
    (row): QueueCase => ({
      id: row.id,
      applicationNumber: row.req_num,
      state: row.state,
      submittedAt: row.created_at.toISOString(),
      timeLeftMs: row.created_at.getTime() + DECISION_PROMISE_MS - now.getTime(),
      arrivalDate: row.arrival_date,
      name: `${row.first_name} ${row.last_name}`,
      nationality: row.nationality === null ? null : Number(row.nationality),
      hits: hits.get(row.id) ?? [],
      claimedBy: row.claimed_by,
      refusalPending: row.refusal_proposed_at !== null,
    }),
  );
};

interface StoredHit {
  code?: unknown;
}

const hitCodesOf = async (db: OfficeDb, ids: string[]) => {
  const codes = new Map<string, string[]>();
  if (ids.length === 0) return codes;
  const rows = await db
    .selectFrom('screening_result')
    .select(['application_id', 'hits'])
    .where('application_id', 'in', ids)
    .execute();
  for (const row of rows) {
    const list = Array.isArray(row.hits) ? (row.hits as StoredHit[]) : [];
    const known = codes.get(row.application_id) ?? [];
    for (const hit of list) {
      if (typeof hit.code === 'string' && !known.includes(hit.code)) known.push(hit.code);
    }
    codes.set(row.application_id, known);
  }
  return codes;
};

/** A case in full but its fee (fee.ts), or undefined when there is no such application. */
export const readCase = async (
  db: OfficeDb,
  id: string,
): Promise<Omit<CaseDetails, 'fee'> | undefined> => {
  const app = await db
    .selectFrom('application')
    .select([
      'id',
      'req_num',
      'state',
      'email',
      'language',
      'created_at',
      'state_changed_at',
      'passport_num',
      'photo_id',
      'draft',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!app) return undefined;
  const [screening, earlier, transitions, claim, pending, infoRequests, corrections, decisions] =
    await Promise.all([
      db
        .selectFrom('screening_result')
        .select(['bearer_index', 'outcome', 'hits', 'rules_checked', 'screened_at'])
        .where('application_id', '=', id)
        .orderBy('bearer_index')
        .execute(),
      db
        .selectFrom('application')
        .select(['id', 'req_num', 'state', 'created_at'])
        .where('passport_num', '=', app.passport_num)
        .where('id', '!=', id)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('application_transition')
        .select(['from_state', 'to_state', 'at', 'actor_kind', 'actor_id', 'reasons', 'note'])
        .where('application_id', '=', id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('case_claim as c')
        .innerJoin('staff as s', 's.id', 'c.staff_id')
        .select(['s.id', 's.email', 'c.claimed_at'])
        .where('c.application_id', '=', id)
        .executeTakeFirst(),
      db
        .selectFrom('pending_refusal as p')
        .innerJoin('staff as s', 's.id', 'p.proposed_by')
        .select(['s.id', 's.email', 'p.reasons', 'p.note', 'p.proposed_at'])
        .where('p.application_id', '=', id)
        .executeTakeFirst(),
      db
        .selectFrom('info_request as i')
        .innerJoin('staff as s', 's.id', 'i.asked_by')
        .select(['s.email', 'i.reasons', 'i.question', 'i.asked_at', 'i.answer', 'i.answered_at'])
        .where('i.application_id', '=', id)
        .orderBy('i.id')
        .execute(),
      db
        .selectFrom('application_correction')
        .select(['field', 'old_value', 'new_value', 'at'])
        .where('application_id', '=', id)
        .orderBy('id')
        .execute(),
      // The four-eyes steps that move no state (a proposal, a rejection) and who proposed the
      // refusal a supervisor confirmed: the audit trail is where they are recorded.
      db
        .selectFrom('audit_event')
        .select(['at', 'staff_id', 'actor', 'action', 'details'])
        .where('application_id', '=', id)
        .where('action', 'in', [...REFUSAL_STEPS])
        .orderBy('seq')
        .execute(),
    ]);
  // The marks on its hits, and those that spared one (issue 30 item 4).
  const falseHitMarks = await marksOfCase(db, app.id, app.draft, screening);
  const emails = await staffEmails(db, [
    ...transitions.flatMap((t) => (t.actor_kind === 'staff' && t.actor_id ? [t.actor_id] : [])),
    ...decisions.flatMap((d) => proposerOf(d.details) ?? []),
  ]);
  const emailOf = (staffId: string | null | undefined) =>
    staffId ? (emails.get(staffId) ?? null) : null;
  const confirmation = decisions.findLast((d) => d.action === 'confirmRefusal');
  return {
    id: app.id,
    applicationNumber: app.req_num,
    state: app.state,
    email: app.email,
    language: app.language,
    submittedAt: app.created_at.toISOString(),
    stateChangedAt: app.state_changed_at?.toISOString() ?? null,
    answers: app.draft,
    photoUrl: app.photo_id ? `/office/api/cases/${app.id}/photo` : null,
    screening: screening.map((r) => ({
      bearerIndex: r.bearer_index,
      outcome: r.outcome,
      // As screen-application.ts stored them: the engine's hits and the codes of the rules checked.
      hits: r.hits as ScreeningHit[],
      rulesChecked: r.rules_checked as string[],
      screenedAt: r.screened_at.toISOString(),
    })),
    earlierApplications: earlier.map((e) => ({
      id: e.id,
      applicationNumber: e.req_num,
      state: e.state,
      submittedAt: e.created_at.toISOString(),
    })),
    history: transitions.map((t) => ({
      from: t.from_state,
      to: t.to_state,
      at: t.at.toISOString(),
      actorKind: t.actor_kind,
      actorId: t.actor_id,
      actorEmail: t.actor_kind === 'staff' ? emailOf(t.actor_id) : null,
      proposedByEmail:
        isRefused(t.to_state) && confirmation ? emailOf(proposerOf(confirmation.details)) : null,
      reasons: t.reasons,
      note: t.note,
    })),
    refusalSteps: decisions
      .filter((d) => d.action !== 'confirmRefusal')
      .map((d) => ({
        action: d.action as 'proposeRefusal' | 'rejectRefusal',
        at: d.at.toISOString(),
        byEmail: d.actor,
        proposedByEmail: emailOf(proposerOf(d.details)),
        reasons: stringsOf(d.details.reasons),
        note: textOf(d.details.note) ?? textOf(d.details.comment),
      })),
    corrections: corrections.map((c) => ({
      field: c.field,
      from: c.old_value,
      to: c.new_value,
      at: c.at.toISOString(),
    })),
    claim: claim
      ? { staffId: claim.id, email: claim.email, claimedAt: claim.claimed_at.toISOString() }
      : null,
    pendingRefusal: pending
      ? {
          proposedBy: pending.id,
          proposedByEmail: pending.email,
          reasons: pending.reasons,
          note: pending.note,
          proposedAt: pending.proposed_at.toISOString(),
        }
      : null,
    infoRequests: infoRequests.map((i) => ({
      askedBy: i.email,
      reasons: i.reasons,
      question: i.question,
      askedAt: i.asked_at.toISOString(),
      answer: i.answer,
      answeredAt: i.answered_at?.toISOString() ?? null,
    })),
    falseHitMarks,
  };
};

/** The audit actions of a refusal's four eyes the case history tells. */
const REFUSAL_STEPS = ['proposeRefusal', 'rejectRefusal', 'confirmRefusal'] as const;

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const stringsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
/** The staff id a confirmation or rejection names as the refusal's proposer. */
const proposerOf = (details: Record<string, unknown>) => textOf(details.proposedBy);

const staffEmails = async (db: OfficeDb, ids: string[]) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'email'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r.email]));
};

const SEARCH_LIMIT = 50;

/** By application number, passport number, or a part of the name. */
export const searchCases = async (db: OfficeDb, q: string): Promise<SearchResult[]> => {
  const term = q.trim();
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('application')
    .select(['id', 'req_num', 'state', 'first_name', 'last_name', 'passport_num', 'created_at'])
    .where((eb) =>
      eb.or([
        eb('req_num', '=', term),
        eb('passport_num', '=', term.toUpperCase()),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', like),
      ]),
    )
    .where('state', 'not in', OFFICE_HIDDEN_STATES)
    .orderBy('created_at', 'desc')
    .limit(SEARCH_LIMIT)
    .execute();
  return rows.map(
    (r): SearchResult => ({
      id: r.id,
      applicationNumber: r.req_num,
      state: r.state,
      name: `${r.first_name} ${r.last_name}`,
      passportNumber: r.passport_num,
      submittedAt: r.created_at.toISOString(),
    }),
  );
};
