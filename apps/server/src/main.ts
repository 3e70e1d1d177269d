// Reads the environment, starts tracing when asked, opens the database (migrations run), seeds the
// reference lists, starts the mail worker and listens; SIGTERM/SIGINT shut it all down in order
// (src/ops/shutdown.ts).
import type { AddressInfo } from 'node:net';
import { IDEMPOTENCY_KEY_TTL_MS } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { forgetOldIdempotencyKeys } from './api/submission/service.ts';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedReferenceData } from './db/seed.ts';
import { mailboxTransport, smtpTransport } from './mail/transport.ts';
import { startMailWorker } from './mail/worker.ts';
import { buildOfficeApp } from './office/app.ts';
import { holdEmbeddedDatabase } from './office/embedded-lock.ts';
import { createMetrics } from './ops/metrics.ts';
import { createShutdown } from './ops/shutdown.ts';
import { startTracing } from './ops/tracing.ts';

const MAINTENANCE_MS = 10 * 60 * 1000;

const start = async () => {
  const config = loadConfig();
  const tracing = config.otelEndpoint ? await startTracing(config.otelEndpoint) : undefined;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedReferenceData(database.db, referenceData);
  // `npm run staff` and `npm run audit:verify` refuse the embedded database while this runs.
  const releaseEmbedded =
    database.kind === 'pglite' ? holdEmbeddedDatabase(config.dataDir) : undefined;

  const metrics = createMetrics();
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : mailboxTransport(database.db, systemClock);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const worker = startMailWorker({
    db: database.db,
    transport,
    clock: systemClock,
    onError: (error) => app?.log.warn({ err: error }, 'mail delivery failed; will retry'),
  });
  app = await buildApp({
    config,
    db: database.db,
    clock: systemClock,
    onMailQueued: worker.wake,
    metrics,
  });
  const office = await buildOfficeApp({
    config,
    db: database.db,
    clock: systemClock,
    onMailQueued: worker.wake,
  });
  const { log } = app;

  const maintenance = setInterval(() => {
    forgetOldIdempotencyKeys(database.db, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)).catch(
      (error: unknown) => log.warn({ err: error }, 'maintenance failed'),
    );
  }, MAINTENANCE_MS);
  maintenance.unref();

  // In this order: stop accepting and let requests in flight finish, then background work, then
  // the database. A new background service adds its step before the database's.
  const shutdown = createShutdown({
    timeoutMs: config.shutdownTimeoutMs,
    log: { info: (m) => log.info(m), error: (o, m) => log.error(o, m) },
  });
  shutdown.add('http server', () => app.close());
  shutdown.add('office server', () => office.close());
  shutdown.add('maintenance', () => clearInterval(maintenance));
  shutdown.add('mail worker', () => worker.stop());
  shutdown.add('mail transport', () => transport.close());
  if (tracing) shutdown.add('tracing', () => tracing.shutdown());
  shutdown.add('database', () => database.close());
  if (releaseEmbedded) shutdown.add('embedded database lock', releaseEmbedded);
  shutdown.listen();

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const mailbox =
    transport.kind === 'mailbox' ? `; mail: http://localhost:${port}/dev/mailbox` : '';
  await office.listen({ port: config.officePort, host: config.host });
  const officePort = (office.server.address() as AddressInfo).port;
  console.warn(`ETA-IL is serving http://localhost:${port} (database: ${database.kind}${mailbox})`);
  console.warn(`The back office API is serving http://localhost:${officePort}/office/api`);
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
