// A traveller's correction before the decision (issue 13): in one transaction, with the
// application locked (screening waits, then reads the corrected record), the record is corrected
// and checked again by the submission's rules (domain correctRecord), the indexed columns follow,
// and every changed field is written to the application's correction history; a changed e-mail
// address is told to the old one.
import {
  type Correction,
  type CorrectionChange,
  changesScreening,
  correctRecord,
  isCorrectable,
  isWithOffice,
  normalizeEmail,
  type ReferenceData,
  type SubmissionIssue,
  todayIn,
} from '@eta-il/domain';
import { type Db, json } from '../../db/database.ts';
import { queueWork, withTransaction } from '../../db/transaction.ts';
import { maskEmail } from '../../mail/mask-email.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { contactChangedMail, mailLanguage } from '../../mail/templates.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';

/** A decided or withdrawn application is not corrected. */

export type CorrectionOutcome =
  /** `rescreening`: a case an officer has is screened again, as what screening reads changed. */
  | { kind: 'corrected'; changes: CorrectionChange[]; rescreening: boolean }
  | { kind: 'decided' }
  | { kind: 'invalid'; issues: SubmissionIssue[] };

export interface CorrectionDeps {
  db: Db;
  reference: ReferenceCache;
  clock: () => Date;
  timeZone: string;
}

/**
 * The correction inside the caller's transaction `tx` (an officer's acceptance of a contact
 * request runs it with its own audit row: decision 047), with the reference lists read before the
 * transaction began.
 */
export const correctInTransaction = async (
  tx: Db,
  deps: Pick<CorrectionDeps, 'clock' | 'timeZone'> & { reference: ReferenceData },
  applicationId: string,
  correction: Correction,
): Promise<CorrectionOutcome> => {
  const { reference } = deps;
  const row = await tx
    .selectFrom('application')
    .select(['state', 'draft', 'email', 'req_num', 'language'])
    .where('id', '=', applicationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // Paid and not decided yet (the domain's rule): an unpaid application is not corrected.
  if (!isCorrectable(row.state)) return { kind: 'decided' };
  const now = deps.clock();
  const result = correctRecord(row.draft, correction, {
    today: todayIn(now, deps.timeZone),
    reference,
  });
  if (!result.ok) return { kind: 'invalid', issues: result.issues };
  if (result.changes.length === 0) return { kind: 'corrected', changes: [], rescreening: false };
  const bearer = result.record.bearerList[0];
  // Before screening, the job reads the corrected record; after, it is asked to screen again.
  const rescreening = isWithOffice(row.state) && changesScreening(row.draft, result.record);
  const newEmail = normalizeEmail(result.record.reqMainEmailAddress);
  await tx
    .updateTable('application')
    .set({
      draft: json(result.record),
      email: newEmail,
      arrival_date: bearer?.estimatedArrivalDate ?? '',
      ...(rescreening && { rescreen_due_at: now }),
    })
    .where('id', '=', applicationId)
    .execute();
  // The screening job is asked at once, once this commits (not at its next minute's sweep).
  if (rescreening) queueWork(tx);
  // Whoever holds the old address learns that the application's mail now goes elsewhere.
  if (newEmail !== row.email) {
    await enqueueMail(tx, {
      kind: 'contact-changed',
      to: row.email,
      content: contactChangedMail(
        { reqNum: row.req_num, address: maskEmail(newEmail), at: now },
        mailLanguage(row.language),
      ),
      now,
    });
  }
  await tx
    .insertInto('application_correction')
    .values(
      result.changes.map((c) => ({
        application_id: applicationId,
        field: c.field,
        old_value: c.from,
        new_value: c.to,
        at: now,
      })),
    )
    .execute();
  return { kind: 'corrected', changes: result.changes, rescreening };
};

export const correctApplication = async (
  deps: CorrectionDeps,
  applicationId: string,
  correction: Correction,
): Promise<CorrectionOutcome> => {
  // The lists are read before the transaction: on PGlite (one connection) a read from inside it
  // would wait for the transaction itself.
  const { data: reference } = await deps.reference.get();
  return withTransaction(deps.db, (tx) =>
    correctInTransaction(tx, { ...deps, reference }, applicationId, correction),
  );
};
