// Page weight of the first page (/EligibilityNational) as a phone would download it: real
// Chromium, the real server, bytes on the wire (compressed) per resource type, against the budget.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const BUDGET_JS_KB = 120;
const baseline = JSON.parse(readFileSync(new URL('./baseline.json', import.meta.url), 'utf8'));

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  const headerBytes = new Map();
  cdp.on('Network.responseReceived', (e) =>
    requests.set(e.requestId, { url: e.response.url, type: e.type }),
  );
  // The response headers' size, to tell the compressed body from what the headers cost.
  cdp.on('Network.responseReceivedExtraInfo', (e) =>
    headerBytes.set(e.requestId, e.headersText?.length ?? 0),
  );
  const done = [];
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    const wire = e.encodedDataLength;
    done.push({ ...r, wire, bytes: Math.max(0, wire - (headerBytes.get(e.requestId) ?? 0)) });
  });
  const started = Date.now();
  await page.goto(`${server.url}/EligibilityNational`, { waitUntil: 'networkidle' });
  await page.getByRole('combobox', { name: /nationality/i }).waitFor();
  const ready = Date.now() - started;

  const kb = (n) => (n / 1024).toFixed(1);
  const byType = {};
  for (const r of done) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
  console.log('First page: /EligibilityNational (compressed body bytes; cache off)');
  for (const r of done.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${r.type.padEnd(10)} ${kb(r.bytes).padStart(7)} KB  ${new URL(r.url).pathname}`);
  }
  const wire = done.reduce((sum, r) => sum + r.wire, 0);
  const js = byType.Script ?? 0;
  const css = byType.Stylesheet ?? 0;
  console.log(
    `JavaScript: ${kb(js)} KB (budget ${BUDGET_JS_KB} KB, baseline ${baseline.javascriptKB} KB)`,
  );
  console.log(`CSS:        ${kb(css)} KB (baseline ${baseline.cssKB} KB)`);
  console.log(
    `All:        ${kb(done.reduce((sum, r) => sum + r.bytes, 0))} KB of bodies (${kb(wire)} KB on the wire with headers) in ${done.length} requests; nationality list usable after ${ready} ms on loopback`,
  );
  console.log(js / 1024 <= BUDGET_JS_KB ? 'within budget' : 'OVER BUDGET');
  if (js / 1024 > BUDGET_JS_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
