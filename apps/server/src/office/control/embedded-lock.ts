// The embedded database (PGlite) may be opened by one process at a time. The server leaves its
// process id in DATA_DIR/server.pid while it runs on it; meanwhile the staff and audit commands
// ask that server over its control socket instead of opening the directory (run-command.ts).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PID_FILE = 'server.pid';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process id of a running server on this data directory, if any. */
export const embeddedServerPid = (dataDir: string): number | undefined => {
  const path = join(dataDir, PID_FILE);
  if (!existsSync(path)) return undefined;
  const pid = Number(readFileSync(path, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
};

/** Marks the data directory as in use by this process; the returned function releases it. */
export const holdEmbeddedDatabase = (dataDir: string): (() => void) => {
  const path = join(dataDir, PID_FILE);
  writeFileSync(path, String(process.pid));
  return () => {
    if (existsSync(path) && readFileSync(path, 'utf8').trim() === String(process.pid)) {
      rmSync(path, { force: true });
    }
  };
};
