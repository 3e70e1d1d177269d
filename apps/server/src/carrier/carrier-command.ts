// `npm run carrier -- add "<name>" <IATA code> | list | revoke <id> | replace-key <id>`: carrier
// accounts from the command line, on PostgreSQL or the embedded database, whether or not the
// server runs (office/control/run-command.ts). `add` and `replace-key` print the API key once.
import { ConfigError } from '../config.ts';
import { runCommand } from '../office/control/run-command.ts';
import type { CarrierControl } from './control.ts';

const USAGE = `Usage: npm run carrier -- add "<name>" <IATA code>
       npm run carrier -- list
       npm run carrier -- revoke <carrier id>
       npm run carrier -- replace-key <carrier id>`;

const requestOf = (args: string[]): CarrierControl | undefined => {
  const [command, first, second, ...rest] = args;
  if (rest.length > 0) return undefined;
  if (command === 'add' && first && second) {
    return { op: 'carrier', action: 'add', name: first, iataCode: second };
  }
  if (command === 'list' && !first) return { op: 'carrier', action: 'list' };
  if (command === 'revoke' && first && !second)
    return { op: 'carrier', action: 'revoke', id: first };
  if (command === 'replace-key' && first && !second) {
    return { op: 'carrier', action: 'replaceKey', id: first };
  }
  return undefined;
};

const run = async (args: string[]): Promise<number> => {
  const request = requestOf(args);
  if (!request) {
    console.error(USAGE);
    return 2;
  }
  return runCommand(request);
};

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot run: ${error.message}` : error);
    process.exit(1);
  });
