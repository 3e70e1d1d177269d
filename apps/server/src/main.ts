// Reads the environment, opens the database (migrations run), seeds the reference lists, starts
// the background work (job queue: mail delivery, retention) and listens.
import { referenceData } from '@eta-il/domain/reference-data';
import pino from 'pino';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedReferenceData } from './db/seed.ts';
import { startBackgroundWork } from './jobs/index.ts';
import { mailboxTransport, smtpTransport } from './mail/transport.ts';
import { createMetrics } from './ops/metrics.ts';

const start = async () => {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedReferenceData(database.db, referenceData);

  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : mailboxTransport(database.db, systemClock);
  // TODO(lead): pass the metrics the app renders at /metrics, and the app's logger.
  const metrics = createMetrics();
  const log = pino({ level: config.logLevel });
  const background = await startBackgroundWork({
    database,
    transport,
    clock: systemClock,
    metrics,
    log,
  });
  const app = await buildApp({
    config,
    db: database.db,
    clock: systemClock,
    onMailQueued: background.wake,
  });

  const shutdown = async () => {
    await app.close();
    await background.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const mailbox =
    transport.kind === 'mailbox' ? `; mail: http://localhost:${config.port}/dev/mailbox` : '';
  console.warn(
    `ETA-IL is serving http://localhost:${config.port} (database: ${database.kind}${mailbox})`,
  );
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
