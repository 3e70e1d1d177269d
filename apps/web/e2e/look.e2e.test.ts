// How each screen looks, compared with committed baselines (issue 15 item 8, issue 17 item 5):
// every screen of the application up to the review, a step's error state and the terms dialog, at
// 375 px and 1280 px, in English, Hebrew and Arabic (right to left: mirrored groups, isolated
// examples, chevrons). A screen whose look changed fails the run until its new baseline is accepted:
//   UPDATE_BASELINES=1 npx vitest run --project e2e apps/web/e2e/look.e2e.test.ts
// writes them to e2e/baselines/ (review the images, then commit). On a failure the screenshot and
// a diff image (changed pixels in red) are written to e2e/screenshots/look/.
// The journey is driven in English; each screen is switched to the other languages in place.
// On the way, with `npm run screenshots`, every screen of SPEC §2 is also written at 1280 px and
// 375 px to e2e/screenshots/ for a reviewer (not compared, not committed): the eligibility outcomes, each step's error state
// and help, the acknowledgement, the information, loading, not-found and error screens and the
// session popups, each after checking it is the screen named (its heading).
import { writeFileSync } from 'node:fs';
import { messages } from '@eta-il/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOR_A_REVIEWER, SCREENSHOTS, type Stack, screenshotBoth, startStack } from './harness.ts';
import {
  acceptTerms,
  adult,
  confirmReview,
  enterEmail,
  fillHistory,
  fillPassport,
  fillPersonal,
  fillTravel,
  next,
  payFee,
  photoJpeg,
  yesNo,
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

/** The screen's main heading is shown, then a reviewer's screenshots are taken when asked for. */
const shoot = async (page: Page, name: string, heading: string | RegExp) => {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await h1.waitFor();
  expect(await h1.isVisible()).toBe(true);
  await screenshotBoth(page, name);
};

const errorSummary = (page: Page) => page.getByRole('alert', { name: 'There is a problem' });

describe('each screen looks as its accepted baseline', () => {
  let stack: Stack;
  let page: Page;
  const changes: string[] = [];
  const screens: string[] = [];

  /**
   * The screen in every language and width, compared; back in English afterwards. The English
   * shots are also the reviewer's screenshots of `reviewed` (e2e/screenshots/<reviewed>-<width>).
   */
  const look = async (screen: string, reviewed = screen) => {
    screens.push(screen);
    for (const language of LANGUAGES) {
      if (language !== 'en') await switchLanguage(page, language);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const shot = await stillShot(page);
        const change = compareWithBaseline(shot, `${screen}.${language}.${width}`, FOLDERS);
        if (change) changes.push(change);
        if (FOR_A_REVIEWER && language === 'en') {
          writeFileSync(`${SCREENSHOTS}/${reviewed}-${width}.png`, shot);
        }
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
    await page.getByRole('heading', { level: 1, name: 'What is your nationality?' }).waitFor();
    await look('eligibility-national');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Choose your nationality').first().waitFor();
    await look('eligibility-national-error');
    await page.getByLabel('Nationality').selectOption({ label: 'United States of America' });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/EligibilityMainPurpose');
    await page
      .getByRole('heading', { level: 1, name: 'What’s the main purpose of your visit?' })
      .waitFor();
    await look('eligibility-main-purpose');
    await page.getByLabel('Main purpose of your visit').selectOption({
      label: 'Tourism or a private visit',
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/EligibilityResult');
    await page.getByText('Based on your answers, you can apply for an ETA-IL').waitFor();
    await look('eligibility-result', 'eligibility-result-eligible');
  });

  it('the eligibility outcomes a reviewer sees: not eligible, and the check failed', async () => {
    const answer = async (nationality: string) => {
      await page.getByRole('button', { name: 'Start over Eligibility Check' }).click();
      await page.waitForURL('**/EligibilityNational');
      await page.getByLabel('Nationality').selectOption({ label: nationality });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Main purpose of your visit').selectOption({
        label: 'Tourism or a private visit',
      });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL('**/EligibilityResult');
    };
    await answer('India');
    await page.getByText(/you cannot apply for an ETA-IL/).waitFor();
    await shoot(page, 'eligibility-result-not-eligible', 'Your eligibility');
    await page.route('**/api/eligibility', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await answer('United States of America');
    await page
      .getByText('Sorry, there is a problem, we were unable to perform the check.', {
        exact: false,
      })
      .waitFor();
    await shoot(page, 'eligibility-result-failure', 'Your eligibility');
    await page.unroute('**/api/eligibility');
  });

  it('the start, the terms dialog and each step up to the acknowledgement, with error states', async () => {
    const traveller = adult('look@example.com');
    await page.goto('/apply-for-an-eta-il-1/', { waitUntil: 'networkidle' });
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).waitFor();
    await look('terms-dialog', 'apply-start-terms');
    await acceptTerms(page);
    await look('apply-start');
    await page.getByRole('link', { name: 'Start now' }).click();
    await page.waitForURL('**/apply-for-an-eta-il-2');
    await shoot(page, 'applicant-start', 'Who can use this service');
    await page.getByRole('link', { name: 'Continue' }).first().click();
    await page.waitForURL('**/forms');
    await look('who-for');
    await page.getByLabel('Myself').check();
    await shoot(page, 'forms-myself', 'Who are you applying for?');
    await page.getByLabel('Someone else').check();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await shoot(page, 'forms-someone-else', 'Who are you applying for?');
    await page.getByLabel('Myself').check();
    await next(page);
    await page.waitForURL('**/emailMach');
    await look('email');

    await page.getByLabel('Email address', { exact: true }).fill(traveller.email);
    await page.getByLabel('Confirm Email address').fill('other@example.com');
    await next(page);
    await page.locator('#ConfirmEmail-error').getByText(messages.emailMismatch).waitFor();
    await shoot(page, 'email-mismatch', 'Enter your email address below.');
    const mailsBefore = stack.smtp.received.length;
    await enterEmail(page, traveller.email);
    const code = await stack.codeFor(traveller.email, mailsBefore);
    await page.locator('#digit1').click();
    await page.keyboard.type(`${(Number(code[0]) + 1) % 10}${code.slice(1)}`);
    await page.getByRole('button', { name: 'Verify your email' }).click();
    await page.locator('#code-refusal').waitFor();
    await shoot(page, 'code-wrong', 'Verify your email address');
    await page.locator('#digit1').click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify your email' }).click();
    // A right code goes on at once (decision 038).
    await page.waitForURL('**/travelInfo', { timeout: 15_000 });

    await look('travel', 'travel-info');
    await next(page);
    await errorSummary(page).waitFor();
    await look('travel-error', 'travel-info-errors');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/sort');
    await shoot(page, 'sort', 'Your application');
    await page.getByRole('link', { name: 'Continue', exact: true }).click();
    await page.waitForURL('**/travelInfo');
    await fillTravel(page);

    await look('passport');
    await next(page);
    await errorSummary(page).waitFor();
    await shoot(page, 'passport-details-errors', 'Passport details');
    await page.getByRole('button', { name: 'What type of passport do I have?' }).click();
    const help = page.getByRole('dialog', { name: 'What type of passport do I have?' });
    await help.waitFor();
    await shoot(page, 'passport-details-help', 'Passport details');
    await help.getByRole('button', { name: 'Close' }).click();
    await fillPassport(page, traveller);

    await look('personal');
    await page.getByLabel('Your occupation').selectOption({ label: 'Employed' });
    await next(page);
    await errorSummary(page).waitFor();
    expect(await page.getByLabel('Name of your employer or business').isVisible()).toBe(true);
    await shoot(page, 'personal-details-employed-errors', 'Personal details');
    await fillPersonal(page);

    await look('photo');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoJpeg(),
    });
    await page.getByRole('img', { name: 'The uploaded passport photo' }).waitFor();
    await page.getByText('The photo is uploaded.').waitFor();
    await shoot(page, 'passport-photo', 'Passport photo');
    await next(page);
    await page.waitForURL('**/PersonalDetailsQuestion');

    await look('history');
    await yesNo(page, 'Have you stayed in Israel before?', 'Yes');
    await yesNo(page, 'Have you applied for another visa to Israel?', 'Yes');
    await yesNo(page, 'Has a request of yours to enter Israel ever been refused?', 'Yes');
    await page.getByLabel('In which year was your last stay?').fill('2019');
    expect(await page.getByLabel('Describe the request').isVisible()).toBe(true);
    expect(await page.getByLabel('Describe the refused request').isVisible()).toBe(true);
    await shoot(page, 'history-yes', 'Personal details');
    await fillHistory(page);

    expect(await page.locator('#review-travel').getAttribute('aria-expanded')).toBe('true');
    await shoot(page, 'review', 'Check your answers and confirm');
    await confirmReview(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await payFee(page);
    await shoot(page, 'thank-you', 'Thank You, JANE');
    await page.goto('/success');
    await shoot(page, 'success', 'Your request has been sent successfully!');
    expect(await page.locator('.request-number').textContent()).toMatch(/\S/);
  }, 600_000);

  it.each([
    ['visa-option', '/visa-option', 'Visa options'],
    ['accessibility', '/accessibility', 'Accessibility statement'],
    ['not-found', '/no-such-page', 'Page not found'],
    ['error', '/error', 'Sorry, something has gone wrong'],
  ])(
    '%s (%s) shows its heading, and its reviewer’s screenshot when asked',
    async (name, path, heading) => {
      const { page: other } = await stack.newPage();
      await other.goto(path);
      await shoot(other, name, heading);
      await other.context().close();
    },
  );

  it('/ll (loading) and /backoffice (looking up where to go) show, with reviewer’s screenshots when asked', async () => {
    const { page: other } = await stack.newPage();
    await other.goto('/ll');
    await other.getByText('Loading...').waitFor();
    expect(await other.getByRole('heading', { level: 1, name: 'Loading' }).count()).toBe(1);
    await screenshotBoth(other, 'loading');
    // Held, so the screen stays on 'Loadding.....' instead of leaving for the external host.
    await other.route('**/api/config', () => undefined);
    await other.goto('/backoffice');
    await other.getByText('Loadding.....').waitFor();
    await shoot(other, 'backoffice', 'Back office');
    await other.context().close();
  });

  it('the session popups show at 30 minutes, and the ended session at 60 (reviewer’s screenshots when asked)', async () => {
    const { page: other } = await stack.newPage();
    await other.clock.install({ time: new Date() });
    await other.goto('/apply-for-an-eta-il-1/');
    await acceptTerms(other);
    await other.getByRole('link', { name: 'Start now' }).click();
    await other.getByRole('heading', { name: 'Who can use this service' }).waitFor();
    await other.clock.fastForward('30:00');
    await other.getByRole('dialog', { name: 'Do you want to continue?' }).waitFor();
    await shoot(other, 'session-warning', 'Who can use this service');
    await other.clock.fastForward('30:00');
    await other.getByRole('dialog', { name: 'Your session has ended' }).waitFor();
    await shoot(other, 'session-expired', 'Who can use this service');
    await other.context().close();
  });

  it('no screen changed without a new baseline', () => {
    expect(screens.length).toBeGreaterThan(10);
    expect(changes).toEqual([]);
  });
});
