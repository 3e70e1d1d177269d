// Screenshots of every screen of SPEC §2, at 1280 px and 375 px, for a reviewer: the eligibility
// check and its outcomes, each application step (with its error state where it has one), the
// acknowledgement, the information pages, the error and not-found screens and the session popups.
// Each test first checks the screen is the one named (its heading, or the state it shows).
import { messages } from '@eta-il/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshotBoth, startStack } from './harness.ts';
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

/** The screen's main heading is shown, then both screenshots are taken. */
const shoot = async (page: Page, name: string, heading: string | RegExp) => {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await h1.waitFor();
  expect(await h1.isVisible()).toBe(true);
  await screenshotBoth(page, name);
};

const errorSummary = (page: Page) => page.getByRole('alert', { name: 'There is a problem' });

describe('screenshots of every screen', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  describe('the eligibility check', () => {
    let page: Page;
    beforeAll(async () => {
      ({ page } = await stack.newPage());
    });

    const answer = async (nationality: string) => {
      await page.getByLabel('Nationality').selectOption({ label: nationality });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Main purpose of your visit').selectOption({
        label: 'Tourism or a private visit',
      });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL('**/EligibilityResult');
    };
    const startOver = async () => {
      await page.getByRole('button', { name: 'Start over Eligibility Check' }).click();
      await page.waitForURL('**/EligibilityNational');
    };

    it('nationality and main purpose', async () => {
      await page.goto('/EligibilityNational');
      await shoot(page, 'eligibility-national', 'What is your nationality?');
      await page.getByLabel('Nationality').selectOption({ label: 'United States of America' });
      await page.getByRole('button', { name: 'Next' }).click();
      await shoot(page, 'eligibility-main-purpose', 'What’s the main purpose of your visit?');
    });

    it('result: eligible', async () => {
      await page.getByLabel('Main purpose of your visit').selectOption({
        label: 'Tourism or a private visit',
      });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Based on your answers, you can apply for an ETA-IL').waitFor();
      await shoot(page, 'eligibility-result-eligible', 'Your eligibility');
    });

    it('result: not eligible', async () => {
      await startOver();
      await answer('India');
      await page.getByText(/you cannot apply for an ETA-IL/).waitFor();
      await shoot(page, 'eligibility-result-not-eligible', 'Your eligibility');
    });

    it('result: the check failed', async () => {
      await page.route('**/api/eligibility', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
      );
      await startOver();
      await answer('United States of America');
      await page
        .getByText('Sorry, there is a problem, we were unable to perform the check.', {
          exact: false,
        })
        .waitFor();
      await shoot(page, 'eligibility-result-failure', 'Your eligibility');
    });
  });

  describe('the application, screen by screen', () => {
    const traveller = adult('screens@example.com');
    let page: Page;
    let code: string;
    beforeAll(async () => {
      ({ page } = await stack.newPage());
    });

    it('/apply-for-an-eta-il-1/ with the terms dialog open, then closed', async () => {
      await page.goto('/apply-for-an-eta-il-1/');
      const terms = page.getByRole('dialog', { name: 'Terms & Conditions' });
      await terms.waitFor();
      await page.getByLabel('I confirm the terms and conditions').check();
      await shoot(page, 'apply-start-terms', 'Apply for an ETA-IL');
      expect(await terms.getByRole('button', { name: 'Continue' }).isVisible()).toBe(true);
      await acceptTerms(page);
      await shoot(page, 'apply-start', 'Apply for an ETA-IL');
    });

    it('/apply-for-an-eta-il-2', async () => {
      await page.getByRole('link', { name: 'Start now' }).click();
      await shoot(page, 'applicant-start', 'Who can use this service');
    });

    it('/forms for Myself and for Someone else', async () => {
      await page.getByRole('link', { name: 'Continue', exact: true }).click();
      await page.getByLabel('Myself').check();
      await shoot(page, 'forms-myself', 'Who are you applying for?');
      await page.getByLabel('Someone else').check();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await shoot(page, 'forms-someone-else', 'Who are you applying for?');
      await page.getByLabel('Myself').check();
      await next(page);
      await page.waitForURL('**/emailMach');
    });

    it('/emailMach with the addresses not matching', async () => {
      await page.getByLabel('Email address', { exact: true }).fill(traveller.email);
      await page.getByLabel('Confirm Email address').fill('other@example.com');
      await next(page);
      await page.locator('#ConfirmEmail-error').getByText(messages.emailMismatch).waitFor();
      await shoot(page, 'email-mismatch', 'Enter your email address below.');
    });

    it('/codeMach with a wrong code, then a right one goes on at once', async () => {
      const mailsBefore = stack.smtp.received.length;
      await enterEmail(page, traveller.email);
      code = await stack.codeFor(traveller.email, mailsBefore);
      const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
      await page.locator('#digit1').click();
      await page.keyboard.type(wrong);
      await page.getByRole('button', { name: 'Verify your email' }).click();
      await page.locator('#code-refusal').waitFor();
      await shoot(page, 'code-wrong', 'Verify your email address');

      await page.locator('#digit1').click();
      await page.keyboard.type(code);
      await page.getByRole('button', { name: 'Verify your email' }).click();
      await page.waitForURL('**/travelInfo');
    });

    it('/travelInfo empty and with errors; /sort, its Back target', async () => {
      await shoot(page, 'travel-info', 'Travel information');
      await next(page);
      await errorSummary(page).waitFor();
      await shoot(page, 'travel-info-errors', 'Travel information');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL('**/sort');
      await shoot(page, 'sort', 'Your application');
      await page.getByRole('link', { name: 'Continue', exact: true }).click();
      await page.waitForURL('**/travelInfo');
      await fillTravel(page);
    });

    it('/passportDetails with errors, and with its help popup open', async () => {
      await next(page);
      await errorSummary(page).waitFor();
      await shoot(page, 'passport-details-errors', 'Passport details');
      await page.getByRole('button', { name: 'What type of passport do I have?' }).click();
      const help = page.getByRole('dialog', { name: 'What type of passport do I have?' });
      await help.waitFor();
      await shoot(page, 'passport-details-help', 'Passport details');
      await help.getByRole('button', { name: 'Close' }).click();
      await fillPassport(page, traveller);
    });

    it('/personalDetails for an employed traveller, with errors', async () => {
      await page.getByLabel('Your occupation').selectOption({ label: 'Employed' });
      await next(page);
      await errorSummary(page).waitFor();
      expect(await page.getByLabel('Name of your employer or business').isVisible()).toBe(true);
      await shoot(page, 'personal-details-employed-errors', 'Personal details');
      await fillPersonal(page);
    });

    it('/PersonalDetailsImage with a preview', async () => {
      await page.locator('input[type="file"]').setInputFiles({
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: await photoJpeg(),
      });
      await page.getByRole('img', { name: 'The uploaded passport photo' }).waitFor();
      await shoot(page, 'passport-photo', 'Passport photo');
      await next(page);
      await page.waitForURL('**/PersonalDetailsQuestion');
    });

    it('/PersonalDetailsQuestion with Yes answers revealing their fields', async () => {
      await yesNo(page, 'Have you stayed in Israel before?', 'Yes');
      await yesNo(page, 'Have you applied for another visa to Israel?', 'Yes');
      await yesNo(page, 'Has a request of yours to enter Israel ever been refused?', 'Yes');
      await page.getByLabel('In which year was your last stay?').fill('2019');
      expect(await page.getByLabel('Describe the request').isVisible()).toBe(true);
      expect(await page.getByLabel('Describe the refused request').isVisible()).toBe(true);
      await shoot(page, 'history-yes', 'Personal details');
      await fillHistory(page);
    });

    it('/review with one panel open', async () => {
      expect(await page.locator('#review-travel').getAttribute('aria-expanded')).toBe('true');
      await shoot(page, 'review', 'Check your answers and confirm');
    });

    it('/thankyou and /success', async () => {
      await confirmReview(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await payFee(page);
      await shoot(page, 'thank-you', 'Thank You, JANE');
      await page.goto('/success');
      await shoot(page, 'success', 'Your request has been sent successfully!');
      expect(await page.locator('.request-number').textContent()).toMatch(/\S/);
    });
  });

  describe('information, loading, not-found and error screens', () => {
    it.each([
      ['visa-option', '/visa-option', 'Visa options'],
      ['accessibility', '/accessibility', 'Accessibility statement'],
      ['not-found', '/no-such-page', 'Page not found'],
      ['error', '/error', 'Sorry, something has gone wrong'],
    ])('%s (%s)', async (name, path, heading) => {
      const { page } = await stack.newPage();
      await page.goto(path);
      await shoot(page, name, heading);
      await page.context().close();
    });

    it('/ll: the loading indicator', async () => {
      const { page } = await stack.newPage();
      await page.goto('/ll');
      await page.getByText('Loading...').waitFor();
      expect(await page.getByRole('heading', { level: 1, name: 'Loading' }).count()).toBe(1);
      await screenshotBoth(page, 'loading');
      await page.context().close();
    });

    it('/backoffice while it looks up where to send the browser', async () => {
      const { page } = await stack.newPage();
      // Held, so the screen stays on 'Loadding.....' instead of leaving for the external host.
      await page.route('**/api/config', () => undefined);
      await page.goto('/backoffice');
      await page.getByText('Loadding.....').waitFor();
      await shoot(page, 'backoffice', 'Back office');
      await page.context().close();
    });
  });

  describe('the session popups', () => {
    it('the first popup at 30 minutes and the ended session at 60', async () => {
      const { page } = await stack.newPage();
      await page.clock.install({ time: new Date() });
      await page.goto('/apply-for-an-eta-il-1/');
      await acceptTerms(page);
      await page.getByRole('link', { name: 'Start now' }).click();
      await page.getByRole('heading', { name: 'Who can use this service' }).waitFor();
      await page.clock.fastForward('30:00');
      await page.getByRole('dialog', { name: 'Do you want to continue?' }).waitFor();
      await shoot(page, 'session-warning', 'Who can use this service');
      await page.clock.fastForward('30:00');
      await page.getByRole('dialog', { name: 'Your session has ended' }).waitFor();
      await shoot(page, 'session-expired', 'Who can use this service');
      await page.context().close();
    });
  });
});
