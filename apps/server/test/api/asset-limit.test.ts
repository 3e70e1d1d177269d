// The per-IP limit protects the API and the pages, never the build's immutable assets nor the
// reference lists: a traveller behind a shared address over the limit still gets the page's
// scripts and lists (and a 429 for the rest of the API).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testConfig } from '../harness.ts';

describe('the global per-IP limit and the assets', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'eta-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>ETA-IL</title>');
    writeFileSync(join(webDist, 'assets', 'index-Ab12Cd.js'), 'console.log(1);');
    server = await startTestServer({
      services: {
        config: testConfig({ webDist }),
        rateLimits: { global: 3, code: 1_000, submission: 1_000, photo: 1_000 },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('an address over the limit is refused the API, not the assets nor the reference lists', async () => {
    const remoteAddress = '198.51.100.7';
    const get = (url: string) => server.app.inject({ method: 'GET', url, remoteAddress });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await get('/api/config')).statusCode);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    for (let i = 0; i < 10; i++) {
      const asset = await get('/assets/index-Ab12Cd.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    }
    // The reference lists are answered from memory: not counted either.
    for (let i = 0; i < 5; i++) expect((await get('/api/getalldata')).statusCode).toBe(200);
    // Only the assets folder's own files are exempt, not a path that merely starts alike.
    expect((await get('/assets/../api/config')).statusCode).toBe(429);
    expect((await get('/assets/x/../../api/config')).statusCode).toBe(429);
  });
});
