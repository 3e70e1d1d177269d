// `npm run audit:verify`: walks the audit chain; "chain intact, N rows" (exit 0) or the first
// broken link (exit 1). Same environment as `npm start`; on the embedded database only while the
// server is stopped.
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { embeddedInUseMessage, embeddedServerPid } from '../office/embedded-lock.ts';
import { describeReport, verifyAuditChain } from './verify.ts';

const run = async (): Promise<number> => {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = embeddedServerPid(config.dataDir);
    if (pid !== undefined) {
      console.error(embeddedInUseMessage(config.dataDir, pid));
      return 2;
    }
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await verifyAuditChain(database.db);
    (report.intact ? process.stdout : process.stderr).write(`${describeReport(report)}\n`);
    return report.intact ? 0 : 1;
  } finally {
    await database.close();
  }
};

run()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot verify: ${error.message}` : error);
    process.exit(2);
  });
