// Every entry page as a phone gets it: real Chromium against the real server, bytes on the wire
// (brotli bodies) per resource type and the request count, then Lighthouse's mobile profile
// (simulated slow 4G, 4× CPU) for performance, LCP, TBT and CLS. Exits 1 when a page is over budget.
// Run with tsx (scripts/bench.mjs does): the weighing is the budget test's own (e2e/weigh.ts).
import { readFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BUDGET, CHROMIUM_FLAGS, weigh } from '../apps/web/e2e/weigh.ts';
import { startServer } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = CHROMIUM_FLAGS;
const baseline = JSON.parse(readFileSync(new URL('./baseline.json', import.meta.url), 'utf8'));
const prerendered = JSON.parse(
  readFileSync(new URL('../apps/web/dist/prerendered/pages.json', import.meta.url), 'utf8'),
);
// BENCH_ROUTES="/status /verify" weighs only those (to look into one page); the default is all.
const chosen = process.env.BENCH_ROUTES?.split(/\s+/).filter(Boolean);
const ROUTES = [...new Set(prerendered.pages.map((p) => p.route))].filter(
  (route) => !chosen || chosen.includes(route),
);
const kb = (n) => (n / 1024).toFixed(1);

const audit = async (url) => {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const audits = result?.lhr.audits ?? {};
    return {
      performance: Math.round((result?.lhr.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    };
  } finally {
    chrome.kill();
  }
};

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
const over = [];
try {
  console.log(
    `Entry pages (English; brotli bodies, cache off; Lighthouse mobile). Budget: JS ≤ ${BUDGET.javascriptKB} KB on ${BUDGET.firstPage}, ≤ ${BUDGET.entryJavascriptKB} KB on the others, performance ${BUDGET.performance}, LCP ≤ ${BUDGET.lcpMs} ms, TBT ≤ ${BUDGET.tbtMs} ms, CLS ${BUDGET.cls}. Baseline (before prerendering): ${baseline.javascriptKB} KB JS.`,
  );
  console.log(
    'route                      JS KB  CSS KB  HTML KB  texts KB  requests  perf  LCP ms  TBT ms  CLS',
  );
  for (const route of ROUTES) {
    const url = `${server.url}${route}`;
    const weight = await weigh(browser, url);
    const score = await audit(url);
    const failures = [
      weight.js / 1024 >
        (route === BUDGET.firstPage ? BUDGET.javascriptKB : BUDGET.entryJavascriptKB) && 'JS',
      score.performance < BUDGET.performance && 'performance',
      !(score.lcpMs <= BUDGET.lcpMs) && 'LCP',
      !(score.tbtMs <= BUDGET.tbtMs) && 'TBT',
      !(score.cls <= BUDGET.cls) && 'CLS',
    ].filter(Boolean);
    if (failures.length > 0) over.push(`${route}: ${failures.join(', ')}`);
    console.log(
      [
        route.padEnd(25),
        kb(weight.js).padStart(6),
        kb(weight.css).padStart(7),
        kb(weight.all.Document ?? 0).padStart(8),
        // The screen's texts: JSON fetched beside the scripts (apps/web/texts-plugin.ts).
        kb(weight.texts).padStart(9),
        String(weight.requests).padStart(9),
        String(score.performance).padStart(5),
        String(score.lcpMs).padStart(7),
        String(score.tbtMs).padStart(7),
        String(score.cls).padStart(5),
        failures.length > 0 ? ` OVER: ${failures.join(', ')}` : '',
      ].join(' '),
    );
  }
  console.log(
    over.length === 0 ? 'every entry page within budget' : `OVER BUDGET: ${over.join('; ')}`,
  );
  if (over.length > 0) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
