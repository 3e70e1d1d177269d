// Every entry page's JavaScript within its budget (weigh.ts), weighed as `npm run bench` weighs
// it: the brotli bodies Chromium receives from the real server, cache off. Bytes, not timings:
// the same build weighs the same on any machine. /status and /verify were over by the English
// messages catalogue as a script; it is a JSON text file of the build now (texts-plugin.ts).
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
