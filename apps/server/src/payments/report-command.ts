// `npm run payments:report -- --from YYYY-MM-DD --to YYYY-MM-DD`: the payments paid in those days
// (the service's time zone, both included) as CSV on stdout, then the totals (payments/report.ts).
// Same environment as `npm start`, on PostgreSQL or the embedded database, whether or not the
// server runs (office/control/run-command.ts). Bad arguments: a message and exit code 2.
import { ConfigError } from '../config.ts';
import { runCommand } from '../office/control/run-command.ts';
import { parseReportArgs } from './report.ts';

const USAGE = 'Usage: npm run payments:report -- --from YYYY-MM-DD --to YYYY-MM-DD';

const runReport = async (args: string[]): Promise<number> => {
  const parsed = parseReportArgs(args);
  if (!parsed.ok) {
    console.error(`${parsed.problem}\n${USAGE}`);
    return 2;
  }
  return runCommand({ op: 'paymentsReport', from: parsed.from, to: parsed.to });
};

runReport(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot report: ${error.message}` : error);
    process.exit(1);
  });
