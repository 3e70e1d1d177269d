// POST /api/eligibility (SPEC §7): a plain true/false for the nationality's COUNTRY_CODE.
import {
  type EligibilityAnswer,
  EligibilityRequestSchema,
  findCountryByCode,
  isEligibleNationality,
} from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError, sendError } from '../../http.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';

export const eligibilityRoutes = (
  app: FastifyInstance,
  { reference }: { reference: ReferenceCache },
) => {
  app.post('/api/eligibility', async (request, reply) => {
    const parsed = EligibilityRequestSchema.safeParse(request.body);
    if (!parsed.success) return sendError(reply, new HttpError(400, 'countryUnknown'));
    const country = findCountryByCode((await reference.get()).data, parsed.data.COUNTRY_CODE);
    if (!country) return sendError(reply, new HttpError(400, 'countryUnknown'));
    const eligible: EligibilityAnswer = isEligibleNationality(country);
    return reply.type('application/json').send(JSON.stringify(eligible));
  });
};
