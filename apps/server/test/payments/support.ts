// What the payment suites share: the server's own confirmation path's services (to hand it
// provider events as a verified webhook would), the states and rows to look at, and counters.
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../src/ops/metrics.ts';
import type { PaymentDeps } from '../../src/payments/apply-event.ts';
import { createDevProvider } from '../../src/payments/dev-provider.ts';
import { decisionDeps, PUBLIC_URL } from '../decisions/support.ts';
import { type TestServer, XSRF } from '../harness.ts';

/** Log lines at error and warn level, kept for the test to read. */
export const collectingLog = () => {
  const errors: { details: object; message: string }[] = [];
  return {
    errors,
    error: (details: object, message: string) => errors.push({ details, message }),
    warn: () => undefined,
  };
};

/** The confirmation path's services as the app wires them, with the development provider. */
export const paymentDeps = (
  server: TestServer,
  metrics: Metrics,
  log = collectingLog(),
): PaymentDeps => ({
  db: server.database.db,
  clock: server.clock,
  provider: createDevProvider({
    db: server.database.db,
    clock: server.clock,
    publicUrl: PUBLIC_URL,
  }),
  decisions: decisionDeps(server),
  metrics,
  log,
});

export const stateOf = async (server: TestServer, reqNum: string) =>
  (
    await server.database.db
      .selectFrom('application')
      .select('state')
      .where('req_num', '=', reqNum)
      .executeTakeFirstOrThrow()
  ).state;

export const paymentsOf = (server: TestServer, reference: string) =>
  server.database.db
    .selectFrom('payment')
    .selectAll()
    .where('reference', '=', reference)
    .orderBy('created_at')
    .execute();

/** A counter's value for one label set (0 when never counted). */
export const counted = async (
  counter: Metrics['payments'] | Metrics['paymentAmounts'],
  labels: Record<string, string>,
) =>
  (await counter.get()).values.find((v) =>
    Object.entries(labels).every(([k, value]) => v.labels[k as never] === value),
  )?.value ?? 0;

/** Another app on the same database (another configuration), injected as a browser would. */
export const sameDatabaseServer = (server: TestServer, app: FastifyInstance): TestServer => ({
  ...server,
  app,
  request: (o) =>
    app.inject({
      ...o,
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...o.headers },
    }),
});
