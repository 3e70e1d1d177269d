// GET /api/getalldata (SPEC §7): the seven reference lists, cacheable (ETag, 304).
import type { FastifyInstance } from 'fastify';
import type { ReferenceCache } from './cache.ts';

/**
 * GET /api/getalldata: answered from memory with precomputed bytes, cheaper to send than to count
 * against a per-IP limit in a shared store; exempt from that limit like the immutable assets.
 */
export const isReferenceRead = (method: string, url: string) =>
  method === 'GET' && url.split('?')[0] === '/api/getalldata';

export const referenceDataRoutes = (
  app: FastifyInstance,
  { reference, backofficeUrl }: { reference: ReferenceCache; backofficeUrl: string },
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

  // Runtime settings the web app needs (the back-office address of /backoffice).
  app.get('/api/config', async () => ({ statusCode: 200, body: { backofficeUrl } }));
};
