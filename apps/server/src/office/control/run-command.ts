// Runs an operator command where the data lives: on PostgreSQL or an embedded database no server
// holds, directly; on an embedded database a running server holds, through that server's control
// socket. Prints the answer as the command's output; resolves to its exit code.
import { useAuditKey } from '../../audit/seal.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { type ControlRequest, runControl } from './commands.ts';
import { embeddedServerPid } from './embedded-lock.ts';
import { sendControl } from './socket.ts';

export const runCommand = async (request: ControlRequest): Promise<number> => {
  const config = loadConfig();
  useAuditKey(config.auditKey);
  const viaServer = !config.databaseUrl && embeddedServerPid(config.dataDir) !== undefined;
  let answer: Awaited<ReturnType<typeof runControl>>;
  if (viaServer) {
    answer = await sendControl(config.dataDir, request);
  } else {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    try {
      answer = await runControl(
        database.db,
        request,
        {
          officeUrl: config.backofficeUrl,
          checkpointPath: config.auditCheckpointPath,
          timeZone: config.timeZone,
          publicUrl: config.publicUrl,
        },
        new Date(),
      );
    } finally {
      await database.close();
    }
  }
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  return answer.exitCode;
};
