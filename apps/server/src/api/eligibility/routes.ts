// POST /api/eligibility (SPEC §7): a plain true/false for the nationality's COUNTRY_CODE.
import { findCountryByCode, isEligibleNationality } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { HttpError, sendError } from '../../http.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';

const Body = z.looseObject({ COUNTRY_CODE: z.string().check(z.regex(/^[A-Z]{3}$/)) });

export const eligibilityRoutes = (
  app: FastifyInstance,
  { reference }: { reference: ReferenceCache },
) => {
  app.post('/api/eligibility', async (request, reply) => {
    const parsed = Body.safeParse(request.body);
    if (!parsed.success) return sendError(reply, new HttpError(400, 'countryUnknown'));
    const country = findCountryByCode((await reference.get()).data, parsed.data.COUNTRY_CODE);
    if (!country) return sendError(reply, new HttpError(400, 'countryUnknown'));
    return reply.type('application/json').send(JSON.stringify(isEligibleNationality(country)));
  });
};
