// SPEC §2 routes that need a real browser: /vias-option (the misspelt link target), the
// /backoffice redirect, and the browser's back button blocked on /travelInfo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import { acceptTerms, adult, openDialogTitles, startApplication, verifyEmail } from './journey.ts';

describe('routes', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('§2 /vias-option shows the visa options, as /visa-option does, with no terms dialog', async () => {
    const { page, consoleErrors } = await stack.newPage();
    for (const path of ['/vias-option', '/visa-option']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Visa options' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await openDialogTitles(page)).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
  });

  it("§2 /backoffice shows 'Loadding.....' and sends the browser to the configured address", async () => {
    const { page, consoleErrors } = await stack.newPage();
    // The configured back office (server test config) answers here instead of on the network.
    await page.route('https://backoffice.example.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Back office</title><h1>Back office</h1>',
      }),
    );
    // Hold /api/config a moment so the loading line can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/config', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/backoffice');
    await page.getByRole('status').getByText('Loadding.....').waitFor();
    release();
    await page.waitForURL('https://backoffice.example.test/');
    await page.getByRole('heading', { name: 'Back office' }).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('§2 browser back is blocked on /travelInfo', async () => {
    const { page, consoleErrors } = await stack.newPage();
    await startApplication(page, adult('back@example.com'));
    await verifyEmail(page, stack, 'back@example.com');
    // On the travel page itself (the code page's heading is also a level-1 heading).
    await page.locator('#entryReasonId').waitFor();
    for (let i = 0; i < 2; i++) {
      await page.goBack();
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/travelInfo');
    }
    await page.locator('#entryReasonId').waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it("§2 error screen: 'Back to Home' ends the session, begins a new one and goes to the start", async () => {
    const { page, consoleErrors } = await stack.newPage();
    await page.goto('/apply-for-an-eta-il-1/');
    await acceptTerms(page);
    const before = await page.evaluate(() => {
      sessionStorage.setItem('auth-token', 'old-token');
      sessionStorage.setItem('national', '249:France:N');
      return sessionStorage.getItem('sessionStart');
    });
    await page.goto('/error');
    await page
      .getByText('Sorry, something has gone wrong. Please check again in few minutes')
      .waitFor();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await page.waitForURL('**/apply-for-an-eta-il-1/');
    // A new session: a new start, the old values gone, the terms asked again.
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).waitFor();
    const after = await page.evaluate(() => ({
      start: sessionStorage.getItem('sessionStart'),
      token: sessionStorage.getItem('auth-token'),
      national: sessionStorage.getItem('national'),
    }));
    expect(after.token).toBeNull();
    expect(after.national).toBeNull();
    expect(after.start).not.toBeNull();
    expect(Date.parse(after.start ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
    expect(consoleErrors).toEqual([]);
  });
});
