// The back office's side of the carriers' API (issue 28): admins list carriers, add one (its key
// shown once, in the answer), revoke it or replace its key; auditors read the record of checks.
// Every change and every read of the record is an audit row.
import {
  type AddCarrierRequest,
  type CarrierAnswer,
  type CarrierCheckSummary,
  type CarrierChecksAnswer,
  type CarrierKey,
  type CarriersAnswer,
  OFFICE_ROLES,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { OfficeDb } from '../../audit/tables.ts';
import {
  type AccountActor,
  addCarrier,
  listCarriers,
  replaceCarrierKey,
  revokeCarrier,
} from '../../carrier/accounts.ts';
import type { Clock } from '../../clock.ts';
import { send } from '../../http.ts';
import { clientOf } from '../../security/client.ts';
import { auditRequest } from '../audit/request.ts';
import type { Guard } from '../auth/guard.ts';
import { staffOf } from '../auth/guard.ts';

export interface CarrierRouteDeps {
  db: OfficeDb;
  clock: Clock;
  guard: Guard;
}

const ADMIN = OFFICE_ROLES.manageCarriers;
const AUDITOR = OFFICE_ROLES.readCarrierChecks;

const AddBody = z.object({
  name: z.string().max(200),
  iataCode: z.string().max(10),
}) satisfies z.ZodType<AddCarrierRequest>;
const Params = z.object({ id: z.string().max(64) });
const ChecksQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).optional() });

const noCarrier = { code: 'notFound', message: 'There is no such carrier.' };

export const carrierRoutes = (app: FastifyInstance, deps: CarrierRouteDeps) => {
  const { db, clock, guard } = deps;
  const by = (request: FastifyRequest): AccountActor => {
    const staff = staffOf(request);
    return { staffId: staff.id, actor: staff.email, client: clientOf(request) };
  };

  app.get('/office/api/carriers', { preHandler: guard(ADMIN) }, async (_request, reply) =>
    send(reply, 200, { carriers: await listCarriers(db) } satisfies CarriersAnswer),
  );

  app.post('/office/api/carriers', { preHandler: guard(ADMIN) }, async (request, reply) => {
    const body = AddBody.safeParse(request.body);
    if (!body.success) {
      return send(reply, 400, { code: 'badRequest', message: 'Give a name and an IATA code.' });
    }
    const added = await addCarrier(db, clock(), by(request), body.data);
    if (!added.ok) {
      return send(reply, 400, {
        code: added.problem,
        message:
          added.problem === 'name'
            ? 'The name must be 1 to 100 characters.'
            : 'The IATA code must be 2 or 3 letters or digits.',
      });
    }
    // The key is in this answer only: it is stored as a hash.
    return send(reply, 201, { carrier: added.carrier, key: added.key } satisfies CarrierKey);
  });

  app.post(
    '/office/api/carriers/:id/revoke',
    { preHandler: guard(ADMIN) },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      const revoked = params.success
        ? await revokeCarrier(db, clock(), by(request), params.data.id)
        : undefined;
      return revoked
        ? send(reply, 200, { carrier: revoked } satisfies CarrierAnswer)
        : send(reply, 404, noCarrier);
    },
  );

  app.post(
    '/office/api/carriers/:id/replace-key',
    { preHandler: guard(ADMIN) },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      const replaced = params.success
        ? await replaceCarrierKey(db, clock(), by(request), params.data.id)
        : undefined;
      return replaced
        ? send(reply, 200, replaced satisfies CarrierKey)
        : send(reply, 404, noCarrier);
    },
  );

  app.get('/office/api/carrier-checks', { preHandler: guard(AUDITOR) }, async (request, reply) => {
    const query = ChecksQuery.safeParse(request.query);
    if (!query.success) return send(reply, 400, { code: 'badRequest', message: 'Bad limit.' });
    const rows = await db
      .selectFrom('carrier_check as k')
      .innerJoin('carrier as c', 'c.id', 'k.carrier_id')
      .select([
        'k.id',
        'c.name as carrierName',
        'c.iata_code as carrierCode',
        'k.flight_carrier as flightCarrier',
        'k.flight_number as flightNumber',
        sql<string>`k.departure_date::text`.as('departureDate'),
        'k.departure_from as from',
        'k.checked_at as checkedAt',
        'k.passengers',
        'k.results',
      ])
      .orderBy('k.checked_at', 'desc')
      .limit(query.data.limit ?? 100)
      .execute();
    await auditRequest(db, clock, request, staffOf(request), 'readCarrierChecks', null, {
      checks: rows.length,
    });
    return send(reply, 200, {
      checks: rows.map(
        (r): CarrierCheckSummary => ({
          ...r,
          checkedAt: new Date(r.checkedAt).toISOString(),
          results: r.results.map(({ reference, answer, reason }) => ({
            reference,
            answer,
            reason,
          })),
        }),
      ),
    } satisfies CarrierChecksAnswer);
  });
};
