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
  /** Body bytes by type: Document, Script, Stylesheet, Fetch, Other. */
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
  // A new context has an empty cache. The page's own Resource Timing gives each body's bytes as
  // they came over the wire (encodedBodySize), once the page is idle: no header to subtract and no
  // event to miss (the DevTools events were counted too early, or not at all, under load).
  const context = await browser.newContext({ locale: options.locale ?? 'en-GB' });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return { url: timing.name, bytes: timing.encodedBodySize, kind: timing.initiatorType };
    }),
  );
  await context.close();
  const typeOf = ({ url: address, kind }: { url: string; kind: string }) => {
    const path = new URL(address).pathname;
    if (kind === 'navigation') return 'Document';
    if (path.endsWith('.js')) return 'Script';
    if (path.endsWith('.css')) return 'Stylesheet';
    return kind === 'fetch' ? 'Fetch' : 'Other';
  };
  const all: Record<string, number> = {};
  const scripts: Weight['scripts'] = [];
  let texts = 0;
  for (const entry of entries) {
    const type = typeOf(entry);
    all[type] = (all[type] ?? 0) + entry.bytes;
    if (type === 'Script') scripts.push({ url: entry.url, bytes: entry.bytes });
    if (/\/assets\/texts-[\w.-]+\.json$/.test(entry.url)) texts += entry.bytes;
  }
  return {
    js: all.Script ?? 0,
    css: all.Stylesheet ?? 0,
    texts,
    all,
    requests: entries.length,
    scripts,
  };
};
