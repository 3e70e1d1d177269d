// The traveller's answer to an officer's information request, given on the status page: the
// answer is stored with the open request and the case returns to the officers' queue.
import type { OfficeDb } from '../audit/tables.ts';
import { withTransaction } from '../db/transaction.ts';
import { type DecisionDeps, moveApplication } from './move-application.ts';

/** Stores the answer and moves the case `answerInfo`; refused unless information was requested. */
export const answerInformationRequest = async (
  db: OfficeDb,
  deps: DecisionDeps,
  id: string,
  answer: string,
) =>
  withTransaction(db, async (tx) => {
    const moved = await moveApplication(tx, deps, {
      applicationId: id,
      event: 'answerInfo',
      actor: 'traveller',
    });
    if (!moved.ok) return moved;
    const open = await tx
      .selectFrom('info_request')
      .select('id')
      .where('application_id', '=', id)
      .where('answered_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (open) {
      await tx
        .updateTable('info_request')
        .set({ answer, answered_at: deps.clock() })
        .where('id', '=', open.id)
        .execute();
    }
    return moved;
  });
