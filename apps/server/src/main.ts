// Reads the environment, opens the database (migrations run), seeds the reference lists, starts
// the mail worker and listens.
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

const MAINTENANCE_MS = 10 * 60 * 1000;

const start = async () => {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await seedReferenceData(database.db, referenceData);

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
  app = await buildApp({ config, db: database.db, clock: systemClock, onMailQueued: worker.wake });

  const maintenance = setInterval(() => {
    forgetOldIdempotencyKeys(database.db, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS)).catch(
      (error: unknown) => app?.log.warn({ err: error }, 'maintenance failed'),
    );
  }, MAINTENANCE_MS);
  maintenance.unref();

  const shutdown = async () => {
    clearInterval(maintenance);
    await app?.close();
    await worker.stop();
    transport.close();
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
