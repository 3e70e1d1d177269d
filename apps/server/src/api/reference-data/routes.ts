// GET /api/getalldata (SPEC §7): the seven reference lists, cacheable (ETag, 304).
import type { FastifyInstance } from 'fastify';
import type { ReferenceCache } from './cache.ts';

export const referenceDataRoutes = (
  app: FastifyInstance,
  { reference, backofficeUrl }: { reference: ReferenceCache; backofficeUrl: string },
) => {
  app.get('/api/getalldata', async (request, reply) => {
    const { json, etag } = await reference.get();
    reply.header('ETag', etag).header('Cache-Control', 'public, max-age=300, must-revalidate');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // Runtime settings the web app needs (the back-office address of /backoffice).
  app.get('/api/config', async () => ({ statusCode: 200, body: { backofficeUrl } }));
};
