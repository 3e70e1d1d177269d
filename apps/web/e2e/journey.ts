// Drives the application screens as a traveller would, with one valid set of answers (STYLE §10:
// fixtures are drafts). Each function fills one screen and presses its Next.
import type { Page } from 'playwright-core';
import { portraitJpeg } from '../../server/test/photos.ts';
import type { Stack } from './harness.ts';

export interface Traveller {
  email: string;
  firstName: string;
  lastName: string;
  passportNum: string;
  birth: { day: string; month: string; year: string };
  /** Someone else applies: their own details. */
  applicant?: { lastName: string; firstName: string; passportNum: string; country: string };
}

export const adult = (email: string): Traveller => ({
  email,
  firstName: 'JANE',
  lastName: 'DOE',
  passportNum: 'X1234567',
  birth: { day: '14', month: '03', year: '1985' },
});

/** A date in the future relative to today (arrival next month). */
export const futureDate = (monthsAhead: number) => {
  const d = new Date();
  d.setMonth(d.getMonth() + monthsAhead);
  return {
    day: String(d.getDate()).padStart(2, '0'),
    month: String(d.getMonth() + 1).padStart(2, '0'),
    year: String(d.getFullYear()),
  };
};

/** Fills the day/month/year boxes of the date `name` (a date object, or an ISO date). */
const fillDate = async (
  page: Page,
  name: string,
  date: { day: string; month: string; year: string } | string,
) => {
  const [year = '', month = '', day = ''] = typeof date === 'string' ? date.split('-') : [];
  const boxes = typeof date === 'string' ? { day, month, year } : date;
  await page.locator(`#day${name}`).fill(boxes.day);
  await page.locator(`#month${name}`).fill(boxes.month);
  await page.locator(`#year${name}`).fill(boxes.year);
};

/** Types into a country combobox and picks the option with that name. */
export const chooseCountry = async (page: Page, id: string, name: string) => {
  const input = page.locator(`#${id}`);
  await input.fill(name.slice(0, 6));
  await page.getByRole('option', { name, exact: true }).click();
};

export const yesNo = async (page: Page, question: string, answer: 'Yes' | 'No') =>
  page.getByRole('group', { name: question }).getByLabel(answer, { exact: true }).check();

export const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

export const acceptTerms = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await dialog.waitFor();
  await dialog.getByLabel('I confirm the terms and conditions').check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'detached' });
};

export const startApplication = async (page: Page, traveller: Traveller) => {
  await page.goto('/apply-for-an-eta-il-1/');
  await acceptTerms(page);
  await page
    .getByRole('link', { name: 'Start now' })
    .or(page.getByRole('button', { name: 'Start now' }))
    .click();
  await page.waitForURL('**/apply-for-an-eta-il-2');
  await page
    .getByRole('link', { name: 'Continue' })
    .or(page.getByRole('button', { name: 'Continue' }))
    .first()
    .click();
  await page.waitForURL('**/forms');
  if (traveller.applicant) {
    await page.getByLabel('Someone else').check();
    await page.getByLabel('Your last name').fill(traveller.applicant.lastName);
    await page.getByLabel('Your first name').fill(traveller.applicant.firstName);
    await page.getByLabel('Your passport number').fill(traveller.applicant.passportNum);
    await chooseCountry(page, 'applicantPassportCountryId', traveller.applicant.country);
  } else {
    await page.getByLabel('Myself').check();
  }
  await next(page);
  await page.waitForURL('**/emailMach');
};

export const verifyEmail = async (page: Page, stack: Stack, email: string) => {
  const mailsBefore = stack.smtp.received.length;
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Confirm Email address').fill(email);
  await next(page);
  await page.waitForURL('**/codeMach');
  const code = await stack.codeFor(email, mailsBefore);
  await page.locator('#digit1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify your email' }).click();
  // A right code goes on at once (decision 038).
  await page.waitForURL('**/travelInfo', { timeout: 15_000 });
};

export const fillTravel = async (page: Page) => {
  await page
    .getByLabel('Purpose of your visit')
    .selectOption({ label: 'Tourism or a private visit' });
  await fillDate(page, 'EstimatedAarrivalDate', futureDate(1));
  await page.getByLabel('Length of stay').selectOption({ label: 'Up to 2 weeks' });
  await next(page);
  await page.waitForURL('**/passportDetails');
};

/** The passport step's values, typed but not yet sent with Next. */
export const typePassport = async (page: Page, t: Traveller) => {
  await page.getByLabel('Passport type').selectOption({ label: 'Regular passport (national)' });
  await page.getByLabel('Passport number').fill(t.passportNum);
  await chooseCountry(page, 'passportCountryId', 'United States of America');
  await chooseCountry(page, 'nationalityId', 'United States of America');
  await yesNo(page, 'Is it a biometric passport?', 'Yes');
  await page.getByLabel('Last name', { exact: true }).fill(t.lastName);
  await page.getByLabel('First name', { exact: true }).fill(t.firstName);
  await fillDate(page, 'PassportIssue', { day: '01', month: '02', year: '2020' });
  await fillDate(page, 'PassportExpire', { day: '01', month: '02', year: '2030' });
  await fillDate(page, 'Birth', t.birth);
  await chooseCountry(page, 'birthCountryId', 'United States of America');
  await page.getByRole('group', { name: 'Gender' }).getByLabel('Female').check();
};

export const fillPassport = async (page: Page, t: Traveller) => {
  await typePassport(page, t);
  await next(page);
  await page.waitForURL('**/personalDetails');
};

export const fillPersonal = async (page: Page) => {
  await yesNo(page, 'Do you have another nationality or citizenship?', 'No');
  await page.getByLabel('Your marital status').selectOption({ label: 'Single' });
  await page.getByLabel("Father's first name").fill('JOHN');
  await page.getByLabel("Father's last name").fill('DOE');
  await page.getByLabel("Mother's first name").fill('MARY');
  await page.getByLabel("Mother's last name").fill('DOE');
  await page.locator('#mobilePhoneNum').fill('12025550123');
  await chooseCountry(page, 'addressCountryId', 'United States of America');
  await page.getByLabel('Town or city').fill('New York');
  await page.getByLabel('Your occupation').selectOption({ label: 'Retired' });
  await next(page);
  await page.waitForURL('**/PersonalDetailsImage');
};

/** A passport photo that passes the quality checks, in the browser and on the server. */
export const photoJpeg = () => portraitJpeg();

export const fillPhoto = async (page: Page) => {
  await page.locator('input[type="file"]').setInputFiles({
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoJpeg(),
  });
  await page.getByText('The photo is uploaded.').waitFor();
  await next(page);
  await page.waitForURL('**/PersonalDetailsQuestion');
};

export const fillHistory = async (page: Page) => {
  await yesNo(page, 'Have you stayed in Israel before?', 'No');
  await yesNo(page, 'Have you applied for another visa to Israel?', 'No');
  await yesNo(page, 'Has a request of yours to enter Israel ever been refused?', 'No');
  await yesNo(
    page,
    'Have you ever been convicted of a crime or are you the subject of legal proceedings?',
    'No',
  );
  await next(page);
  await page.waitForURL('**/review');
  await page.getByRole('heading', { name: 'Check your answers and confirm' }).waitFor();
};

export const confirmReview = async (page: Page) => {
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Confirm this section' }).first().click();
  }
  await page.getByLabel('I confirm the terms and conditions').check();
};

/**
 * The fee (issue 27), paid as a traveller pays it: after Submit the browser is on the payment
 * provider's page (the dev provider's /dev/pay), Pay, and back on /payment/return, which shows the
 * acknowledgement once the server has the payment.
 */
export const payFee = async (page: Page, { keyboard = false } = {}) => {
  await page.waitForURL('**/dev/pay/**', { timeout: 20_000 });
  const pay = page.getByRole('button', { name: /^Pay / });
  if (keyboard) {
    await pay.focus();
    await page.keyboard.press('Enter');
  } else await pay.click();
  await page.waitForURL('**/payment/return?payment=*');
};

/** Submit on the review, pay the fee, and arrive at the acknowledgement of `firstName`. */
export const submitAndPay = async (page: Page, firstName: string) => {
  await page.getByRole('button', { name: 'Submit' }).click();
  await payFee(page);
  await page.getByRole('heading', { name: `Thank You, ${firstName}` }).waitFor({ timeout: 20_000 });
};

/**
 * An application opened filled in (a renewal, a new passport), from its terms to the review: the
 * terms and the trip afresh, the passport and personal steps as they came, a new photo. Answers
 * the passport number the passport step showed.
 */
export const throughFilledApplication = async (page: Page) => {
  await acceptTerms(page);
  await fillTravel(page);
  const passportNum = await page.getByLabel('Passport number').inputValue();
  await next(page);
  await page.waitForURL('**/personalDetails');
  await next(page);
  await page.waitForURL('**/PersonalDetailsImage');
  await fillPhoto(page);
  await next(page);
  await page.waitForURL('**/review');
  return passportNum;
};

/** The whole application, from the start page to the review, for one traveller. */
export const fillApplication = async (page: Page, stack: Stack, traveller: Traveller) => {
  await startApplication(page, traveller);
  await verifyEmail(page, stack, traveller.email);
  await fillTravel(page);
  await fillPassport(page, traveller);
  await fillPersonal(page);
  await fillPhoto(page);
  await fillHistory(page);
};

// ——— Helpers added for the rules, review, session, keyboard and screenshot suites ———

/** Fills the three boxes of a date (day, month, year) of `name`, e.g. 'Birth'. */
export const fillDateBoxes = fillDate;

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** A date counted from the browser's today, in its time zone: the "today" the rules use. */
export const dateFromToday = (page: Page, shift: { days?: number; years?: number }) =>
  page.evaluate(({ days = 0, years = 0 }): DateParts => {
    const d = new Date();
    d.setFullYear(d.getFullYear() + years, d.getMonth(), d.getDate() + days);
    const two = (n: number) => String(n).padStart(2, '0');
    return { day: two(d.getDate()), month: two(d.getMonth() + 1), year: String(d.getFullYear()) };
  }, shift);

/** Enters the email twice and presses Next: the code screen opens and a code is sent. */
export const enterEmail = async (page: Page, email: string) => {
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Confirm Email address').fill(email);
  await next(page);
  await page.waitForURL('**/codeMach');
};

/** The open modal dialogs' titles, top to bottom of the document. */
export const openDialogTitles = (page: Page) =>
  page
    .locator('dialog[open]')
    .evaluateAll((dialogs) => dialogs.map((d) => d.querySelector('h2')?.textContent ?? ''));

/**
 * Presses Tab (then Shift+Tab) `presses` times each and reports, for every press, whether focus
 * stayed inside the open dialog.
 */
export const focusStaysInDialog = async (page: Page, presses = 4) => {
  const inside: boolean[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      inside.push(
        await page.evaluate(() => document.activeElement?.closest('dialog[open]') != null),
      );
    }
  }
  return inside;
};
