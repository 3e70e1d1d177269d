// Phones as people type them (issue 25 item 6, decision 041), in Chromium against the real server
// and database: with a British passport the phone's country is preset to the United Kingdom,
// '07700 900123' is accepted and shown as the international number, and an impossible number is
// refused with a message that names the country, in the error summary and at the field.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  chooseCountry,
  fillTravel,
  next,
  startApplication,
  typePassport,
  verifyEmail,
  yesNo,
} from './journey.ts';

const EMAIL = 'phone@example.com';
const NOT_POSSIBLE =
  'This is not a possible phone number for this country: United Kingdom. Check the number and the country.';

/** Personal details but the mobile phone, as a traveller living in the United Kingdom. */
const fillAllButThePhone = async (page: Page) => {
  await yesNo(page, 'Do you have another nationality or citizenship?', 'No');
  await page.getByLabel('Your marital status').selectOption({ label: 'Single' });
  await page.getByLabel("Father's first name").fill('JOHN');
  await page.getByLabel("Father's last name").fill('DOE');
  await page.getByLabel("Mother's first name").fill('MARY');
  await page.getByLabel("Mother's last name").fill('DOE');
  await chooseCountry(page, 'addressCountryId', 'United Kingdom');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Your occupation').selectOption({ label: 'Retired' });
};

describe('phones as people type them', () => {
  let stack: Stack;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    stack = await startStack();
    ({ page, consoleErrors } = await stack.newPage());
    const traveller = adult(EMAIL);
    await startApplication(page, traveller);
    await verifyEmail(page, stack, EMAIL);
    await fillTravel(page);
    await typePassport(page, traveller);
    await chooseCountry(page, 'passportCountryId', 'United Kingdom');
    await chooseCountry(page, 'nationalityId', 'United Kingdom');
    await next(page);
    await page.waitForURL('**/personalDetails');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const number = () => page.locator('#mobilePhoneNum');

  it("the country is preset from the passport's, with a British example", async () => {
    expect(await page.locator('#mobilePhoneNum-country').inputValue()).toBe(
      '🇬🇧 +44 United Kingdom',
    );
    expect(await number().getAttribute('placeholder')).toBe('07400 123456');
  });

  it('an impossible number: the specific error in the error summary and at the field', async () => {
    await fillAllButThePhone(page);
    await number().pressSequentially('07700 9001234');
    await next(page);
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual([
      `Mobile phone number: ${NOT_POSSIBLE}`,
    ]);
    expect(await page.locator('#mobilePhoneNum-group-error').textContent()).toBe(
      `Error: ${NOT_POSSIBLE}`,
    );
    expect(await number().getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/personalDetails');
  });

  it('07700 900123 is accepted and shown as the international number', async () => {
    await number().fill('');
    await number().pressSequentially('07700 900123');
    await number().press('Tab');
    expect(await number().inputValue()).toBe('+44 7700 900123');
    expect(await page.getByRole('alert', { name: 'There is a problem' }).count()).toBe(0);
    await next(page);
    await page.waitForURL('**/PersonalDetailsImage');
    // Back on the screen, the number is the one kept: the international one.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL('**/personalDetails');
    expect(await number().inputValue()).toBe('+44 7700 900123');
    expect(consoleErrors).toEqual([]);
  });
});
