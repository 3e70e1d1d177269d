// What POST /api/status answers for a found application: its state, when it last changed, and
// by state the validity, the reasons in plain words, the signed link to the document, and the
// officer's question while information is requested, and the fee when the application has one;
// refused, the last day to ask for a review while one may still be asked (issue 30); whether
// the traveller will be e-mailed before the authorization ends (issue 31).
import {
  asksTraveller,
  FEE_CURRENCY_CODE,
  feeFor,
  isApplicationState,
  isAuthorizationDenied,
  isAuthorized,
  isInfoRequestReason,
  isRefusalReason,
  isUnderReview,
  REFUSAL_MOVE,
  type StatusAnswer,
  type StatusPayment,
} from '@eta-il/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LinkService } from '../../decisions/links.ts';
import { authorizations, type FoundApplication } from '../../decisions/lookup.ts';
import type { DecisionDeps } from '../../decisions/move-application.ts';
import { type MailLanguage, reasonText } from '../../mail/templates.ts';
import { remindersConsented } from './reminders.ts';
import { reviewStanding } from './review.ts';

/**
 * The fee of the application's reference: the payment that paid it, else what is due (every
 * traveller of a family, paid once). Undefined when the fee was waived.
 */
const feeOf = async (db: Db, applicationId: string): Promise<StatusPayment | undefined> => {
  const row = await db
    .selectFrom('application')
    .select('fee_reference')
    .where('id', '=', applicationId)
    .executeTakeFirst();
  const reference = row?.fee_reference;
  if (!reference) return undefined;
  const paid = await db
    .selectFrom('payment')
    .select(['amount_minor', 'paid_at'])
    .where('reference', '=', reference)
    .where('status', '=', 'paid')
    .orderBy('paid_at')
    .executeTakeFirst();
  if (paid?.paid_at) {
    return {
      amount: paid.amount_minor / 100,
      currency: FEE_CURRENCY_CODE,
      paidAt: paid.paid_at.toISOString(),
    };
  }
  const travellers = await db
    .selectFrom('application')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('fee_reference', '=', reference)
    .executeTakeFirstOrThrow();
  return { amount: feeFor(Number(travellers.n)).amount, currency: FEE_CURRENCY_CODE };
};

/** The question of the information request still open, if any. */
const openQuestion = async (db: Db, applicationId: string) => {
  const open = await db
    .selectFrom('info_request')
    .select('question')
    .where('application_id', '=', applicationId)
    .where('answered_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return open?.question;
};

/**
 * The reason codes of the last move into the current state that gave any; while a review is
 * asked, and once it upheld the refusal (a move that gives none), those of the refusal itself.
 */
const reasonsOfState = async (db: Db, found: FoundApplication) => {
  const last = await db
    .selectFrom('application_transition')
    .select('reasons')
    .where('application_id', '=', found.id)
    .where('to_state', '=', isUnderReview(found.state) ? REFUSAL_MOVE.to : found.state)
    .where(sql<boolean>`jsonb_array_length(reasons) > 0`)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (last?.reasons ?? []) as string[];
};

export const statusAnswer = async (
  db: Db,
  links: LinkService,
  found: FoundApplication,
  language: MailLanguage,
  /** The decisions' clock, time zone and REVIEW_DAYS: until when a review may be asked. */
  review: DecisionDeps,
): Promise<StatusAnswer> => {
  if (!isApplicationState(found.state)) throw new Error(`unknown state ${found.state}`);
  const answer: StatusAnswer = {
    status: found.state,
    updatedAt: found.updatedAt.toISOString(),
    reminders: await remindersConsented(db, found.id),
  };
  const payment = await feeOf(db, found.id);
  if (payment) answer.payment = payment;
  if (isAuthorized(found.state)) {
    const [main] = await authorizations(db, { applicationId: found.id });
    if (main) {
      answer.validUntil = main.validUntil;
      answer.documentUrl = `/api/document/${links.documentToken(main.id)}`;
    }
  }
  if (isAuthorizationDenied(found.state) || asksTraveller(found.state)) {
    // Only reasons written for travellers are shown; screening hits stay with the officers.
    const shown = (await reasonsOfState(db, found)).filter(
      (code) => isRefusalReason(code) || isInfoRequestReason(code),
    );
    answer.reasons = shown.map((code) => ({ code, text: reasonText(code, language) }));
  }
  if (isAuthorizationDenied(found.state)) {
    const standing = await reviewStanding(db, review, found);
    if (!standing.refusal && standing.reviewUntil) answer.reviewUntil = standing.reviewUntil;
  }
  if (asksTraveller(found.state)) {
    const question = await openQuestion(db, found.id);
    if (question) answer.question = question;
  }
  return answer;
};
