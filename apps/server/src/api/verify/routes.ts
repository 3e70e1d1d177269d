// POST /api/verify: is there a valid ETA-IL for this application number and passport number
// (for airlines and travellers), or for the signed token of a document's QR code? Always 200;
// `valid: false` says why only when the authorization matched and was revoked (issue 28 item 5):
// whoever holds both numbers or the QR code holds the document itself.
import {
  isAuthorized,
  isRevoked,
  maskPassportNumber,
  statesWhere,
  todayIn,
  type VerifyAnswer,
  VerifyByNumbersSchema,
  VerifyByTokenSchema,
} from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { LinkService } from '../../decisions/links.ts';
import { normalizeApplicationNumber, normalizePassport } from '../../decisions/lookup.ts';
import { send, sendRefusal } from '../../http.ts';

const AUTHORIZED_STATES = statesWhere(isAuthorized);
const REVOKED_STATES = statesWhere(isRevoked);

export interface VerifyRouteDeps {
  db: Db;
  clock: Clock;
  links: LinkService;
  timeZone: string;
  /** Requests per minute per IP. */
  perIp?: number;
}

export const verifyRoutes = (app: FastifyInstance, deps: VerifyRouteDeps) => {
  /** The authorization, approved and valid today or revoked; any other is not valid. */
  const matching = (today: string) =>
    deps.db
      .selectFrom('travel_authorization as a')
      .innerJoin('application as p', 'p.id', 'a.application_id')
      .select([
        'p.state as state',
        'p.req_num as reqNum',
        'a.passport_num as passportNum',
        sql<string>`a.valid_until::text`.as('validUntil'),
      ])
      .where((w) =>
        w.or([
          w('p.state', 'in', REVOKED_STATES),
          w.and([
            w('p.state', 'in', AUTHORIZED_STATES),
            w('a.valid_from', '<=', today),
            w('a.valid_until', '>=', today),
          ]),
        ]),
      );
  const answer = <Row extends { state: string }>(
    found: Row | undefined,
    valid: (found: Row) => VerifyAnswer,
  ): VerifyAnswer =>
    !found
      ? { valid: false }
      : isRevoked(found.state)
        ? { valid: false, revoked: true }
        : valid(found);

  app.post(
    '/api/verify',
    { config: { rateLimit: { max: deps.perIp ?? 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const today = todayIn(deps.clock(), deps.timeZone);
      const byToken = VerifyByTokenSchema.safeParse(request.body);
      if (byToken.success) {
        const checked = deps.links.checkVerifyToken(byToken.data.token);
        const found = checked.ok
          ? await matching(today).where('a.id', '=', checked.authorizationId).executeTakeFirst()
          : undefined;
        return send<VerifyAnswer>(
          reply,
          200,
          answer(found, (valid) => ({
            valid: true,
            validUntil: valid.validUntil,
            applicationNumber: valid.reqNum,
            passportNumber: maskPassportNumber(valid.passportNum),
          })),
        );
      }
      const byNumbers = VerifyByNumbersSchema.safeParse(request.body);
      if (!byNumbers.success) {
        return sendRefusal(reply, 400, {
          message: 'Enter the application number and the passport number.',
          code: 'verifyBadRequest',
        });
      }
      const found = await matching(today)
        .where('p.req_num', '=', normalizeApplicationNumber(byNumbers.data.applicationNumber))
        .where(
          sql<string>`upper(a.passport_num)`,
          '=',
          normalizePassport(byNumbers.data.passportNumber),
        )
        .executeTakeFirst();
      return send<VerifyAnswer>(
        reply,
        200,
        answer(found, (valid) => ({ valid: true, validUntil: valid.validUntil })),
      );
    },
  );
};
