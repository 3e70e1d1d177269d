// A new passport (issue 31 item 4, decision 057): a traveller whose approved authorization's
// passport was replaced gets a new application filled in from the old one with the new passport,
// and a session to submit it (paid and screened as any). The old authorization ends only when the
// new one is approved (decisions/move-application.ts); until then both stand.
import {
  findCountry,
  isAuthorized,
  type MessageId,
  messageText,
  type NewPassport,
  type NewPassportRequest,
  type RenewalOpened,
  todayIn,
} from '@eta-il/domain';
import type { FastifyReply } from 'fastify';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { FoundApplication } from '../../decisions/lookup.ts';
import type { DecisionDeps } from '../../decisions/move-application.ts';
import { send, sendRefusal } from '../../http.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';
import { recordNewPassport, renewedDraftOf } from '../renewal/service.ts';

export interface NewPassportDeps {
  db: Db;
  reference: ReferenceCache;
  decisions: DecisionDeps;
  tokens: TokenService;
}

/** Only an authorization that holds can move to a new passport (409 otherwise). */
export const newPassportRefusal = (reply: FastifyReply, found: FoundApplication) =>
  isAuthorized(found.state)
    ? undefined
    : sendRefusal(reply, 409, {
        message: messageText('newPassportNotAuthorized'),
        code: 'newPassportNotAuthorized',
      });

/** A new passport's first wrong field: its message and where it is. */
interface PassportProblem {
  code: MessageId;
  field: string;
}

export const passportProblemRefusal = (reply: FastifyReply, { code, field }: PassportProblem) =>
  sendRefusal(reply, 400, { message: messageText(code), code, field });

/** The new passport as the draft holds it, or its first wrong field. */
export const newPassportOf = async (
  deps: NewPassportDeps,
  given: NewPassportRequest['newPassport'],
): Promise<{ ok: true; value: NewPassport } | ({ ok: false } & PassportProblem)> => {
  const { data: reference } = await deps.reference.get();
  const country = findCountry(reference, given.passportCountryId);
  if (!country) return { ok: false, code: 'choiceInvalid', field: 'newPassport.passportCountryId' };
  const today = todayIn(deps.decisions.clock(), deps.decisions.timeZone);
  if (given.passportIssueDate > today) {
    return { ok: false, code: 'dateMustBePast', field: 'newPassport.passportIssueDate' };
  }
  if (given.passportExpireDate < today) {
    return { ok: false, code: 'expiryInPast', field: 'newPassport.passportExpireDate' };
  }
  return {
    ok: true,
    value: {
      passportNum: given.passportNum.trim().toUpperCase(),
      passportCountryId: {
        id: country.EXT_COUNTRY_ID,
        COUNTRY_CODE: country.COUNTRY_CODE,
        Description: country.Official_country_name,
      },
      passportIssueDate: given.passportIssueDate,
      passportExpireDate: given.passportExpireDate,
    },
  };
};

/** After the code: the new application's draft, and a session that will submit it. */
export const openNewPassport = async (
  reply: FastifyReply,
  deps: NewPassportDeps,
  found: FoundApplication,
  newPassport: NewPassport,
) => {
  const idToken = await deps.tokens.issue(found.email);
  const session = await deps.tokens.verify(idToken);
  if (!session) throw new Error('A token just issued does not verify');
  const { clock, timeZone } = deps.decisions;
  const renewed = await withTransaction(deps.db, async (tx) => {
    await recordNewPassport(tx, clock, {
      applicationId: found.id,
      email: found.email,
      sessionId: session.id,
    });
    return renewedDraftOf(
      tx,
      { applicationId: found.id, email: found.email },
      todayIn(clock(), timeZone),
      newPassport,
    );
  });
  return send<RenewalOpened>(reply, 200, { ...renewed, email: found.email, idToken });
};
