// What POST /api/status answers for a found application: its state, when it last changed, and
// by state the validity, the reasons in plain words, the signed link to the document, and the
// officer's question while information is requested.
import { isAuthorizationDenied, isInfoRequestReason, isRefusalReason } from '@eta-il/domain';
import type { Db } from '../../db/database.ts';
import type { LinkService } from '../../decisions/links.ts';
import { authorizations, type FoundApplication } from '../../decisions/lookup.ts';
import { type MailLanguage, reasonText } from '../../mail/templates.ts';

export interface StatusAnswer {
  status: string;
  updatedAt: string;
  validUntil?: string;
  reasons?: { code: string; text: string }[];
  documentUrl?: string;
  /** While information is requested: the officer's question, for the traveller to answer. */
  question?: string;
}

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

/** The reason codes of the transition that entered the current state. */
const reasonsOfState = async (db: Db, found: FoundApplication) => {
  const last = await db
    .selectFrom('application_transition')
    .select('reasons')
    .where('application_id', '=', found.id)
    .where('to_state', '=', found.state)
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
): Promise<StatusAnswer> => {
  const answer: StatusAnswer = { status: found.state, updatedAt: found.updatedAt.toISOString() };
  if (found.state === 'approved') {
    const [main] = await authorizations(db, { applicationId: found.id });
    if (main) {
      answer.validUntil = main.validUntil;
      answer.documentUrl = `/api/document/${links.documentToken(main.id)}`;
    }
  }
  if (isAuthorizationDenied(found.state) || found.state === 'info_requested') {
    // Only reasons written for travellers are shown; screening hits stay with the officers.
    const shown = (await reasonsOfState(db, found)).filter(
      (code) => isRefusalReason(code) || isInfoRequestReason(code),
    );
    answer.reasons = shown.map((code) => ({ code, text: reasonText(code, language) }));
  }
  if (found.state === 'info_requested') {
    const question = await openQuestion(db, found.id);
    if (question) answer.question = question;
  }
  return answer;
};
