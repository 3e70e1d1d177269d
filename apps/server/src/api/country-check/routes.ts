// POST /api/requestcountryfirststep (SPEC §7), auth-token required: a `message` in the answer
// means the passport country is accepted; its absence means it is not.
import { isPassportCountryAccepted } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { requireToken } from '../../auth/require-token.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, send, sendError } from '../../http.ts';
import type { ReferenceCache } from '../reference-data/cache.ts';

const Body = z.looseObject({
  EXT_COUNTRY_ID: z.number().check(z.int(), z.nonnegative()),
  biometric: z.boolean(),
  Passport_type_for_visa: z.string().check(z.maxLength(20)),
  Valid_for_ETAIL: z.optional(z.string().check(z.maxLength(20))),
});

export const countryCheckRoutes = (
  app: FastifyInstance,
  { db, reference, tokens }: { db: Db; reference: ReferenceCache; tokens: TokenService },
) => {
  app.post(
    '/api/requestcountryfirststep',
    { preHandler: requireToken(tokens, db) },
    async (request, reply) => {
      const parsed = Body.safeParse(request.body);
      if (!parsed.success) return sendError(reply, new HttpError(400, 'badRequest'));
      const { data } = await reference.get();
      // The browser's Valid_for_ETAIL is ignored: the passport type is looked up again.
      const accepted = isPassportCountryAccepted(data, {
        ...parsed.data,
        Valid_for_ETAIL: parsed.data.Valid_for_ETAIL ?? '',
      });
      return send(reply, 200, accepted ? { message: 'Accepted' } : {});
    },
  );
};
