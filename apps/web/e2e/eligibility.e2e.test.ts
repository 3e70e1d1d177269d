// The eligibility check in Chromium against the real server (SPEC §2 "Eligibility", §4, §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshotBoth, startStack } from './harness.ts';

describe('eligibility check', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const answer = async (nationality: string, purpose: string) => {
    const { page, consoleErrors } = await stack.newPage();
    await page.goto('/EligibilityNational');
    await page.getByRole('heading', { name: 'What is your nationality?' }).waitFor();
    const next = page.getByRole('button', { name: 'Next' });
    // Next is never disabled once the page works: with no choice it says what to do (issue 17).
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.getByText('Choose your nationality').waitFor();
    expect(await page.title()).toMatch(/^Error: /);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('national');
    await page.getByLabel('Nationality').selectOption({ label: nationality });
    await next.click();
    await page.getByRole('heading', { name: 'What’s the main purpose of your visit?' }).waitFor();
    await page.getByLabel('Main purpose of your visit').selectOption({ label: purpose });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/EligibilityResult');
    return { page, consoleErrors };
  };

  it('§2 eligible: a US tourist may apply, and Apply leads into our application start', async () => {
    const { page, consoleErrors } = await answer(
      'United States of America',
      'Tourism or a private visit',
    );
    await page.getByText('Based on your answers, you can apply for an ETA-IL').waitFor();
    for (const text of ['2 Years or less', 'up to 90 Days per visit', '25 NIS application fee']) {
      expect(await page.getByText(text).isVisible()).toBe(true);
    }
    // The step indicator carries the answers (label split at the comma).
    expect(await page.getByText('United States of America').first().isVisible()).toBe(true);
    await screenshotBoth(page, 'eligibility-result-eligible');
    await page.getByRole('link', { name: 'Apply for an ETA-IL' }).click();
    await page.waitForURL('**/apply-for-an-eta-il-1/');
    expect(consoleErrors).toEqual([]);
  });

  it('§4 main purpose code 4 is not eligible, without a server call', async () => {
    const { page } = await answer('United States of America', 'Work or employment');
    const calls: string[] = [];
    page.on('request', (r) => calls.push(r.url()));
    await page
      .getByText(
        'Based on your answers, you cannot apply for an ETA-IL. You may need to apply for a visa or another type of travel document',
      )
      .waitFor();
    expect(calls.filter((u) => u.includes('/api/eligibility'))).toEqual([]);
    await page.getByRole('link', { name: 'Available visa options' }).click();
    await page.waitForURL('**/visa-option');
  });

  it('§7 a nationality the server marks not eligible (India is not on the visa-exempt list)', async () => {
    const { page } = await answer('India', 'Tourism or a private visit');
    await page.getByText(/you cannot apply for an ETA-IL/).waitFor();
    await screenshotBoth(page, 'eligibility-result-not-eligible');
    await page.getByRole('button', { name: 'Start over Eligibility Check' }).click();
    await page.waitForURL('**/EligibilityNational');
    expect(await page.getByLabel('Nationality').inputValue()).toBe('');
  });
});
