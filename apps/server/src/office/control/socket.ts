// The server's control socket on the embedded database: DATA_DIR/control.sock, a Unix socket
// only this machine's user can open (mode 0600), one JSON request and one JSON answer per
// connection. It runs exactly the operator commands of commands.ts, nothing else.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { type ControlAnswer, type ControlRequest, isControlRequest } from './commands.ts';

const CONTROL_SOCKET = 'control.sock';
const MAX_REQUEST_BYTES = 4096;

const controlSocketPath = (dataDir: string) => join(dataDir, CONTROL_SOCKET);

/** Listens on the data directory's control socket; the returned function closes and removes it. */
export const startControlSocket = async (
  dataDir: string,
  handle: (request: ControlRequest) => Promise<ControlAnswer>,
): Promise<() => Promise<void>> => {
  const path = controlSocketPath(dataDir);
  // A socket file left by a server that was killed: this process holds the data directory now.
  if (existsSync(path)) rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) return socket.destroy();
      const end = received.indexOf('\n');
      if (end === -1) return;
      let request: unknown;
      try {
        request = JSON.parse(received.slice(0, end));
      } catch {
        request = undefined;
      }
      const answer = isControlRequest(request)
        ? handle(request)
        : Promise.resolve({ exitCode: 2, stdout: '', stderr: 'Not a control request.\n' });
      answer
        .catch((error: unknown) => ({ exitCode: 1, stdout: '', stderr: `${String(error)}\n` }))
        .then((a) => socket.end(`${JSON.stringify(a)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        rmSync(path, { force: true });
        resolve();
      });
    });
};

/** Asks the server holding the data directory to run a command; its answer. */
export const sendControl = (dataDir: string, request: ControlRequest): Promise<ControlAnswer> =>
  new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(30_000, () => socket.destroy(new Error('The server did not answer.')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(JSON.parse(received) as ControlAnswer);
      } catch {
        reject(new Error('The server gave no answer.'));
      }
    });
  });
