// Starts the real server (built web app, embedded database in a temporary folder) on a free port
// for a benchmark, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

export const startServer = async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'eta-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    // One client on loopback stands for many: the per-IP limit would measure only itself.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '10000000',
      OFFICE_PORT: '0',
      CARRIER_PORT: '0',
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const url = `http://127.0.0.1:${port}`;
  // The embedded database's first start (migrations, seed) is slow on a busy machine.
  let ready = false;
  for (let i = 0; i < 3000 && !ready; i++) {
    try {
      ready = (await fetch(`${url}/api/getalldata`)).ok;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  if (!ready) {
    child.kill('SIGTERM');
    throw new Error(`server not ready after 300 s: ${stderr}`);
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
