// Job handler (and its relay): screens submitted applications. The application row in state
// `submitted` is itself the outbox: the relay files one job per such row with the application's id
// as the job id, which pg-boss files once however often the relay runs, and the handler
// (decisions/screen-application.ts) screens once however often a job runs.
import type { ScreeningLists } from '@eta-il/domain';
import type { Job, PgBoss } from 'pg-boss';
import type { Db } from '../db/database.ts';
import type { DecisionDeps } from '../decisions/move-application.ts';
import {
  applicationsAwaitingScreening,
  screenApplication,
} from '../decisions/screen-application.ts';
import type { JobLog } from './log.ts';
import { QUEUES } from './queue.ts';

export interface ScreeningJob {
  applicationId: string;
}

export interface ScreeningWork {
  lists: ScreeningLists;
  decisions: DecisionDeps;
}

/**
 * Files a screening job for every application waiting for one, or for a re-screening after a
 * correction; answers how many it filed.
 */
export const relayScreening = async (db: Db, boss: PgBoss): Promise<number> => {
  const waiting = await applicationsAwaitingScreening(db, 500);
  if (waiting.length === 0) return 0;
  await boss.insert(
    QUEUES.screening,
    waiting.map(({ id, jobId }) => ({
      id: jobId,
      data: { applicationId: id } satisfies ScreeningJob,
    })),
  );
  return waiting.length;
};

export const screenApplications =
  (db: Db, work: ScreeningWork, log: JobLog) =>
  async (jobs: Job<ScreeningJob>[]): Promise<void> => {
    for (const job of jobs) {
      const { applicationId } = job.data;
      const outcome = await screenApplication(
        db,
        { ...work.decisions, lists: work.lists },
        applicationId,
      );
      log.info({ applicationId, outcome }, 'application screened');
    }
  };
