// `npm run staff -- add <email> <role> [--print-link]`: creates a staff account; its one-time
// set-up link (valid 24 hours) is e-mailed to the address, or printed for the very first admin
// with --print-link; a supervisor or admin waits for an admin's confirmation in the back office. Same environment as `npm start`, on PostgreSQL or the embedded
// database, whether or not the server runs (office/control/run-command.ts).
import { isStaffRole, STAFF_ROLES } from '@eta-il/domain';
import { ConfigError } from '../../config.ts';
import { runCommand } from '../control/run-command.ts';

const USAGE = `Usage: npm run staff -- add <email> <role> [--print-link]   (role: ${STAFF_ROLES.join(', ')}; --print-link only for the first admin)`;

export const runStaffCommand = async (args: string[]): Promise<number> => {
  const printLink = args.includes('--print-link');
  const [command, email, role, ...rest] = args.filter((a) => a !== '--print-link');
  if (command !== 'add' || !email || !role || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!isStaffRole(role)) {
    console.error(`Unknown role "${role}". ${USAGE}`);
    return 2;
  }
  return runCommand({ op: 'addStaff', email, role, printLink });
};

runStaffCommand(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot run: ${error.message}` : error);
    process.exit(1);
  });
