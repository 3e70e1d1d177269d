// Reads the environment, starts tracing when asked, opens the database (migrations run), seeds the
// reference lists, reads the screening lists, starts the background work (job queue: mail
// delivery, screening, retention) and listens; SIGTERM/SIGINT shut it all down in order
// (src/ops/shutdown.ts).

import type { AddressInfo } from 'node:net';
import { referenceData } from '@eta-il/domain/reference-data';
import pino from 'pino';
import { closePhotoChecks, configurePhotoChecks, warmPhotoChecks } from './api/photo/check-pool.ts';
import { buildApp } from './app.ts';
import { startCheckpoints } from './audit/checkpoint.ts';
import { useAuditKey } from './audit/seal.ts';
import { buildCarrierApp } from './carrier/app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedReferenceData } from './db/seed.ts';
import { startBackgroundWork } from './jobs/index.ts';
import { mailboxTransport, smtpTransport } from './mail/transport.ts';
import { buildOfficeApp } from './office/app.ts';
import { runControl } from './office/control/commands.ts';
import { holdEmbeddedDatabase } from './office/control/embedded-lock.ts';
import { startControlSocket } from './office/control/socket.ts';
import { createMetrics } from './ops/metrics.ts';
import { buildMetricsServer } from './ops/metrics-server.ts';
import { createShutdown } from './ops/shutdown.ts';
import { startTracing } from './ops/tracing.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import { loadScreeningLists, screeningListPaths } from './screening/lists.ts';

const start = async () => {
  const config = loadConfig();
  useAuditKey(config.auditKey);
  configurePhotoChecks(config.photoCheckThreads);
  const log = pino({ level: config.logLevel });
  const tracing = config.otelEndpoint ? await startTracing(config.otelEndpoint) : undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    namedStatements: config.databaseNamedStatements,
    onConnectionError: (error) => log.warn({ err: error }, 'database connection lost'),
  });
  if (await seedReferenceData(database.db, referenceData)) log.info('reference lists seeded');
  const screening = await loadScreeningLists(
    screeningListPaths({
      LOST_DOCUMENTS_PATH: config.lostDocumentsPath,
      WATCHLIST_PATH: config.watchlistPath,
    }),
    referenceData.allcountry,
  );
  log.info(screening.report, 'screening lists read');
  // One process at a time opens the embedded database: while this one holds it, `npm run staff`
  // and `npm run audit:verify` ask it over the control socket instead of opening it themselves.
  const releaseEmbedded =
    database.kind === 'pglite' ? holdEmbeddedDatabase(config.dataDir) : undefined;
  const closeControl =
    database.kind === 'pglite'
      ? await startControlSocket(config.dataDir, (request) =>
          runControl(
            database.db,
            request,
            {
              officeUrl: config.backofficeUrl,
              checkpointPath: config.auditCheckpointPath,
              timeZone: config.timeZone,
              publicUrl: config.publicUrl,
            },
            systemClock(),
          ),
        )
      : undefined;

  const stopCheckpoints = startCheckpoints({
    db: database.db,
    path: config.auditCheckpointPath,
    clock: systemClock,
    log: (checkpoint) => log.info({ auditCheckpoint: checkpoint }, 'audit checkpoint'),
    onError: (error) => log.error({ err: error }, 'audit checkpoint not written'),
  });
  const metrics = createMetrics();
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : mailboxTransport(database.db, systemClock);
  const decisions = {
    clock: systemClock,
    timeZone: config.timeZone,
    publicUrl: config.publicUrl,
    reviewDays: config.reviewDays,
  };
  const background = await startBackgroundWork({
    database,
    transport,
    clock: systemClock,
    metrics,
    log,
    applicationDays: config.retentionApplicationDays,
    paymentDays: config.retentionPaymentDays,
    screening: { lists: screening.lists, decisions },
    paymentDeadlines: decisions,
    expiryReminders: decisions,
    refunds: {
      provider: createPaymentProvider(config.payments, {
        db: database.db,
        clock: systemClock,
        publicUrl: config.publicUrl,
      }),
      decisions,
    },
  });
  const app = await buildApp({
    config,
    db: database.db,
    clock: systemClock,
    metrics,
  });
  const office = await buildOfficeApp({
    config,
    db: database.db,
    clock: systemClock,
    // A supervisor's refund counts in the same eta_payment_amount_minor_total as the public app's.
    metrics,
  });
  const carrier = await buildCarrierApp({
    config,
    db: database.db,
    clock: systemClock,
    metrics,
    countries: referenceData.allcountry,
  });

  // In this order: stop accepting and let requests in flight finish, then background work (which
  // closes the mail transport), then the database. A new service adds its step before the database.
  const shutdown = createShutdown({
    timeoutMs: config.shutdownTimeoutMs,
    log: { info: (m) => log.info(m), error: (o, m) => log.error(o, m) },
  });
  shutdown.add('http server', () => app.close());
  shutdown.add('office server', () => office.close());
  shutdown.add('carrier server', () => carrier.close());
  const metricsServer = config.metricsPort === undefined ? undefined : buildMetricsServer(metrics);
  if (metricsServer) shutdown.add('metrics server', () => metricsServer.close());
  shutdown.add('background work', () => background.stop());
  shutdown.add('photo checks', closePhotoChecks);
  shutdown.add('audit checkpoints', stopCheckpoints);
  if (tracing) shutdown.add('tracing', () => tracing.shutdown());
  if (closeControl) shutdown.add('control socket', closeControl);
  shutdown.add('database', () => database.close());
  if (releaseEmbedded) shutdown.add('embedded database lock', releaseEmbedded);
  shutdown.listen();

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const mailbox =
    transport.kind === 'mailbox' ? `; mail: http://localhost:${port}/dev/mailbox` : '';
  await office.listen({ port: config.officePort, host: config.host });
  const officePort = (office.server.address() as AddressInfo).port;
  await carrier.listen({ port: config.carrierPort, host: config.host });
  const carrierPort = (carrier.server.address() as AddressInfo).port;
  await metricsServer?.listen({ port: config.metricsPort, host: config.host });
  // A photo-check thread loads the face detector now rather than by the first traveller's photo.
  warmPhotoChecks().catch((error: unknown) =>
    log.warn({ err: error }, 'photo checks not warmed: the first photo loads the detector'),
  );
  console.warn(`ETA-IL is serving http://localhost:${port} (database: ${database.kind}${mailbox})`);
  console.warn(
    config.officeDist
      ? `The back office is serving http://localhost:${officePort}`
      : `The back office API is serving http://localhost:${officePort}/office/api (no built screens)`,
  );
  console.warn(
    `The carrier API is serving ${config.carrierTls ? 'https' : 'http'}://localhost:${carrierPort}/carrier/v1 (mutual TLS: ${config.carrierTls ? 'on' : 'off'})`,
  );
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
