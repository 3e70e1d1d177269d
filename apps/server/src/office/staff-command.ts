// `npm run staff -- add <email> <role>`: creates a staff account and prints its one-time set-up
// link (valid 24 hours). Same environment as `npm start`; on PostgreSQL it runs whether or not
// the server runs; on the embedded database only while the server is stopped (embedded-lock.ts).
import { isStaffRole, STAFF_ROLES } from '@eta-il/domain';
import { recordAudit } from '../audit/record.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { embeddedInUseMessage, embeddedServerPid } from './embedded-lock.ts';
import { addStaff, setupLink } from './staff.ts';

const USAGE = `Usage: npm run staff -- add <email> <role>   (role: ${STAFF_ROLES.join(', ')})`;

export const runStaffCommand = async (args: string[]): Promise<number> => {
  const [command, email, role] = args;
  if (command !== 'add' || !email || !role || args.length !== 3) {
    console.error(USAGE);
    return 2;
  }
  if (!isStaffRole(role)) {
    console.error(`Unknown role "${role}". ${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = embeddedServerPid(config.dataDir);
    if (pid !== undefined) {
      console.error(embeddedInUseMessage(config.dataDir, pid));
      return 1;
    }
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const now = new Date();
    const outcome = await addStaff(database.db, now, email, role);
    if (!outcome.ok) {
      console.error(
        outcome.problem === 'exists'
          ? `${email} already has an account.`
          : `"${email}" is not a valid e-mail address.`,
      );
      return 1;
    }
    await recordAudit(database.db, {
      at: now,
      staffId: null,
      actor: 'npm run staff',
      action: 'addStaff',
      client: 'local',
      details: { staffId: outcome.id, email: outcome.email, role: outcome.role },
    });
    process.stdout.write(
      `Created ${outcome.role} ${outcome.email}. One-time set-up link (valid 24 hours):\n${setupLink(config.backofficeUrl, outcome.token)}\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
};

runStaffCommand(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot run: ${error.message}` : error);
    process.exit(1);
  });
