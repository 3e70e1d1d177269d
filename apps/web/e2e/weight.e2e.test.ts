// Every entry page's JavaScript within its budget (weigh.ts), weighed as `npm run bench` weighs
// it: the brotli bodies Chromium receives from the real server, cache off. Bytes, not timings:
// the same build weighs the same on any machine. /status and /verify were over by the English
// messages catalogue as a script; it is a JSON text file of the build now (texts-plugin.ts). And
// none moves while it loads (Lighthouse's CLS, budget 0).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_ROUTES } from '../src/prerender/entry-routes.ts';
import { type Stack, startStack } from './harness.ts';
import { BUDGET, weigh } from './weigh.ts';

describe('entry pages’ weight', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.each(ENTRY_ROUTES.map((r) => r.path))('%s: its JavaScript within budget', async (path) => {
    const weight = await weigh(stack.browser, `${stack.baseUrl}${path}`);
    const budgetKB = path === BUDGET.firstPage ? BUDGET.javascriptKB : BUDGET.entryJavascriptKB;
    const scripts = weight.scripts
      .map((s) => `${s.url.split('/').pop()} ${(s.bytes / 1024).toFixed(1)} KB`)
      .join(', ');
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(weight.js / 1024, scripts).toBeLessThanOrEqual(budgetKB);
  });

  // Lighthouse's CLS budget is 0: what the page shows first stays where it is. The fee, said
  // once the server answers, pushed /verify's form down by 52 px on a phone (CLS 0.039).
  it.each(ENTRY_ROUTES.map((r) => r.path))(
    '%s: nothing moves while it loads, on a phone or a desk',
    async (path) => {
      for (const width of [412, 1350]) {
        const { page, context } = await stack.newPage({ width });
        await page.addInitScript(() => {
          const shifts: number[] = [];
          Object.assign(window, { shifts });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!entry.hadRecentInput) shifts.push(entry.value);
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path, { waitUntil: 'networkidle' });
        // The fee and the texts arrive after the first paint; give them time to land.
        await page.waitForTimeout(500);
        const shifts = await page.evaluate(
          () => (window as unknown as { shifts: number[] }).shifts,
        );
        await context.close();
        expect(shifts, `${path} at ${width} px`).toEqual([]);
      }
    },
  );

  it('the English messages arrive as a text file, not a script', async () => {
    const { page, context } = await stack.newPage();
    const texts: string[] = [];
    page.on('response', (response) => texts.push(new URL(response.url()).pathname));
    await page.goto('/status');
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByText('Enter the application number').first().waitFor();
    await context.close();
    expect(texts.some((path) => /^\/assets\/texts-\w+\.en\.messages\.json$/.test(path))).toBe(true);
    expect(texts.some((path) => /messages[^/]*\.js$/.test(path))).toBe(false);
  });
});
