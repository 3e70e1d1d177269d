// A forged cross-origin request from another port, in Chromium (issue 26 item 1): an officer signs
// in to the back office on its own origin; then, in the same browser, a page served from another
// port of 127.0.0.1 (the same site, so even a SameSite=Strict cookie goes along) auto-submits a
// form and fires fetches at the office API's claim and approve routes. The requests reach the
// office with the officer's cookie and are refused; the case is neither claimed nor approved, and
// the real back office then claims and approves it.
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/src/office/auth/credentials.ts';
import {
  type OfficeTestServer,
  PASSWORD,
  referredCase,
  setUpDirectly,
  startOfficeServer,
  stateOf,
} from '../../server/test/office/support.ts';
import { CHROMIUM } from '../../web/e2e/harness.ts';
import { CHROMIUM_FLAGS } from '../../web/e2e/weigh.ts';
import { freePort } from './free-port.ts';

const OFFICE_DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** The attacker's page: a form posted into a hidden frame, then no-cors and JSON fetches. */
const attackPage = (officeUrl: string, caseId: string) => {
  const api = `${officeUrl}/office/api/cases/${caseId}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cute cats</title></head>
<body>
<iframe name="sink" title="sink"></iframe>
<form id="claim" method="POST" action="${api}/claim" enctype="text/plain" target="sink">
  <input type="hidden" name='{"note":"' value='x"}'>
</form>
<script>
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const quietly = (p) => p.then(() => undefined, () => undefined);
  (async () => {
    document.getElementById('claim').submit();
    await wait(1500);
    await quietly(fetch(${JSON.stringify(`${api}/claim`)}, { method: 'POST', mode: 'no-cors',
      credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{}' }));
    await quietly(fetch(${JSON.stringify(`${api}/approve`)}, { method: 'POST', mode: 'no-cors',
      credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{}' }));
    await quietly(fetch(${JSON.stringify(`${api}/approve`)}, { method: 'POST', mode: 'no-cors',
      credentials: 'include' }));
    await quietly(fetch(${JSON.stringify(`${api}/approve`)}, { method: 'POST',
      credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' }));
    document.title = 'done';
  })();
</script>
</body></html>`;
};

describe('a forged request from another port, in Chromium', () => {
  let server: OfficeTestServer;
  let browser: Browser;
  let attacker: Server;
  let officeUrl: string;
  /** What reached the office's case routes: with or without the session cookie, and the answer. */
  const reached: { url: string; withCookie: boolean; status: number }[] = [];

  beforeAll(async () => {
    const port = await freePort();
    officeUrl = `http://127.0.0.1:${port}`;
    server = await startOfficeServer('pglite', {
      officeDist: OFFICE_DIST,
      backofficeUrl: `${officeUrl}/`,
    });
    server.office.addHook('onResponse', async (request, reply) => {
      if (request.method === 'POST' && request.url.includes('/cases/')) {
        const withCookie = /office_session=/.test(request.headers.cookie ?? '');
        reached.push({ url: request.url, withCookie, status: reply.statusCode });
      }
    });
    await server.office.listen({ port, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (attacker ? attacker.close(resolve) : resolve(undefined)));
    await server?.close();
  });

  it('claims and approvals posted from 127.0.0.1:<another port> change nothing; the office still works', async () => {
    const email = 'targeted.officer@office.test';
    const { totpSecret } = await setUpDirectly(server, email, 'officer');
    const app = await referredCase(server, 'forgery-target@example.com');
    attacker = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(attackPage(officeUrl, app.id));
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    expect(attackerUrl).not.toContain(officeUrl);

    // The officer signs in on the office's own origin.
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${officeUrl}/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page
      .getByLabel('Code from your authenticator app')
      .fill(totpCode(totpSecret, email, server.clock()));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    // The same browser opens the attacker's page on another port.
    const evil = await context.newPage();
    await evil.goto(attackerUrl);
    await expect.poll(() => evil.title(), { timeout: 30_000 }).toBe('done');
    await evil.close();

    // The forged requests did reach the office, with the officer's cookie, and were refused.
    const forged = reached.filter((r) => r.withCookie);
    expect(forged.length).toBeGreaterThanOrEqual(3);
    for (const r of reached) expect([403, 415]).toContain(r.status);
    const claim = await server.database.db
      .selectFrom('case_claim')
      .select('staff_id')
      .where('application_id', '=', app.id)
      .executeTakeFirst();
    expect(claim).toBeUndefined();
    expect(await stateOf(server, app.id)).toBe('in_review');

    // The real back office, in the same browser, claims and approves the case.
    reached.length = 0;
    await page.goto(`${officeUrl}/cases/${app.id}`);
    await page.getByRole('button', { name: 'Claim this case' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('The application is approved. The traveller is e-mailed.').waitFor();
    expect(await stateOf(server, app.id)).toBe('approved');
    expect(reached.map((r) => r.status)).toEqual([200, 200]);
    await context.close();
  });
});
