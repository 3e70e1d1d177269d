// `npm run audit:verify`: walks the audit chain; "chain intact, N rows" (exit 0) or the first
// broken link (exit 1). Same environment as `npm start`; on the embedded database while a server
// runs on it, the server walks the chain (office/control/run-command.ts).
import { ConfigError } from '../config.ts';
import { runCommand } from '../office/control/run-command.ts';

runCommand({ op: 'verifyAudit' })
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `Cannot verify: ${error.message}` : error);
    process.exit(2);
  });
