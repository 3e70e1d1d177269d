// `npm run reminders -- --as-of YYYY-MM-DD`: the reminders before an authorization ends (issue 31)
// as the hourly job would send them on that day, once; without --as-of, as of today. For a
// developer or a tester to see a reminder without waiting two years (docs/operations.md): each
// reminder it sends is recorded as the job's are, so it is not sent again for the same last day.
// Refused in production for any day but today. Same environment as `npm start`, on PostgreSQL or
// the embedded database, whether or not the server runs (office/control/run-command.ts).
import { isIsoDate, todayIn } from '@eta-il/domain';
import { ConfigError, loadConfig } from '../config.ts';
import { runCommand } from '../office/control/run-command.ts';

const USAGE = 'Usage: npm run reminders -- [--as-of YYYY-MM-DD]';

/** The day to run as of, or why the arguments are not understood. */
const parseRemindersArgs = (
  args: readonly string[],
  today: string,
): { ok: true; asOf: string } | { ok: false; problem: string } => {
  if (args.length === 0) return { ok: true, asOf: today };
  const [flag, value, ...rest] = args;
  if (flag !== '--as-of' || value === undefined || rest.length > 0) {
    return { ok: false, problem: 'Only --as-of YYYY-MM-DD is understood.' };
  }
  if (!isIsoDate(value)) return { ok: false, problem: `"${value}" is not a date (YYYY-MM-DD).` };
  return { ok: true, asOf: value };
};

const runReminders = async (args: string[]): Promise<number> => {
  const config = loadConfig();
  const today = todayIn(new Date(), config.timeZone);
  const parsed = parseRemindersArgs(args, today);
  if (!parsed.ok) {
    console.error(`${parsed.problem}\n${USAGE}`);
    return 2;
  }
  if (config.production && parsed.asOf !== today) {
    console.error('In production the reminders run as of today only (the hourly job sends them).');
    return 2;
  }
  return runCommand({ op: 'expiryReminders', asOf: parsed.asOf });
};

runReminders(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(
      error instanceof ConfigError ? `Cannot run the reminders: ${error.message}` : error,
    );
    process.exit(1);
  });
