// A traveller's request for the review of a refusal (issue 30, decision 054). Whether it may be
// asked now is the domain's rule (reviewRequestRefusal): refused, never reviewed, on or before the
// last day, REVIEW_DAYS (a parameter) after the day of the refusal in the service's time zone.
// The request moves the application through the one writer (requestReview) and stores the
// statement and the re-encoded documents in the same transaction; the 'reviewRequested' e-mail is
// queued by the move.
import {
  REFUSAL_MOVE,
  REVIEW_DAYS,
  type ReviewRequestRefusal,
  reviewRequestRefusal,
  reviewUntil,
  todayIn,
} from '@eta-il/domain';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type DecisionDeps, moveApplication } from '../../decisions/move-application.ts';
import type { ReviewDocument } from './review-documents.ts';

/** Whether a review may be asked now, and until when (absent when it never may). */
export interface ReviewStanding {
  refusal: ReviewRequestRefusal | null;
  reviewUntil?: string;
}

/**
 * The standing of an application in `state`: the day of its refusal is that of the last move into
 * `refused` that was not a review's outcome (an upheld review is final anyway).
 */
export const reviewStanding = async (
  db: Db,
  deps: DecisionDeps,
  application: { id: string; state: string },
): Promise<ReviewStanding> => {
  const [refused, review] = await Promise.all([
    db
      .selectFrom('application_transition')
      .select('at')
      .where('application_id', '=', application.id)
      .where('to_state', '=', REFUSAL_MOVE.to)
      .where('from_state', 'in', REFUSAL_MOVE.from)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('application_review')
      .select('application_id')
      .where('application_id', '=', application.id)
      .executeTakeFirst(),
  ]);
  const today = todayIn(deps.clock(), deps.timeZone);
  const until = refused
    ? reviewUntil(todayIn(refused.at, deps.timeZone), deps.reviewDays ?? REVIEW_DAYS)
    : undefined;
  const refusal = reviewRequestRefusal({
    state: application.state,
    reviewed: review !== undefined,
    today,
    // Refused with no refusal on record cannot be: the deadline is then today, so it is kept.
    reviewUntil: until ?? today,
  });
  return { refusal, ...(until === undefined ? {} : { reviewUntil: until }) };
};

export type ReviewOutcome = { ok: true } | { ok: false; refusal: ReviewRequestRefusal };

/**
 * Asks for the review: in one transaction, with the application locked, its standing judged
 * again, the move made, and the statement and documents stored. Two requests at once: the second
 * waits for the lock and finds the first's review.
 */
export const requestReview = (
  db: Db,
  deps: DecisionDeps,
  request: { applicationId: string; statement: string; documents: readonly ReviewDocument[] },
): Promise<ReviewOutcome> =>
  withTransaction(db, async (tx) => {
    const row = await tx
      .selectFrom('application')
      .select(['id', 'state'])
      .where('id', '=', request.applicationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const standing = await reviewStanding(tx, deps, row);
    if (standing.refusal) return { ok: false, refusal: standing.refusal };
    const moved = await moveApplication(tx, deps, {
      applicationId: row.id,
      event: 'requestReview',
      actor: 'traveller',
    });
    if (!moved.ok) return { ok: false, refusal: 'notRefused' };
    await tx
      .insertInto('application_review')
      .values({
        application_id: row.id,
        statement: request.statement,
        asked_at: deps.clock(),
      })
      .execute();
    if (request.documents.length > 0) {
      await tx
        .insertInto('application_review_document')
        .values(
          request.documents.map((document, index) => ({
            application_id: row.id,
            position: index + 1,
            media_type: document.mediaType,
            content: document.content,
          })),
        )
        .execute();
    }
    return { ok: true };
  });
