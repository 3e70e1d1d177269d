// POST /api/requestcountryfirststep (SPEC §7), auth-token required: a `message` in the answer
// means the passport country is accepted; its absence means it is not.
import {
  type CountryCheckAnswer,
  CountryCheckRequestSchema,
  isPassportCountryAccepted,
} from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { requireToken } from '../../auth/require-token.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, send, sendError } from '../../http.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';

export const countryCheckRoutes = (
  app: FastifyInstance,
  { db, reference, tokens }: { db: Db; reference: ReferenceCache; tokens: TokenService },
) => {
  app.post(
    '/api/requestcountryfirststep',
    { preHandler: requireToken(tokens, db) },
    async (request, reply) => {
      const parsed = CountryCheckRequestSchema.safeParse(request.body);
      if (!parsed.success) return sendError(reply, new HttpError(400, 'badRequest'));
      const { data } = await reference.get();
      // The browser's Valid_for_ETAIL is ignored: the passport type is looked up again.
      const accepted = isPassportCountryAccepted(data, parsed.data);
      return send<CountryCheckAnswer>(reply, 200, accepted ? { message: 'Accepted' } : {});
    },
  );
};
