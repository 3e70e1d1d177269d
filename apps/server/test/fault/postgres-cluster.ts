// A PostgreSQL cluster of the test's own: initdb in a temporary folder, its own port, started and
// stopped with pg_ctl. Never the shared server on 5432. Run as the `postgres` OS user when the
// test runs as root (initdb refuses root). No initdb on the machine → the test fails, loudly.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../application.ts';

/** The newest installed PostgreSQL's bin folder. */
const binDir = (): string => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) {
    throw new Error(`No PostgreSQL server binaries (initdb) under ${root}: install postgresql.`);
  }
  return join(root, versions[0], 'bin');
};

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the postgres user when we are root; the event loop runs on. */
const run = async (program: string, args: string[]): Promise<void> => {
  const path = join(binDir(), program);
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path, ...args]]
    : [path, args];
  await promisify(execFile)(command, commandArgs, { timeout: 60_000 });
};

export interface PostgresCluster {
  url: string;
  port: number;
  start: () => Promise<void>;
  /** `-m immediate`: the server processes are killed, as in a crash; recovery runs at start. */
  stopImmediately: () => Promise<void>;
  /** Stops (if running) and deletes the folder. */
  destroy: () => Promise<void>;
}

export const createPostgresCluster = async (): Promise<PostgresCluster> => {
  const dir = mkdtempSync(join(tmpdir(), 'eta-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=40`;
  let running = false;
  const start = async () => {
    await run('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '30',
      'start',
    ]);
    running = true;
  };
  const stopImmediately = async () => {
    await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stopImmediately,
    destroy: async () => {
      if (running) await stopImmediately();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
