// `npm run staff -- add <email> <role>`: creates a staff account and prints its one-time set-up
// link (valid 24 hours). Same environment as `npm start`, on PostgreSQL or the embedded
// database, whether or not the server runs (office/run-command.ts).
import { isStaffRole, STAFF_ROLES } from '@eta-il/domain';
import { ConfigError } from '../config.ts';
import { runCommand } from './run-command.ts';

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
  return runCommand({ op: 'addStaff', email, role });
};

runStaffCommand(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot run: ${error.message}` : error);
    process.exit(1);
  });
