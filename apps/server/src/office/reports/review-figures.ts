// The dashboard's reviews of refusals (issue 30 item 5): how many were asked, decided and
// overturned (all time), how many wait and the oldest one's age, and the median time from the
// traveller's request to the supervisor's decision.
import type { DashboardReviews } from '@eta-il/domain';
import { sql } from 'kysely';
import type { OfficeDb } from '../../audit/tables.ts';

export const readReviewFigures = async (db: OfficeDb, now: Date): Promise<DashboardReviews> => {
  const result = await sql<{
    asked: string;
    decided: string;
    overturned: string;
    oldest_asked_at: Date | null;
    median_s: number | null;
  }>`
    SELECT count(*)::text AS asked,
      count(*) FILTER (WHERE decided_at IS NOT NULL)::text AS decided,
      count(*) FILTER (WHERE outcome = 'overturned')::text AS overturned,
      min(asked_at) FILTER (WHERE decided_at IS NULL) AS oldest_asked_at,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - asked_at))
        FILTER (WHERE decided_at IS NOT NULL) AS median_s
    FROM application_review`.execute(db);
  const row = result.rows[0];
  const asked = Number(row?.asked ?? 0);
  const decided = Number(row?.decided ?? 0);
  const oldest = row?.oldest_asked_at ? new Date(row.oldest_asked_at) : null;
  return {
    asked,
    decided,
    overturned: Number(row?.overturned ?? 0),
    waiting: asked - decided,
    oldestWaitingSeconds: oldest ? Math.round((now.getTime() - oldest.getTime()) / 1000) : null,
    medianSecondsToDecision:
      row?.median_s === null || row?.median_s === undefined
        ? null
        : Math.round(Number(row.median_s)),
  };
};
