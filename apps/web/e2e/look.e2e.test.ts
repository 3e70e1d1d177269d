// How each screen looks, compared with committed baselines (issue 15 item 8, issue 17 item 5):
// every screen of the application up to the review, a step's error state and the terms dialog, at
// 375 px and 1280 px, in English, Hebrew and Arabic (right to left: mirrored groups, isolated
// examples, chevrons). A screen whose look changed fails the run until its new baseline is accepted:
//   UPDATE_BASELINES=1 npx vitest run --project e2e apps/web/e2e/look.e2e.test.ts
// writes them to e2e/baselines/ (review the images, then commit). On a failure the screenshot and
// a diff image (changed pixels in red) are written to e2e/screenshots/look/.
// The journey is driven in English; each screen is switched to the other languages in place.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import {
  acceptTerms,
  adult,
  fillHistory,
  fillPassport,
  fillPersonal,
  fillPhoto,
  fillTravel,
  next,
  verifyEmail,
} from './journey.ts';
import { compareWithBaseline } from './pixels.ts';

const FOLDERS = {
  baselines: new URL('./baselines/', import.meta.url),
  failures: new URL('./screenshots/look/', import.meta.url),
};
const LANGUAGES = ['en', 'he', 'ar'] as const;
const WIDTHS = [375, 1280] as const;

const switchLanguage = async (page: Page, language: string) => {
  await page.locator('#language-switcher').selectOption(language);
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
};

/**
 * A full-page screenshot once the page has stopped changing: two in a row alike, as Playwright's
 * own toHaveScreenshot waits (a lazy screen, a language's texts or a new width may still settle).
 */
const stillShot = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  // A screen still loading (a lazy screen's fallback, the eligibility result's check) is not its
  // look: shots count only while no loader shows.
  const loading = page.locator('.spinner__wheel');
  let last: Buffer = Buffer.alloc(0);
  for (let attempt = 0; attempt < 40; attempt++) {
    const shot = (await loading.count())
      ? Buffer.alloc(0)
      : await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    if (shot.length && shot.equals(last)) return shot;
    last = shot;
    await page.waitForTimeout(300);
  }
  throw new Error(`the page at ${page.url()} did not stop changing`);
};

describe('each screen looks as its accepted baseline', () => {
  let stack: Stack;
  let page: Page;
  const changes: string[] = [];
  const screens: string[] = [];

  /** The screen in every language and width, compared; back in English afterwards. */
  const look = async (screen: string) => {
    screens.push(screen);
    for (const language of LANGUAGES) {
      if (language !== 'en') await switchLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const shot = await stillShot(page);
        const change = compareWithBaseline(shot, `${screen}.${language}.${width}`, FOLDERS);
        if (change) changes.push(change);
      }
    }
    await switchLanguage(page, 'en');
    await page.setViewportSize({ width: 1280, height: 900 });
  };

  beforeAll(async () => {
    stack = await startStack();
    ({ page } = await stack.newPage());
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('the eligibility questions and the result', async () => {
    await page.goto('/EligibilityNational', { waitUntil: 'networkidle' });
    await look('eligibility-national');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Choose your nationality').first().waitFor();
    await look('eligibility-national-error');
    await page.getByLabel('Nationality').selectOption({ label: 'United States of America' });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/EligibilityMainPurpose');
    await look('eligibility-main-purpose');
    await page.getByLabel('Main purpose of your visit').selectOption({
      label: 'Tourism or a private visit',
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/EligibilityResult');
    await look('eligibility-result');
  });

  it('the start, the terms dialog and each step up to the review, with an error state', async () => {
    await page.goto('/apply-for-an-eta-il-1/', { waitUntil: 'networkidle' });
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).waitFor();
    await look('terms-dialog');
    await acceptTerms(page);
    await look('apply-start');
    await page.getByRole('link', { name: 'Start now' }).click();
    await page.waitForURL('**/apply-for-an-eta-il-2');
    await page.getByRole('link', { name: 'Continue' }).first().click();
    await page.waitForURL('**/forms');
    await look('who-for');
    await page.getByLabel('Myself').check();
    await next(page);
    await page.waitForURL('**/emailMach');
    await look('email');
    const traveller = adult('look@example.com');
    await verifyEmail(page, stack, traveller.email);
    await look('travel');
    await next(page);
    await page.getByRole('alert', { name: 'There is a problem' }).waitFor();
    await look('travel-error');
    await fillTravel(page);
    await look('passport');
    await fillPassport(page, traveller);
    await look('personal');
    await fillPersonal(page);
    await look('photo');
    await fillPhoto(page);
    await look('history');
    await fillHistory(page);
  });

  it('no screen changed without a new baseline', () => {
    expect(screens.length).toBeGreaterThan(10);
    expect(changes).toEqual([]);
  });
});
