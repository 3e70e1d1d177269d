// Focus follows the page (issue 17 item 2): after every move to a new screen — by Next, by a link,
// after the terms dialog — focus is on the new screen's heading, so the next Tab starts there and a
// screen reader announces it; the title names the screen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import { acceptTerms } from './journey.ts';

const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.tagName === 'H1' ? active.textContent : `not a heading: ${active?.tagName}`;
  });

describe('focus follows the page', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('after Next, a link or the terms dialog, the new screen’s heading has focus', async () => {
    const { page, consoleErrors } = await stack.newPage();
    await page.goto('/EligibilityNational', { waitUntil: 'networkidle' });
    await page.getByLabel('Nationality').selectOption({ label: 'United States of America' });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/EligibilityMainPurpose');
    await expect.poll(() => focusedHeading(page)).toBe('What’s the main purpose of your visit?');
    expect(await page.title()).toMatch(/^What’s the main purpose of your visit\?/);

    await page.getByLabel('Main purpose of your visit').selectOption({
      label: 'Tourism or a private visit',
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/EligibilityResult');
    await expect.poll(() => focusedHeading(page)).not.toMatch(/^not a heading/);

    await page.getByRole('link', { name: 'Apply for an ETA-IL' }).click();
    await acceptTerms(page);
    await expect.poll(() => focusedHeading(page)).not.toMatch(/^not a heading/);

    for (const [name, url] of [
      ['Start now', '**/apply-for-an-eta-il-2'],
      ['Continue', '**/forms'],
    ] as const) {
      await page.getByRole('link', { name }).or(page.getByRole('button', { name })).first().click();
      await page.waitForURL(url);
      await expect.poll(() => focusedHeading(page), { message: url }).not.toMatch(/^not a heading/);
    }
    await page.getByLabel('Myself').check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL('**/emailMach');
    await expect.poll(() => focusedHeading(page)).not.toMatch(/^not a heading/);
    expect(consoleErrors).toEqual([]);
  });
});
