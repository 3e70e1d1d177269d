// Each blocking rule of travel information and passport details (SPEC §5 "Travel info",
// "Passport", §8), in Chromium against the real server: the screen stays, the error summary lists
// the rule, the field shows its message (the domain's words) and is marked invalid, and the rules
// that rule out ETA-IL altogether show the banner with the visa-options link. One page per screen:
// each rule changes one answer of a valid form, and puts it back afterwards.
import { type MessageId, messageText } from '@eta-il/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  chooseCountry,
  type DateParts,
  dateFromToday,
  fillDateBoxes,
  next,
  startApplication,
  verifyEmail,
  yesNo,
} from './journey.ts';

interface Rule {
  /** What the traveller gets wrong. */
  name: string;
  /** The field the message belongs to (a date's day box). */
  field: string;
  /** The label the error summary names the field by. */
  label: string;
  message: MessageId;
  /** A rule that rules ETA-IL out: the banner with the link to the visa options. */
  banner: boolean;
  /** Makes the one answer wrong. */
  set: (page: Page) => Promise<unknown>;
  /** Puts the valid answer back. */
  reset: (page: Page) => Promise<unknown>;
}

const select = (label: string, wrong: string, right: string) => ({
  set: (page: Page) => page.getByLabel(label, { exact: true }).selectOption({ label: wrong }),
  reset: (page: Page) => page.getByLabel(label, { exact: true }).selectOption({ label: right }),
});

const date = (
  name: string,
  wrong: (page: Page) => Promise<DateParts>,
  right: (page: Page) => Promise<DateParts>,
) => ({
  set: async (page: Page) => fillDateBoxes(page, name, await wrong(page)),
  reset: async (page: Page) => fillDateBoxes(page, name, await right(page)),
});

const fixed = (day: string, month: string, year: string) => async () => ({ day, month, year });
const fromToday = (shift: { days?: number; years?: number }) => (page: Page) =>
  dateFromToday(page, shift);

/** The rule is on screen where the traveller must act, and the screen did not move on. */
const expectShown = async (page: Page, path: string, rule: Rule) => {
  const text = messageText(rule.message);
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await summary.getByRole('link', { name: `${rule.label}: ${text}`, exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(path);
  expect(await summary.getByRole('link').allTextContents()).toEqual([`${rule.label}: ${text}`]);
  // Focus is on the summary, and the title says there is an error (decision 028).
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('error-summary');
  expect(await page.title()).toMatch(/^Error: .+ – /);

  const isDate = rule.field.startsWith('day');
  const messageId = isDate ? `${rule.field}-group-error` : `${rule.field}-error`;
  const inline = page.locator(`#${messageId}`);
  expect(await inline.isVisible()).toBe(true);
  expect(await inline.textContent()).toBe(`Error: ${text}`);
  const control = page.locator(`#${rule.field}`);
  expect(await control.getAttribute('aria-invalid')).toBe('true');
  // The message is announced with the field (the control, or the date's group).
  const described = isDate
    ? page.locator('fieldset').filter({ has: control })
    : page.locator(`#${rule.field}`);
  expect((await described.getAttribute('aria-describedby'))?.split(' ')).toContain(messageId);

  const banner = page.locator('.alert--error').filter({ hasText: text });
  if (rule.banner) {
    expect(await banner.isVisible()).toBe(true);
    const link = banner.getByRole('link', { name: 'See the available visa options' });
    expect(await link.getAttribute('href')).toBe('/visa-option');
  } else {
    expect(await banner.count()).toBe(0);
  }
};

describe('blocking rules shown on their fields', () => {
  let stack: Stack;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    stack = await startStack();
    ({ page, consoleErrors } = await stack.newPage());
    await startApplication(page, adult('rules@example.com'));
    await verifyEmail(page, stack, 'rules@example.com');
  });
  afterAll(async () => {
    await stack?.close();
  });

  describe('travel information', () => {
    const arrivalNextMonth = fromToday({ days: 30 });
    const travelRules: Rule[] = [
      {
        name: 'an entry reason not valid for ETA-IL (work)',
        field: 'entryReasonId',
        label: 'Purpose of your visit',
        message: 'entryReasonNotEligible',
        banner: true,
        ...select('Purpose of your visit', 'Work or employment', 'Tourism or a private visit'),
      },
      {
        name: 'more than 3 months to visit family',
        field: 'lengthOfStayId',
        label: 'Length of stay',
        message: 'stayOverThreeMonths',
        banner: true,
        set: async (p) => {
          await p
            .getByLabel('Purpose of your visit')
            .selectOption({ label: 'Visiting family or friends' });
          await p.getByLabel('Length of stay').selectOption({ label: 'More than 3 months' });
        },
        reset: async (p) => {
          await p
            .getByLabel('Purpose of your visit')
            .selectOption({ label: 'Tourism or a private visit' });
          await p.getByLabel('Length of stay').selectOption({ label: 'Up to 2 weeks' });
        },
      },
      {
        name: 'tourism for more than 3 months',
        field: 'lengthOfStayId',
        label: 'Length of stay',
        message: 'tourismStayTooLong',
        banner: true,
        ...select('Length of stay', 'More than 3 months', 'Up to 2 weeks'),
      },
      {
        name: 'transit for up to 2 months',
        field: 'lengthOfStayId',
        label: 'Length of stay',
        message: 'visitPurposeTooLong',
        banner: true,
        set: async (p) => {
          await p.getByLabel('Purpose of your visit').selectOption({ label: 'Transit' });
          await p.getByLabel('Length of stay').selectOption({ label: 'Up to 2 months' });
        },
        reset: async (p) => {
          await p
            .getByLabel('Purpose of your visit')
            .selectOption({ label: 'Tourism or a private visit' });
          await p.getByLabel('Length of stay').selectOption({ label: 'Up to 2 weeks' });
        },
      },
      {
        name: 'arrival yesterday',
        field: 'dayEstimatedAarrivalDate',
        label: 'Estimated date of arrival',
        message: 'arrivalInPast',
        banner: false,
        ...date('EstimatedAarrivalDate', fromToday({ days: -1 }), arrivalNextMonth),
      },
      {
        name: 'arrival on 31/02',
        field: 'dayEstimatedAarrivalDate',
        label: 'Estimated date of arrival',
        message: 'dateInvalid',
        banner: false,
        ...date(
          'EstimatedAarrivalDate',
          async (p) => ({ ...(await dateFromToday(p, { years: 1 })), day: '31', month: '02' }),
          arrivalNextMonth,
        ),
      },
      {
        name: 'arrival 21 years ahead',
        field: 'dayEstimatedAarrivalDate',
        label: 'Estimated date of arrival',
        message: 'arrivalTooFarAhead',
        banner: false,
        ...date('EstimatedAarrivalDate', fromToday({ years: 21 }), arrivalNextMonth),
      },
    ];

    beforeAll(async () => {
      await page.getByRole('heading', { name: 'Travel information' }).waitFor();
      await page
        .getByLabel('Purpose of your visit')
        .selectOption({ label: 'Tourism or a private visit' });
      await fillDateBoxes(page, 'EstimatedAarrivalDate', await arrivalNextMonth(page));
      await page.getByLabel('Length of stay').selectOption({ label: 'Up to 2 weeks' });
    });

    it.each(travelRules)('§5 $name: $message', async (rule) => {
      await rule.set(page);
      try {
        await next(page);
        await expectShown(page, '/travelInfo', rule);
      } finally {
        await rule.reset(page);
      }
    });

    it('§5 an arrival 3 years ahead only warns: Next goes on to the passport', async () => {
      await fillDateBoxes(page, 'EstimatedAarrivalDate', await dateFromToday(page, { years: 3 }));
      const warning = page.locator('#dayEstimatedAarrivalDate-group-warning');
      await warning.waitFor();
      expect(await warning.textContent()).toBe(messageText('arrivalFarAheadWarning'));
      await next(page);
      await page.waitForURL('**/passportDetails');
      expect(consoleErrors).toEqual([]);
    });
  });

  describe('passport details', () => {
    const birth = fixed('14', '03', '1985');
    const issued = fixed('01', '02', '2020');
    const expires = fromToday({ years: 5 });
    const passportRules: Rule[] = [
      {
        name: 'a travel document (Laissez passer)',
        field: 'passportTypeId',
        label: 'Passport type',
        message: 'passportTypeNotEligible',
        banner: true,
        ...select(
          'Passport type',
          'Travel document (Laissez passer)',
          'Regular passport (national)',
        ),
      },
      {
        name: 'a passport number of 3 characters',
        field: 'passportNum',
        label: 'Passport number',
        message: 'passportNumberInvalid',
        banner: false,
        set: (p) => p.getByLabel('Passport number').fill('AB1'),
        reset: (p) => p.getByLabel('Passport number').fill('X1234567'),
      },
      {
        name: 'a last name with digits',
        field: 'lastName',
        label: 'Last name',
        message: 'lettersOnly',
        banner: false,
        set: (p) => p.getByLabel('Last name', { exact: true }).fill('DOE2'),
        reset: (p) => p.getByLabel('Last name', { exact: true }).fill('DOE'),
      },
      {
        name: 'a passport that expired yesterday',
        field: 'dayPassportExpire',
        label: 'Expiry date',
        message: 'expiryInPast',
        banner: false,
        ...date('PassportExpire', fromToday({ days: -1 }), expires),
      },
      {
        name: 'a passport issued before its holder was born',
        field: 'dayPassportIssue',
        label: 'Date of issue',
        message: 'issueBeforeBirth',
        banner: false,
        ...date('PassportIssue', fixed('01', '01', '1980'), issued),
      },
      {
        name: 'a traveller under 18 applying for themselves',
        field: 'dayBirth',
        label: 'Date of birth',
        message: 'minorMustBeAppliedFor',
        banner: false,
        ...date('Birth', fromToday({ years: -10 }), birth),
      },
      {
        name: 'a passport country the server refuses (India)',
        field: 'passportCountryId',
        label: 'Passport country',
        message: 'passportCountryRejected',
        banner: true,
        set: (p) => chooseCountry(p, 'passportCountryId', 'India'),
        reset: (p) => chooseCountry(p, 'passportCountryId', 'United States of America'),
      },
      {
        name: 'a Ukrainian passport that is not biometric',
        field: 'passportCountryId',
        label: 'Passport country',
        message: 'passportCountryRejected',
        banner: true,
        set: async (p) => {
          await chooseCountry(p, 'passportCountryId', 'Ukraine');
          await yesNo(p, 'Is it a biometric passport?', 'No');
        },
        reset: async (p) => {
          await chooseCountry(p, 'passportCountryId', 'United States of America');
          await yesNo(p, 'Is it a biometric passport?', 'Yes');
        },
      },
    ];

    beforeAll(async () => {
      await page.getByRole('heading', { name: 'Passport details' }).waitFor();
      await page.getByLabel('Passport type').selectOption({ label: 'Regular passport (national)' });
      await page.getByLabel('Passport number').fill('X1234567');
      await chooseCountry(page, 'passportCountryId', 'United States of America');
      await chooseCountry(page, 'nationalityId', 'United States of America');
      await yesNo(page, 'Is it a biometric passport?', 'Yes');
      await page.getByLabel('Last name', { exact: true }).fill('DOE');
      await page.getByLabel('First name', { exact: true }).fill('JANE');
      await fillDateBoxes(page, 'PassportIssue', await issued());
      await fillDateBoxes(page, 'PassportExpire', await expires(page));
      await fillDateBoxes(page, 'Birth', await birth());
      await chooseCountry(page, 'birthCountryId', 'United States of America');
      await page.getByRole('group', { name: 'Gender' }).getByLabel('Female').check();
    });

    it.each(passportRules)('§5 $name: $message', async (rule) => {
      await rule.set(page);
      try {
        await next(page);
        await expectShown(page, '/passportDetails', rule);
      } finally {
        await rule.reset(page);
      }
    });

    it('§7 the server refuses those two countries as well (the screen and the server agree)', async () => {
      const ask = (check: { EXT_COUNTRY_ID: number; biometric: boolean }) =>
        page.evaluate(async (body) => {
          const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
          const response = await fetch('/api/requestcountryfirststep', {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-XSRF-TOKEN': decodeURIComponent(xsrf),
              'auth-token': sessionStorage.getItem('auth-token') ?? '',
            },
            body: JSON.stringify({ ...body, Passport_type_for_visa: 'P', Valid_for_ETAIL: 'Y' }),
          });
          const data = (await response.json()) as { message?: unknown };
          return { status: response.status, accepted: typeof data.message === 'string' };
        }, check);
      const [india, ukraine, usa] = [356, 804, 840];
      expect(await ask({ EXT_COUNTRY_ID: india, biometric: true })).toEqual({
        status: 200,
        accepted: false,
      });
      expect(await ask({ EXT_COUNTRY_ID: ukraine, biometric: false })).toEqual({
        status: 200,
        accepted: false,
      });
      expect(await ask({ EXT_COUNTRY_ID: usa, biometric: true })).toEqual({
        status: 200,
        accepted: true,
      });
    });

    it('§4 with every answer put right, the server accepts the passport and Next goes on', async () => {
      await next(page);
      await page.waitForURL('**/personalDetails');
      expect(consoleErrors).toEqual([]);
    });
  });
});
