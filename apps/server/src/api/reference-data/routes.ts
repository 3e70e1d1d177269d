// GET /api/getalldata (SPEC §7): the seven reference lists, cacheable (ETag, 304).
import { isFeeWaived, isoDateOf, PILOT_END_DATE, TEXT_PARAMETERS } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { ReferenceCache } from './cache.ts';

/**
 * GET /api/getalldata: answered from memory with precomputed bytes, cheaper to send than to count
 * against a per-IP limit in a shared store; exempt from that limit like the immutable assets.
 */
export const isReferenceRead = (method: string, url: string) =>
  method === 'GET' && url.split('?')[0] === '/api/getalldata';

export const referenceDataRoutes = (
  app: FastifyInstance,
  {
    reference,
    backofficeUrl,
    clock,
  }: { reference: ReferenceCache; backofficeUrl: string; clock: Clock },
) => {
  app.get('/api/getalldata', async (request, reply) => {
    const { json, brotli, gzip, etag } = await reference.get();
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'public, max-age=300, must-revalidate')
      .header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzip);
    return reply.send(json);
  });

  // Runtime settings (the back-office address of /backoffice) and the figures every text quotes,
  // with the pilot's end and whether the fee is charged today (TEXT_PARAMETERS in the domain).
  app.get('/api/config', async () => ({
    statusCode: 200,
    body: {
      backofficeUrl,
      parameters: {
        ...TEXT_PARAMETERS,
        pilotEnds: PILOT_END_DATE,
        feeCharged: !isFeeWaived(isoDateOf(clock())),
      },
    },
  }));
};
