// The supervisor's dashboard: applications per state submitted today and in the last 7 days (in
// the service's time zone), the share decided by screening alone, the median and 95th-percentile
// time from submission to decision, and the case waiting longest.
import { OFFICE_HIDDEN_STATES, OFFICE_WAITING_STATES, todayIn } from '@eta-il/domain';
import { sql } from 'kysely';
import type { OfficeDb } from '../audit/tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const perState = async (db: OfficeDb, tz: string, since: string) => {
  const rows = await sql<{ state: string; n: string }>`
    SELECT state, count(*)::text AS n FROM application
    WHERE (created_at AT TIME ZONE ${tz})::date >= ${since}::date
    GROUP BY state ORDER BY state`.execute(db);
  // Unpaid applications are no officer's business until paid (issue 27).
  const shown = rows.rows.filter(
    (r) => !(OFFICE_HIDDEN_STATES as readonly string[]).includes(r.state),
  );
  return Object.fromEntries(shown.map((r) => [r.state, Number(r.n)]));
};

export const readDashboard = async (db: OfficeDb, now: Date, timeZone: string) => {
  const today = todayIn(now, timeZone);
  const weekStart = todayIn(new Date(now.getTime() - 6 * DAY_MS), timeZone);
  const decisions = await sql<{
    decided: string;
    automatic: string;
    median_s: number | null;
    p95_s: number | null;
  }>`
    SELECT count(*)::text AS decided,
      count(*) FILTER (WHERE t.actor_kind = 'system')::text AS automatic,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM t.at - a.created_at)) AS median_s,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM t.at - a.created_at)) AS p95_s
    FROM application_transition t JOIN application a ON a.id = t.application_id
    WHERE t.to_state IN ('approved', 'refused')
      AND (t.at AT TIME ZONE ${timeZone})::date >= ${weekStart}::date`.execute(db);
  const oldest = await db
    .selectFrom('application')
    .select(['id', 'req_num', 'state', 'created_at'])
    .where('state', 'in', OFFICE_WAITING_STATES)
    .orderBy('created_at')
    .executeTakeFirst();
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
    oldestWaiting: oldest
      ? {
          id: oldest.id,
          applicationNumber: oldest.req_num,
          state: oldest.state,
          submittedAt: oldest.created_at.toISOString(),
          waitingSeconds: Math.round((now.getTime() - oldest.created_at.getTime()) / 1000),
        }
      : null,
  };
};
