// What one cold load of a page costs a phone: the compressed body bytes per resource type and the
// request count, read from Chromium's network events with the cache off. Shared by the budget
// test (e2e) and the benchmark (bench/page-weight.mjs), so both count the same way.
import type { Browser } from 'playwright-core';

/**
 * The budget of issue 12: the first page's JavaScript as brotli bodies (1.4× React's floor); every
 * other entry page adds its own screen to that, up to `entryJavascriptKB`; Lighthouse's marks for
 * every entry page.
 */
export const BUDGET = {
  firstPage: '/EligibilityNational',
  javascriptKB: 97,
  entryJavascriptKB: 105,
  performance: 100,
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0,
};

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface Weight {
  /** Script bodies, bytes. */
  js: number;
  /** Stylesheet bodies, bytes. */
  css: number;
  /** The screens' texts (JSON files of the build, apps/web/texts-plugin.ts), bytes. */
  texts: number;
  /** Body bytes by Chromium's resource type. */
  all: Record<string, number>;
  requests: number;
  /** The scripts loaded, for a message that says what is too heavy. */
  scripts: { url: string; bytes: number }[];
}

export const weigh = async (
  browser: Browser,
  url: string,
  options: { locale?: string } = {},
): Promise<Weight> => {
  const context = await browser.newContext({ locale: options.locale ?? 'en-GB' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map<string, { type: string; url: string; length?: number }>();
  const headerBytes = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    const length = Object.entries(e.response.headers).find(
      ([name]) => name.toLowerCase() === 'content-length',
    )?.[1];
    requests.set(e.requestId, {
      type: e.type,
      url: e.response.url,
      ...(length === undefined ? {} : { length: Number(length) }),
    });
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) =>
    headerBytes.set(e.requestId, e.headersText?.length ?? 0),
  );
  // A body's size is its Content-Length (the static files' brotli bodies have one), else the bytes
  // received less the headers. Headers (ExtraInfo) may be reported after the loading finished: a
  // CI run counted them as body, 0.9 KB on a 0.4 KB script. So sizes are summed once idle.
  const finished = new Map<string, number>();
  cdp.on('Network.loadingFinished', (e) => finished.set(e.requestId, e.encodedDataLength));
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  const all: Record<string, number> = {};
  const scripts: Weight['scripts'] = [];
  let count = 0;
  let texts = 0;
  for (const [id, encoded] of finished) {
    const request = requests.get(id);
    if (!request) continue;
    count += 1;
    const body = request.length ?? Math.max(0, encoded - (headerBytes.get(id) ?? 0));
    all[request.type] = (all[request.type] ?? 0) + body;
    if (request.type === 'Script') scripts.push({ url: request.url, bytes: body });
    if (/\/assets\/texts-[\w.-]+\.json$/.test(request.url)) texts += body;
  }
  return { js: all.Script ?? 0, css: all.Stylesheet ?? 0, texts, all, requests: count, scripts };
};
