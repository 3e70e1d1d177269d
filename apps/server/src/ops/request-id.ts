// Request ids: the caller's X-Request-Id when it is well-formed (a load balancer or another
// service names the request), otherwise a fresh UUID. Fastify puts it in every log line of the
// request (reqId); the answer echoes it in X-Request-Id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._-]{1,128}$/;

const requestIdFrom = (header: string | string[] | undefined): string =>
  typeof header === 'string' && WELL_FORMED.test(header) ? header : randomUUID();

/** Fastify constructor options: the id is chosen here, never taken from the header unchecked. */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId: (request: IncomingMessage) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
};

/** Every answer, whatever answers it (a route, a limit, a 404), carries the request's id. */
export const echoRequestId = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
};
