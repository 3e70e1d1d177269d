// The production runtime, as a real process: the server built to plain JavaScript, `npm run
// migrate`'s command, and `npm run start -w apps/server` (npm → sh → exec node, as the root `npm
// start` ends) answering the probes and the web app; SIGTERM with a slow upload in flight lets it
// finish and exits 0, or exits 1 at the deadline when it does not finish; OpenTelemetry spans reach
// a local OTLP listener when OTEL_EXPORTER_OTLP_ENDPOINT points to it; every log line of a request
// carries its id.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/tokens.ts';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SECRET = 'process-test-secret-0123456789abcdef0123456789';
// PGlite creating its database takes seconds alone, minutes on a machine under load.
const STARTUP_MS = 240_000;

interface Running {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

const startServer = async (env: Record<string, string>): Promise<Running> => {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'NODE_ENV', 'OTEL_EXPORTER_OTLP_ENDPOINT']) {
    delete base[name];
  }
  const child = spawn('npm', ['run', 'start', '--silent', '-w', 'apps/server'], {
    cwd: REPO,
    env: {
      ...base,
      PORT: '0',
      OFFICE_PORT: '0',
      CARRIER_PORT: '0',
      HOST: '127.0.0.1',
      AUTH_SECRET: SECRET,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${err}`)), STARTUP_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const found = /serving http:\/\/localhost:(\d+)/.exec(err);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    void exited.then(() => reject(new Error(`the server exited:\n${err}`)));
  });
  return { child, port, stdout: () => out, exited };
};

/** A multipart photo upload whose body the test sends in two parts, when it chooses. */
const slowUpload = async (port: number) => {
  const token = await createTokenService(SECRET, () => new Date()).issue('slow@example.test');
  const boundary = 'eta-il-slow-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const body = Buffer.concat([
    head,
    Buffer.alloc(64 * 1024, 7),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/photo',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
      'auth-token': token,
      cookie: 'XSRF-TOKEN=slow-upload-xsrf',
      'x-xsrf-token': 'slow-upload-xsrf',
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response: IncomingMessage) => {
      let text = '';
      response.on('data', (c: Buffer) => {
        text += c.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  answer.catch(() => {}); // read by the test that expects an answer
  request.flushHeaders();
  request.write(body.subarray(0, 1000));
  return { answer, finish: () => request.end(body.subarray(1000)) };
};

/** Resolves once `check` holds, polling every 20 ms; fails after `ms`. */
const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The server has logged the start of the photo upload (its request is being read). */
const uploadReceived = (stdout: () => string) => () =>
  stdout()
    .split('\n')
    .some((line) => line.includes('incoming request') && line.includes('/api/photo'));

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });

describe('the built server, as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'eta-il-process-'));
  const webDist = mkdtempSync(join(tmpdir(), 'eta-il-web-'));
  const collected: { method: string; url: string; bytes: number }[] = [];
  const collector = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    request.on('end', () => {
      collected.push({ method: request.method ?? '', url: request.url ?? '', bytes });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>ETA-IL process test</title>');
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: REPO, stdio: 'pipe' });
  }, STARTUP_MS);
  afterAll(async () => {
    await new Promise((resolve) => collector.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it(
    'npm run migrate applies the migrations and exits',
    () => {
      const run = spawnSync('npm', ['run', 'migrate', '--silent'], {
        cwd: REPO,
        env: { ...process.env, DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(0);
      expect(run.stderr).toMatch(
        /Database \(pglite\) is up to date: \d+ migrations, the last \d+_\w+\.sql\./,
      );
      expect(readdirSync(join(dataDir, 'pgdata'))).toContain('PG_VERSION');
    },
    STARTUP_MS,
  );

  it(
    'answers the probes and the web app; SIGTERM lets a slow upload finish, then exits 0',
    async () => {
      const { port: collectorPort } = collector.address() as AddressInfo;
      const server = await startServer({
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        SHUTDOWN_TIMEOUT_MS: '8000',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      });
      const url = `http://127.0.0.1:${server.port}`;
      try {
        expect((await fetch(`${url}/livez`)).status).toBe(200);
        const ready = await fetch(`${url}/readyz`);
        expect([ready.status, await ready.json()]).toEqual([
          200,
          { statusCode: 200, status: 'ready' },
        ]);
        const page = await fetch(`${url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('ETA-IL process test');
        const traced = await fetch(`${url}/api/config`, {
          headers: { 'x-request-id': 'process-test-42' },
        });
        expect(traced.headers.get('x-request-id')).toBe('process-test-42');
        const metrics = await (await fetch(`${url}/metrics`)).text();
        expect(metrics).toMatch(/^process_resident_memory_bytes \d/m);
        expect(metrics).toMatch(/^eta_http_request_duration_seconds_count\{route="\/livez"/m);

        // Every log line of that request names it.
        const lines = server
          .stdout()
          .split('\n')
          .filter((line) => line.includes('process-test-42'))
          .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
        expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
        expect(lines.every((l) => l.reqId === 'process-test-42')).toBe(true);
      } catch (error) {
        server.child.kill('SIGKILL');
        throw error;
      }

      const upload = await slowUpload(server.port);
      await until('the upload reached the server', uploadReceived(server.stdout));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // The server stops accepting connections while the upload is still being sent; then the
      // rest of the body arrives and the request is answered before the process exits.
      await until('new connections refused', () => refusesConnections(server.port));
      upload.finish();
      const answer = await upload.answer;
      // Its answer, whatever the photo's fate: a refusal of these bytes, status and body agreeing.
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: answer.status });

      const { code, at } = await server.exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(8000);
      // The spans were sent before the exit.
      expect(
        collected.some((c) => c.method === 'POST' && c.url === '/v1/traces' && c.bytes > 0),
      ).toBe(true);
    },
    STARTUP_MS + 30_000,
  );

  it(
    'SIGTERM with an upload that never finishes: stops accepting, exits 1 at the deadline',
    async () => {
      const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '1500' });
      const upload = await slowUpload(server.port);
      await until('the upload reached the server', uploadReceived(server.stdout));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await until('new connections refused', () => refusesConnections(server.port), 1400);
      const { code, at } = await server.exited;
      expect(code).toBe(1);
      expect(at - signalled).toBeGreaterThanOrEqual(1400);
      expect(at - signalled).toBeLessThan(1500 + 3000);
      await expect(upload.answer).rejects.toThrow();
    },
    STARTUP_MS + 30_000,
  );
});
