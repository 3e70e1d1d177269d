// POST /api/verify: is there a valid ETA-IL for this application number and passport number
// (for airlines and travellers), or for the signed token of a document's QR code? Always 200;
// `valid: false` says nothing about why.
import { maskPassportNumber, todayIn } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { LinkService } from '../../decisions/links.ts';
import { normalizeApplicationNumber, normalizePassport } from '../../decisions/lookup.ts';
import { send } from '../../http.ts';

const Text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const ByNumbers = z.object({ applicationNumber: Text(40), passportNumber: Text(20) });
const ByToken = z.object({ token: Text(2048) });

export interface VerifyRouteDeps {
  db: Db;
  clock: Clock;
  links: LinkService;
  timeZone: string;
  /** Requests per minute per IP. */
  perIp?: number;
}

export const verifyRoutes = (app: FastifyInstance, deps: VerifyRouteDeps) => {
  const valid = (today: string) =>
    deps.db
      .selectFrom('travel_authorization as a')
      .innerJoin('application as p', 'p.id', 'a.application_id')
      .select([
        'p.req_num as reqNum',
        'a.passport_num as passportNum',
        sql<string>`a.valid_until::text`.as('validUntil'),
      ])
      .where('p.state', '=', 'approved')
      .where('a.valid_from', '<=', today)
      .where('a.valid_until', '>=', today);

  app.post(
    '/api/verify',
    { config: { rateLimit: { max: deps.perIp ?? 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const today = todayIn(deps.clock(), deps.timeZone);
      const byToken = ByToken.safeParse(request.body);
      if (byToken.success) {
        const checked = deps.links.checkVerifyToken(byToken.data.token);
        const found = checked.ok
          ? await valid(today).where('a.id', '=', checked.authorizationId).executeTakeFirst()
          : undefined;
        if (!found) return send(reply, 200, { valid: false });
        return send(reply, 200, {
          valid: true,
          validUntil: found.validUntil,
          applicationNumber: found.reqNum,
          passportNumber: maskPassportNumber(found.passportNum),
        });
      }
      const byNumbers = ByNumbers.safeParse(request.body);
      if (!byNumbers.success) {
        return send(reply, 400, {
          message: 'Enter the application number and the passport number.',
          code: 'verifyBadRequest',
        });
      }
      const found = await valid(today)
        .where('p.req_num', '=', normalizeApplicationNumber(byNumbers.data.applicationNumber))
        .where(
          sql<string>`upper(a.passport_num)`,
          '=',
          normalizePassport(byNumbers.data.passportNumber),
        )
        .executeTakeFirst();
      return send(
        reply,
        200,
        found ? { valid: true, validUntil: found.validUntil } : { valid: false },
      );
    },
  );
};
