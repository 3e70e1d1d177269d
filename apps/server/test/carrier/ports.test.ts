// The carrier API stands apart (issue 28 item 1): it answers nothing on the public or office
// app, and no public or office route answers on it; with CARRIER_TLS_* it demands a client
// certificate from the carriers' CA (certificates made here with openssl).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfficeApp } from '../../src/office/app.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES, testConfig } from '../harness.ts';
import {
  type CarrierTestServer,
  check,
  FLIGHT,
  newCarrier,
  PASSENGER,
  startCarrierServer,
} from './support.ts';

describe.each(DATABASES)('the carrier port on %s', (kind) => {
  let server: CarrierTestServer;
  let office: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    server = await startCarrierServer(kind);
    office = await buildOfficeApp({
      config: testConfig(),
      db: server.database.db,
      clock: server.clock,
      logger: false,
    });
    key = (await newCarrier(server)).key;
  }, SETUP_MS);
  afterAll(async () => {
    await office?.close();
    await server?.close();
  });

  const body = JSON.stringify({ flight: FLIGHT, passengers: [PASSENGER] });

  it('is not served by the public or the office app, even with a valid key', async () => {
    for (const app of [server.app, office]) {
      for (const url of ['/carrier/v1/checks', '/carrier/v1/openapi.json']) {
        const answer = await app.inject({
          method: url.endsWith('checks') ? 'POST' : 'GET',
          url,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload: url.endsWith('checks') ? body : undefined,
        });
        expect(answer.statusCode, `${url}`).toBeGreaterThanOrEqual(400);
        expect(answer.body).not.toContain('results');
        expect(answer.body).not.toContain('openapi');
      }
    }
    expect((await check(server, key, JSON.parse(body))).statusCode).toBe(200);
  });

  it('serves no public or office route, even with a valid key', async () => {
    for (const [method, url] of [
      ['GET', '/api/getalldata'],
      ['POST', '/api/verify'],
      ['GET', '/livez'],
      ['GET', '/metrics'],
      ['GET', '/office/api/session'],
      ['POST', '/office/api/sign-in'],
      ['GET', '/'],
    ] as const) {
      const answer = await server.carrier.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toEqual({ statusCode: 404, code: 'notFound', message: 'Not found.' });
    }
  });
});

/** A CA, a server certificate for 127.0.0.1, a client certificate from the CA and one from another CA. */
const makeCertificates = (dir: string) => {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ca = (name: string) =>
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    );
  const signed = (name: string, by: string, ext: string) => {
    ssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      `/CN=${name}`,
    );
    execFileSync(
      'sh',
      [
        '-c',
        `printf '%s' "${ext}" > ${name}.ext && openssl x509 -req -in ${name}.csr -CA ${by}.crt -CAkey ${by}.key -CAcreateserial -out ${name}.crt -days 2 -extfile ${name}.ext`,
      ],
      { cwd: dir, stdio: 'pipe' },
    );
  };
  ca('carriers-ca');
  ca('other-ca');
  signed('server', 'carriers-ca', 'subjectAltName=IP:127.0.0.1');
  signed('airline', 'carriers-ca', 'extendedKeyUsage=clientAuth');
  signed('stranger', 'other-ca', 'extendedKeyUsage=clientAuth');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  return { read, path: (file: string) => join(dir, file) };
};

describe('mutual TLS on the carrier port', () => {
  let dir: string;
  let server: CarrierTestServer;
  let port: number;
  let certs: ReturnType<typeof makeCertificates>;
  let key: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'carrier-tls-'));
    certs = makeCertificates(dir);
    server = await startCarrierServer('pglite', {
      carrierTls: {
        cert: certs.read('server.crt'),
        key: certs.read('server.key'),
        ca: certs.read('carriers-ca.crt'),
      },
    });
    key = (await newCarrier(server)).key;
    await server.carrier.listen({ port: 0, host: '127.0.0.1' });
    port = (server.carrier.server.address() as AddressInfo).port;
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** POSTs a check over TLS with the client certificate `client` (or none). */
  const post = (client: string | undefined) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/carrier/v1/checks',
          ca: certs.read('carriers-ca.crt'),
          ...(client
            ? { cert: certs.read(`${client}.crt`), key: certs.read(`${client}.key`) }
            : {}),
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ flight: FLIGHT, passengers: [PASSENGER] }));
    });

  it('answers a carrier with a certificate from its CA and its key', async () => {
    const answer = await post('airline');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).results[0]).toMatchObject({
      reference: 'P1',
      answer: 'NO_BOARD',
    });
  });

  it('refuses the connection without a client certificate, or with one from another CA', async () => {
    await expect(post(undefined)).rejects.toThrow();
    await expect(post('stranger')).rejects.toThrow();
  });

  it('still wants the key from a client with a good certificate', async () => {
    key = 'etac_wrong';
    const answer = await post('airline');
    expect(answer.status).toBe(401);
  });
});
