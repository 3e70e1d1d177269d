// GET /metrics on its own port (METRICS_PORT), apart from the public port travellers reach: the
// operator's scraper reaches it on the private network, nothing else answers there.
import Fastify from 'fastify';
import type { Metrics } from './metrics.ts';
import { metricsRoute } from './operations.ts';

export const buildMetricsServer = (metrics: Metrics) => {
  const app = Fastify({ logger: false });
  metricsRoute(app, metrics);
  return app;
};
