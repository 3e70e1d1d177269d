// The back office's screens on the office port: any GET outside /office/api is the app's
// index.html (no-store), its hashed assets are cached, an unknown API path is still JSON 404; the
// sign-in screen learns the sign-in methods without a session; set-up answers the QR code.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfficeApp } from '../../src/office/app.ts';
import { startTestServer, type TestServer, testConfig } from '../harness.ts';
import { addStaffWithLink } from './support.ts';

describe('the back office served on its port', () => {
  let server: TestServer;
  let office: FastifyInstance;
  let officeDist: string;
  beforeAll(async () => {
    officeDist = mkdtempSync(join(tmpdir(), 'eta-office-dist-'));
    mkdirSync(join(officeDist, 'assets'));
    writeFileSync(join(officeDist, 'index.html'), '<!doctype html><title>Back office</title>');
    writeFileSync(join(officeDist, 'assets', 'index-Zx9.js'), 'export {};');
    server = await startTestServer();
    office = await buildOfficeApp({
      config: { ...testConfig(), officeDist },
      db: server.database.db,
      clock: server.clock,
      logger: false,
    });
  });
  afterAll(async () => {
    await office?.close();
    await server?.close();
    rmSync(officeDist, { recursive: true, force: true });
  });

  it.each(['/', '/cases/123', '/setup', '/dashboard?x=1'])('GET %s is the app', async (url) => {
    const page = await office.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Back office</title>');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('assets are cached for good; API paths stay JSON', async () => {
    const asset = await office.inject({ method: 'GET', url: '/assets/index-Zx9.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await office.inject({ method: 'GET', url: '/office/api/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'notFound' });
    const post = await office.inject({ method: 'POST', url: '/queue' });
    expect(post.statusCode).toBe(404);
  });

  it('the sign-in methods answer without a session', async () => {
    const methods = await office.inject({ method: 'GET', url: '/office/api/auth-methods' });
    expect(methods.json()).toEqual({ statusCode: 200, local: true, oidc: false });
  });

  it('set-up answers the TOTP key, its URI and a QR code of that URI as an SVG data URL', async () => {
    const added = await addStaffWithLink(
      server.database.db,
      server.clock(),
      'qr@office.test',
      'officer',
    );
    if (!added.ok) throw new Error(added.problem);
    const setup = await office.inject({
      method: 'POST',
      url: '/office/api/setup',
      headers: { origin: new URL(testConfig().backofficeUrl).origin },
      payload: { token: added.token, password: 'correct horse battery staple' },
    });
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as { totpSecret: string; otpauthUri: string; qrCode: string };
    expect(body.otpauthUri).toContain(`secret=${body.totpSecret}`);
    const [, base64 = ''] = body.qrCode.split('data:image/svg+xml;base64,');
    expect(Buffer.from(base64, 'base64').toString()).toMatch(/^<svg[^>]*viewBox/);
  });
});
