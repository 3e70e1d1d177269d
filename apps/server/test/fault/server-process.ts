// The real server as a child process, so that a test can kill -9 it and see whether it stays up.
// Started from dist/main.js, as `npm start` does (the server project's global setup builds it).
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../application.ts';
import { httpClient } from './http-client.ts';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * A first start on PGlite creates its cluster (initdb in WebAssembly): about 10 s on an idle
 * 2-core machine, over a minute on a loaded one.
 */
const START_LIMIT_MS = 150_000;

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** What the server wrote on stderr (for the failure message). */
  stderr: () => string;
  /** Whether the process is still running. */
  alive: () => boolean;
  exited: Promise<number | null>;
}

/** The server processes' AUTH_SECRET. */
export const FAULT_AUTH_SECRET = 'fault-test-secret-0123456789abcdef0123456789';

export interface ServerEnvironment {
  dataDir: string;
  smtpUrl: string;
  databaseUrl?: string;
  port?: number;
}

export const startServerProcess = async (env: ServerEnvironment): Promise<ServerProcess> => {
  const port = env.port ?? (await freePort());
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      // Several servers may run at once: the back office takes any free port.
      OFFICE_PORT: '0',
      CARRIER_PORT: '0',
      SMTP_URL: env.smtpUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      // Known to the test, which signs a new session's token for each submission of a burst.
      AUTH_SECRET: FAULT_AUTH_SECRET,
      WEB_DIST: '/nonexistent',
      ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    });
  });
  const server = { port, child, stderr: () => stderr, alive: () => running, exited };
  const client = httpClient(port);
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (!running) throw new Error(`the server exited at start:\n${stderr}`);
    const answer = await client
      .request({ method: 'GET', path: '/api/config', timeoutMs: 2_000 })
      .catch(() => undefined);
    if (answer?.status === 200) return server;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${START_LIMIT_MS} ms:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** SIGTERM, and the exit code once it has exited. */
export const stopServerProcess = async (server: ServerProcess) => {
  if (server.alive()) server.child.kill('SIGTERM');
  return server.exited;
};

/** kill -9: no chance to finish anything. */
export const killServerProcess = async (server: ServerProcess) => {
  server.child.kill('SIGKILL');
  await server.exited;
};
