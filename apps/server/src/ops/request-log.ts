// What a request's log lines say about it: the route it matched (its pattern, such as
// /api/document/:token), never the URL as sent. Document, resume and verification links carry
// their token in the path or the query, and the log must not hold a working link.
import type { FastifyRequest } from 'fastify';
import { UNMATCHED_ROUTE } from './operations.ts';

export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    route: request.routeOptions?.url ?? UNMATCHED_ROUTE,
    remoteAddress: request.ip,
  }),
};
