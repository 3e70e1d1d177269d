// `npm run migrate`: applies the pending migrations to the configured database and exits.
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate, migrationFiles } from '../db/migrate.ts';

const run = async () => {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database.db);
    const files = migrationFiles();
    console.warn(
      `Database (${database.kind}) is up to date: ${files.length} migrations, the last ${files.at(-1)}.`,
    );
  } finally {
    await database.close();
  }
};

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Cannot migrate: ${error.message}` : error);
  process.exit(1);
});
