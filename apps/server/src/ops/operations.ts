// The operations surface, wired once into the app: request ids, the request duration of every
// answer, and the probes GET /livez, GET /readyz and GET /metrics (docs/operations.md; /metrics on
// its own port METRICS_PORT, and never on the public port in production). The probes
// are real routes, so the web app's fallback never answers them, and the per-IP limit skips them
// (an orchestrator probes often, from one address).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { send } from '../http.ts';
import type { Metrics } from './metrics.ts';
import { checkReadiness } from './readiness.ts';
import { echoRequestId } from './request-id.ts';

/** The route label of answers no route matched (the web app's fallback page, a 404). */
export const UNMATCHED_ROUTE = '*';

const PROBE = { config: { rateLimit: false } } as const;

export const registerOperations = (
  app: FastifyInstance,
  {
    db,
    metrics,
    servesMetrics,
    embeddedDataDir,
  }: {
    db: Db;
    metrics: Metrics;
    servesMetrics: boolean;
    /** DATA_DIR of the embedded database on disk, whose files readiness looks for. */
    embeddedDataDir?: string | undefined;
  },
) => {
  echoRequestId(app);

  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method: request.method,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/livez', PROBE, async (_request, reply) => send(reply, 200, { status: 'live' }));

  app.get('/readyz', PROBE, async (request, reply) => {
    const readiness = await checkReadiness(db, { embeddedDataDir });
    if (readiness.ready) return send(reply, 200, { status: 'ready' });
    const { dependency, reason } = readiness;
    request.log.warn({ dependency, reason }, 'not ready');
    return send(reply, 503, { status: 'not ready', dependency, message: reason });
  });

  if (servesMetrics) metricsRoute(app, metrics);
};

/** GET /metrics: the registry in Prometheus's text format. */
export const metricsRoute = (app: FastifyInstance, metrics: Metrics) => {
  app.get('/metrics', PROBE, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics()),
  );
};

/**
 * Whether the public port serves GET /metrics: outside production when METRICS_PORT is not set.
 * In production the metrics (routes, volumes, queue depths) are for the operator's scraper only,
 * on METRICS_PORT (metrics-server.ts), and never on the port travellers reach.
 */
export const publicPortServesMetrics = (config: {
  production: boolean;
  metricsPort: number | undefined;
}) => !config.production && config.metricsPort === undefined;
