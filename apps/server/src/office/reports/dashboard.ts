// The supervisor's dashboard: applications per state submitted today and in the last 7 days (in
// the service's time zone), the share decided by screening alone, the median and 95th-percentile
// time from the office's start to decision, the case waiting longest, the fees taken and refunded
// per day over the last 14 days, and the reviews of refusals (review-figures.ts). Applications
// waiting for their fee or expired unpaid are not the office's and are not counted
// (OFFICE_HIDDEN_STATES). The office's clock starts when an application is received
// (RECEIVED_STATE): at payment when a fee was due, else at submission.
// Issue 30 also: the false-hit marks by state, the referrals they spared, and the median time to
// decision of the cases screening referred.
import {
  type DashboardFees,
  DECISION_STATES,
  FEE_CURRENCY_CODE,
  OFFICE_HIDDEN_STATES,
  OFFICE_WAITING_STATES,
  type OfficeDashboard,
  RECEIVED_STATE,
  stateAfter,
  todayIn,
} from '@eta-il/domain';
import { sql } from 'kysely';
import type { OfficeDb } from '../../audit/tables.ts';
import { readReviewFigures } from './review-figures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When application `a` reached the office: its last move into RECEIVED_STATE (paid), or its creation. */
const officeSince = sql`coalesce((SELECT max(s.at) FROM application_transition s
  WHERE s.application_id = a.id AND s.to_state = ${RECEIVED_STATE}), a.created_at)`;

const perState = async (db: OfficeDb, tz: string, since: string) => {
  const rows = await sql<{ state: string; n: string }>`
    SELECT state, count(*)::text AS n FROM application
    WHERE (created_at AT TIME ZONE ${tz})::date >= ${since}::date
      -- Unpaid applications are no officer's business until paid (issue 27).
      AND state NOT IN (${sql.join([...OFFICE_HIDDEN_STATES])})
    GROUP BY state ORDER BY state`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.state, Number(r.n)]));
};

/** Days of fees the dashboard shows, today included. */
const FEE_DAYS = 14;

/** The ISO day `n` days after `day`. */
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Fees taken (payments paid) and refunded per day, in agorot, every day of the last 14 listed. */
const feesPerDay = async (db: OfficeDb, tz: string, today: string): Promise<DashboardFees> => {
  const since = plusDays(today, 1 - FEE_DAYS);
  const rows = await sql<{ day: string; kind: 'paid' | 'refunded'; n: string; minor: string }>`
    SELECT (paid_at AT TIME ZONE ${tz})::date::text AS day, 'paid' AS kind,
      count(*)::text AS n, sum(amount_minor)::text AS minor
    FROM payment WHERE paid_at IS NOT NULL AND (paid_at AT TIME ZONE ${tz})::date >= ${since}::date
    GROUP BY 1
    UNION ALL
    SELECT (created_at AT TIME ZONE ${tz})::date::text, 'refunded',
      count(*)::text, sum(amount_minor)::text
    FROM refund WHERE (created_at AT TIME ZONE ${tz})::date >= ${since}::date
    GROUP BY 1`.execute(db);
  const days = Array.from({ length: FEE_DAYS }, (_, i) => ({
    date: plusDays(since, i),
    paid: { count: 0, amountMinor: 0 },
    refunded: { count: 0, amountMinor: 0 },
  }));
  for (const row of rows.rows) {
    const day = days.find((d) => d.date === row.day);
    if (day) day[row.kind] = { count: Number(row.n), amountMinor: Number(row.minor) };
  }
  return { currency: FEE_CURRENCY_CODE, days };
};

/** The false-hit marks by state, as they stand (decision 055). */
const falseHitMarks = async (db: OfficeDb) => {
  const rows = await sql<{
    proposed: string;
    confirmed: string;
    withdrawn: string;
    rejected: string;
  }>`
    SELECT
      count(*) FILTER (WHERE confirmed_at IS NULL AND rejected_at IS NULL)::text AS proposed,
      count(*) FILTER (WHERE confirmed_at IS NOT NULL AND withdrawn_at IS NULL)::text AS confirmed,
      count(*) FILTER (WHERE withdrawn_at IS NOT NULL)::text AS withdrawn,
      count(*) FILTER (WHERE rejected_at IS NOT NULL)::text AS rejected
    FROM false_hit_mark`.execute(db);
  const r = rows.rows[0];
  return {
    proposed: Number(r?.proposed ?? 0),
    confirmed: Number(r?.confirmed ?? 0),
    withdrawn: Number(r?.withdrawn ?? 0),
    rejected: Number(r?.rejected ?? 0),
  };
};

/**
 * Applications screening decided (a system decision: an approval) with a hit a mark spared: had
 * the mark not stood, an officer would have had the case.
 */
const referralsSpared = async (db: OfficeDb, tz: string, weekStart: string) => {
  const rows = await sql<{ week: string; total: string }>`
    SELECT count(*) FILTER (WHERE (t.at AT TIME ZONE ${tz})::date >= ${weekStart}::date)::text AS week,
      count(*)::text AS total
    FROM application_transition t
    WHERE t.actor_kind = 'system' AND t.to_state IN (${sql.join([...DECISION_STATES])})
      AND EXISTS (SELECT 1 FROM screening_result r, jsonb_array_elements(r.hits) h
        WHERE r.application_id = t.application_id AND jsonb_typeof(h->'sparedBy') = 'string')`.execute(
    db,
  );
  return { thisWeek: Number(rows.rows[0]?.week ?? 0), total: Number(rows.rows[0]?.total ?? 0) };
};

export const readDashboard = async (
  db: OfficeDb,
  now: Date,
  timeZone: string,
): Promise<OfficeDashboard> => {
  const today = todayIn(now, timeZone);
  const weekStart = todayIn(new Date(now.getTime() - 6 * DAY_MS), timeZone);
  const decisions = await sql<{
    decided: string;
    automatic: string;
    median_s: number | null;
    p95_s: number | null;
    referred_median_s: number | null;
  }>`
    SELECT count(*)::text AS decided,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM t.at - ${officeSince}))
        FILTER (WHERE EXISTS (SELECT 1 FROM application_transition r
          WHERE r.application_id = a.id AND r.to_state = ${stateAfter('screeningHit')})) AS referred_median_s,
      count(*) FILTER (WHERE t.actor_kind = 'system')::text AS automatic,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM t.at - ${officeSince})) AS median_s,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM t.at - ${officeSince})) AS p95_s
    FROM application_transition t JOIN application a ON a.id = t.application_id
    WHERE t.to_state IN (${sql.join([...DECISION_STATES])})
      AND (t.at AT TIME ZONE ${timeZone})::date >= ${weekStart}::date`.execute(db);
  const oldestRows = await sql<{ id: string; req_num: string; state: string; since: Date }>`
    SELECT a.id, a.req_num, a.state, ${officeSince} AS since FROM application a
    WHERE a.state IN (${sql.join([...OFFICE_WAITING_STATES])})
    ORDER BY since LIMIT 1`.execute(db);
  const oldest = oldestRows.rows[0];
  const d = decisions.rows[0];
  const decided = Number(d?.decided ?? 0);
  const seconds = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value));
  return {
    today: { since: today, perState: await perState(db, timeZone, today) },
    week: { since: weekStart, perState: await perState(db, timeZone, weekStart) },
    decisionsThisWeek: decided,
    shareDecidedAutomatically: decided === 0 ? null : Number(d?.automatic ?? 0) / decided,
    medianSecondsToDecision: seconds(d?.median_s),
    p95SecondsToDecision: seconds(d?.p95_s),
    fees: await feesPerDay(db, timeZone, today),
    reviews: await readReviewFigures(db, now),
    oldestWaiting: oldest
      ? {
          id: oldest.id,
          applicationNumber: oldest.req_num,
          state: oldest.state,
          waitingSince: new Date(oldest.since).toISOString(),
          waitingSeconds: Math.round((now.getTime() - new Date(oldest.since).getTime()) / 1000),
        }
      : null,
    falseHitMarks: await falseHitMarks(db),
    referralsSpared: await referralsSpared(db, timeZone, weekStart),
    medianSecondsToDecisionReferred: seconds(d?.referred_median_s),
  };
};
