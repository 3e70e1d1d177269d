// What a traveller types on a prerendered page before its scripts have run is kept (issue 25, item
// 9): on a slow phone the form shows seconds before it works. Chromium runs with its CPU slowed
// (CDP Emulation.setCPUThrottlingRate) and the page's scripts held back until every field of the
// page is filled; then the scripts run, React hydrates, and the values are still there and the
// form works with them.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';

/** The page's scripts, held until `release()`: the HTML paints, nothing runs. */
const holdScripts = async (page: Page) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route('**/assets/*.js', async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  return {
    held,
    /** Lets the held scripts (and any later ones) load. */
    release,
  };
};

/** Whether React has taken the page (its root carries React's container key). */
const hydrated = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });

const valuesOf = (page: Page, ids: string[]) =>
  Promise.all(ids.map((id) => page.locator(`#${id}`).inputValue()));

describe('typed before hydration', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('/status keeps the number, the passport and the birth date, and Check status sends them', async () => {
    const { page, context, consoleErrors } = await stack.newPage();
    const scripts = await holdScripts(page);
    await page.goto('/status', { waitUntil: 'domcontentloaded' });
    const typed: [id: string, value: string][] = [
      ['applicationNumber', 'IL-1234-5678'],
      ['passportNumber', 'AB1234567'],
      ['dayBirthDate', '04'],
      ['monthBirthDate', '07'],
      ['yearBirthDate', '1990'],
    ];
    for (const [id, value] of typed) await page.locator(`#${id}`).pressSequentially(value);
    // Nothing has run yet: the scripts are held, and the typing happened on the bare HTML.
    expect(scripts.held.length).toBeGreaterThan(0);
    expect(await hydrated(page)).toBe(false);

    scripts.release();
    const submit = page.getByRole('button', { name: 'Check status' });
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await hydrated(page)).toBe(true);
    const ids = typed.map(([id]) => id);
    expect(await valuesOf(page, ids)).toEqual(typed.map(([, v]) => v));

    const asked = page.waitForRequest('**/api/status');
    await submit.click();
    expect((await asked).postDataJSON()).toEqual({
      applicationNumber: 'IL-1234-5678',
      passportNumber: 'AB1234567',
      birthDate: '1990-07-04',
    });
    // The server's answer, not the form's "Enter the application number".
    await page.getByText(/We could not find an application with these details/).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'There is a problem' }).count()).toBe(0);
    expect(await valuesOf(page, ids)).toEqual(typed.map(([, v]) => v));
    expect(consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
    await context.close();
  });

  it('/verify keeps both numbers, and Check sends them', async () => {
    const { page, context, consoleErrors } = await stack.newPage();
    const scripts = await holdScripts(page);
    await page.goto('/verify', { waitUntil: 'domcontentloaded' });
    await page.locator('#applicationNumber').pressSequentially('IL-1234-5678');
    await page.locator('#passportNumber').pressSequentially('AB1234567');
    expect(await hydrated(page)).toBe(false);

    scripts.release();
    const form = page.locator('form');
    const submit = form.locator('button[type=submit]');
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await valuesOf(page, ['applicationNumber', 'passportNumber'])).toEqual([
      'IL-1234-5678',
      'AB1234567',
    ]);
    const asked = page.waitForRequest('**/api/verify');
    await submit.click();
    expect((await asked).postDataJSON()).toEqual({
      applicationNumber: 'IL-1234-5678',
      passportNumber: 'AB1234567',
    });
    await page.getByText('No valid ETA-IL was found for these details.').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the eligibility questions keep a choice made before hydration, and Next goes on with it', async () => {
    const { page, context, consoleErrors } = await stack.newPage();
    let scripts = await holdScripts(page);
    await page.goto('/EligibilityNational', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Nationality').selectOption({ label: 'United States of America' });
    expect(await hydrated(page)).toBe(false);
    scripts.release();
    const next = page.getByRole('button', { name: 'Next' });
    await expect.poll(() => next.isEnabled(), { timeout: 30_000 }).toBe(true);
    await next.click();
    await page.getByRole('heading', { name: 'What’s the main purpose of your visit?' }).waitFor();

    // The second question opened afresh (a reload: the nationality is in the session).
    scripts = await holdScripts(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    const purpose = page.getByLabel('Main purpose of your visit');
    const first = await purpose.locator('option:not([value=""])').first().getAttribute('value');
    await purpose.selectOption(first ?? '');
    expect(await hydrated(page)).toBe(false);
    scripts.release();
    await expect.poll(() => next.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await purpose.inputValue()).toBe(first);
    await next.click();
    await page.waitForURL('**/EligibilityResult');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
