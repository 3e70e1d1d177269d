// WCAG 2.2 AA on every screen (axe: wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa): each screen as
// it opens, in its error state, and with its dialogs open. English and Hebrew (left to right and
// right to left) walk the whole journey; Arabic, Russian, German, Spanish and French check the
// screens before the e-mail code, the information pages and the session popups (issue 29: the
// journey's later screens differ between languages only in their texts, which the locale tests
// check). The walk switches language on every screen with the page's own switcher, so it also
// proves that switching keeps every value typed; `npm run screenshots` also writes each screen at
// 375 px for a reviewer.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './axe.ts';
import { FOR_A_REVIEWER, SCREENSHOTS, type Stack, startStack } from './harness.ts';
import {
  acceptTerms,
  adult,
  chooseCountry,
  confirmReview,
  fillHistory,
  fillPassport,
  fillPersonal,
  fillPhoto,
  fillTravel,
  next,
  payFee,
  verifyEmail,
} from './journey.ts';

const switchTo = async (page: Page, language: string) => {
  await page.locator('#language-switcher').selectOption(language);
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
  // A screen may wait for texts it had not loaded in that language: check it once it is drawn, not
  // its loader. (A load state would not do: the page's document has long been loaded.)
  await page.waitForFunction(() => !document.querySelector('.loader-screen'), undefined, {
    polling: 'raf',
  });
};

/** The form's last submit button, 'Save and continue later' aside (it checks nothing; decision 033). */
const submitButton = (page: Page) =>
  page.locator('main button[type="submit"]:not([value="saveLater"])').last();

/** The languages whose whole journey is walked; the others get the short pass. */
const WHOLE_JOURNEY = ['en', 'he'];

// One server and one browser for the file.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe.each(['en', 'he', 'ar', 'ru', 'de', 'es', 'fr'])('accessibility in %s', (language) => {
  const whole = WHOLE_JOURNEY.includes(language);

  /** Checks the screen in `language`, optionally its error state, then returns to English. */
  const check = async (page: Page, name: string, { errors = true, dir = 'ltr' } = {}) => {
    await switchTo(page, language);
    if (language !== 'en') {
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        dir === 'ltr' && ['he', 'ar'].includes(language) ? 'rtl' : 'ltr',
      );
      if (FOR_A_REVIEWER) {
        await page.setViewportSize({ width: 375, height: 800 });
        await page.screenshot({
          path: `${SCREENSHOTS}/${language}-${name}-375.png`,
          fullPage: true,
        });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    }
    await expectNoViolations(page, `${name} (${language})`);
    if (errors) {
      await submitButton(page).click();
      await page.locator('.error-summary, [role="alert"], .field__error').first().waitFor();
      await expectNoViolations(page, `${name} with errors (${language})`);
    }
    await switchTo(page, 'en');
  };

  it(`${whole ? 'every screen passes' : 'the screens before the code and the information pages pass'} axe in ${language}, values survive each language switch`, async () => {
    const { page, consoleErrors } = await stack.newPage({ locale: 'en-GB' });
    const traveller = adult(`a11y-${language}@example.com`);

    // Eligibility.
    await page.goto('/EligibilityNational');
    await page.getByLabel('Nationality').waitFor();
    await check(page, 'eligibility-nationality');
    await page.getByLabel('Nationality').selectOption({ label: 'United States of America' });
    await next(page);
    await check(page, 'eligibility-purpose');
    await page
      .getByLabel('Main purpose of your visit')
      .selectOption({ label: 'Tourism or a private visit' });
    await next(page);
    await page.getByText('Based on your answers, you can apply for an ETA-IL').waitFor();
    await check(page, 'eligibility-result', { errors: false });
    // The tooltip's content, opened by keyboard.
    await page.locator('.tooltip__button').first().focus();
    await expectNoViolations(page, `eligibility tooltip open (${language})`);

    // Application start: the terms dialog open, then the pages behind it.
    await page.goto('/apply-for-an-eta-il-1/');
    await page.getByRole('dialog', { name: 'Terms & Conditions' }).waitFor();
    await expectNoViolations(page, `terms dialog (${language})`);
    // The scrolling terms are the next stop after the title: the keyboard reaches every line.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.matches('section.terms[aria-label]')),
    ).toBe(true);
    await acceptTerms(page);
    await check(page, 'apply-start', { errors: false });
    await page.getByRole('link', { name: 'Start now' }).click();
    await check(page, 'applicant-start', { errors: false });
    await page
      .getByRole('link', { name: 'Continue' })
      .or(page.getByRole('button', { name: 'Continue' }))
      .first()
      .click();
    await page.waitForURL('**/forms');
    await check(page, 'start-form');
    await page.getByLabel('Someone else').check();
    await check(page, 'start-form-someone-else');
    await page.getByLabel('Myself').check();
    await next(page);
    await page.waitForURL('**/emailMach');

    // Email and code: values typed before a switch are still there after it.
    await page.getByLabel('Email address', { exact: true }).fill(traveller.email);
    await switchTo(page, language);
    await switchTo(page, 'en');
    expect(await page.getByLabel('Email address', { exact: true }).inputValue()).toBe(
      traveller.email,
    );
    await page.getByLabel('Email address', { exact: true }).fill('');
    await check(page, 'email');
    if (whole) await journey(page, traveller);
    await informationPages(page);
    expect(consoleErrors).toEqual([]);
  }, 300_000);

  /** From the e-mail code to the acknowledgement: every screen, its errors and dialogs. */
  const journey = async (page: Page, traveller: ReturnType<typeof adult>) => {
    await page.goto('/emailMach');
    await verifyEmail(page, stack, traveller.email);

    await check(page, 'travel');
    await fillTravel(page);
    await check(page, 'passport');
    await page.getByRole('button', { name: 'What type of passport do I have?' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoViolations(page, `passport help dialog (${language})`);
    await page.keyboard.press('Escape');
    // Values typed on a form survive a language switch and the way back.
    await page.getByLabel('Passport number').fill('X1234567');
    await page.getByLabel('Last name', { exact: true }).fill('DOE');
    await page.locator('#dayBirth').fill('14');
    await chooseCountry(page, 'passportCountryId', 'United States of America');
    const typed = () =>
      Promise.all(
        ['#passportNum', '#lastName', '#dayBirth'].map((id) => page.locator(id).inputValue()),
      );
    await switchTo(page, language);
    expect(await typed()).toEqual(['X1234567', 'DOE', '14']);
    await switchTo(page, 'en');
    expect(await typed()).toEqual(['X1234567', 'DOE', '14']);
    expect(await page.locator('#passportCountryId').inputValue()).toBe('United States of America');
    await fillPassport(page, traveller);
    await check(page, 'personal');
    await fillPersonal(page);
    await check(page, 'photo');
    await fillPhoto(page);
    await check(page, 'history');
    await fillHistory(page);
    // The review's error state: Submit (in the Declaration panel) before confirming anything.
    await check(page, 'review', { errors: false });
    await page.getByRole('button', { name: /^Declaration/ }).click();
    await switchTo(page, language);
    await submitButton(page).click();
    await page.locator('.error-summary').waitFor();
    await expectNoViolations(page, `review with errors (${language})`);
    await switchTo(page, 'en');
    await confirmReview(page);
    await switchTo(page, language);
    // The review keeps its confirmations across the switch: submit goes through.
    await submitButton(page).click();
    await payFee(page);
    await page.locator('h1').filter({ hasText: /JANE/ }).waitFor({ timeout: 20_000 });
    await check(page, 'thank-you', { errors: false });
  };

  const informationPages = async (page: Page) => {
    for (const [path, name] of [
      ['/sort', 'sort'],
      ['/success', 'success'],
      ['/visa-option', 'visa-option'],
      ['/accessibility', 'accessibility'],
      // An unknown link to a saved application (decision 033): the page before any code.
      ['/resume/an-unknown-link', 'resume'],
      ['/no-such-page', 'not-found'],
      ['/error', 'error'],
    ]) {
      await page.goto(path!);
      await page.locator('h1').first().waitFor();
      await check(page, name!, { errors: false });
    }
  };

  it(`the session popups pass axe in ${language}`, async () => {
    const { page } = await stack.newPage({ locale: 'en-GB' });
    await page.clock.install({ time: new Date() });
    await page.goto('/apply-for-an-eta-il-1/');
    await acceptTerms(page);
    await switchTo(page, language);
    await page.clock.fastForward('30:00');
    await page.getByRole('dialog').waitFor();
    await expectNoViolations(page, `session warning popup (${language})`);
    await page.clock.fastForward('30:00');
    await page
      .locator('dialog')
      .filter({ has: page.locator('button') })
      .last()
      .waitFor();
    await page.waitForFunction(() => document.querySelectorAll('dialog[open]').length === 1);
    await expectNoViolations(page, `session ended popup (${language})`);
  });
});
