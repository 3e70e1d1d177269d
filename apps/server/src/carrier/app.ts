// buildCarrierApp: the carriers' API (issue 28), a third Fastify app that main.ts serves on
// CARRIER_PORT and nowhere else, under /carrier/v1/. Every call but the OpenAPI document needs a
// carrier's key (`Authorization: Bearer <key>`); each carrier has its own rate limit, counted in
// the shared store; with CARRIER_TLS_* set, the port speaks TLS and demands a client certificate
// from the carriers' CA (docs/decisions/051-carrier-check.md).

import type { Country } from '@eta-il/domain';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Clock } from '../clock.ts';
import { type Config, trustProxyOption } from '../config.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/availability.ts';
import type { Db } from '../db/database.ts';
import { rateLimitError, send } from '../http.ts';
import type { Metrics } from '../ops/metrics.ts';
import { requestIdOptions } from '../ops/request-id.ts';
import { sharedRateLimitStore } from '../security/rate-limit-store.ts';
import { type KeyedCarrier, rememberingKeys } from './accounts.ts';
import { checkRoutes } from './check-routes.ts';
import { paxlstRoutes } from './paxlst/routes.ts';
import { documentHasher } from './record.ts';

export interface CarrierServices {
  config: Config;
  db: Db;
  clock: Clock;
  metrics: Metrics;
  countries: readonly Country[];
  logger?: boolean;
}

const CARRIER_BASE = '/carrier/v1';
const OPENAPI_PATH = `${CARRIER_BASE}/openapi.json`;

const BEARER = /^Bearer ([\x21-\x7e]{1,200})$/;

/** A 500 passengers' request is about 150 KB. */
const BODY_LIMIT = 512 * 1024;

const tlsOptions = (config: Config): Partial<FastifyServerOptions> =>
  config.carrierTls
    ? ({
        https: {
          ...config.carrierTls,
          requestCert: true,
          rejectUnauthorized: true,
          minVersion: 'TLSv1.2',
        },
      } as Partial<FastifyServerOptions>)
    : {};

export const buildCarrierApp = async (services: CarrierServices): Promise<FastifyInstance> => {
  const { config, db, clock } = services;
  const app = Fastify({
    logger:
      services.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    ...requestIdOptions,
    ...tlsOptions(config),
  }) as unknown as FastifyInstance;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return send(reply, 503, { code: 'unavailable', message: 'Try again shortly.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'carrier request failed');
      return send(reply, 500, { code: 'failure', message: 'Something has gone wrong.' });
    }
    if (status === 429) {
      return send(reply, 429, { code: 'tooManyRequests', message: 'Too many requests.' });
    }
    if (status === 413) {
      return send(reply, 413, { code: 'tooLarge', message: 'The request is too large.' });
    }
    if (status === 415) {
      return send(reply, 415, { code: 'unsupportedMediaType', message: 'Send application/json.' });
    }
    return send(reply, 400, { code: 'badRequest', message: 'The request is not valid JSON.' });
  });
  app.setNotFoundHandler((_request, reply) =>
    send(reply, 404, { code: 'notFound', message: 'Not found.' }),
  );
  // The route schemas document the API (OpenAPI); a check validates its own body, passenger by
  // passenger, so that one malformed passenger does not refuse the others.
  app.setValidatorCompiler(() => () => true);

  const carriers = new WeakMap<FastifyRequest, KeyedCarrier>();
  const keys = rememberingKeys(db);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === OPENAPI_PATH && request.method === 'GET') return;
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const carrier = presented === undefined ? undefined : await keys.find(presented);
    if (!carrier) {
      reply.header('WWW-Authenticate', 'Bearer realm="carrier"');
      return send(reply, 401, {
        code: 'unauthorized',
        message: 'Send a valid carrier key as Authorization: Bearer <key>.',
      });
    }
    carriers.set(request, carrier);
  });
  await app.register(rateLimit, {
    ...sharedRateLimitStore(app, { db, clock, redisUrl: config.redisUrl }),
    max: config.carrierRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => {
      const carrier = carriers.get(request);
      return carrier ? `carrier:${carrier.id}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: rateLimitError,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ETA-IL carrier API',
        version: '1.0.0',
        description:
          'Boarding checks for airlines: is there an ETA-IL for each passenger? See docs/carrier-api.md.',
      },
      components: {
        securitySchemes: { carrierKey: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ carrierKey: [] }],
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  const checkDeps = {
    db,
    clock,
    countries: services.countries,
    metrics: services.metrics,
    hashDocument: documentHasher(config.authSecret),
    carrierOf: (request: FastifyRequest) => carriers.get(request),
    forgetKey: keys.forget,
  };
  checkRoutes(app, checkDeps);
  paxlstRoutes(app, checkDeps);
  return app;
};
