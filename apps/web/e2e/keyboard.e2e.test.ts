// The whole application for Myself with the keyboard alone (WCAG 2.1.1), in English and in Hebrew
// (chosen by the browser's own language, right to left): no mouse.
// Tab and Shift+Tab move, Space ticks, arrows choose within radio groups and selects, a country
// combobox is typed into and chosen with ArrowDown and Enter, Enter presses buttons and links.
// The one thing a keyboard opens through the system, the file chooser, is answered with a file.
// Focus is visible on the controls it lands on.
// The same run is screen-reader-minded (issue 17): on every new screen focus is on its heading and
// the title names it; a failed Next puts focus on the error summary (an alert) and "Error:" first
// in the title; a refused character and a resent code are said in a status; a right code goes on
// to the next screen at once (decision 038).
import { readFileSync } from 'node:fs';
import { messages } from '@eta-il/domain';
import type { FileChooser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './harness.ts';
import { type DateParts, dateFromToday, focusStaysInDialog, payFee, photoJpeg } from './journey.ts';

/** A text of the app in `language`, from its locale files ({{x}} filled from `values`). */
const textsOf =
  (language: string) =>
  (namespace: string, key: string, values: Record<string, string> = {}) => {
    const file = new URL(`../src/i18n/locales/${language}/${namespace}.json`, import.meta.url);
    // English messages live in the domain package; the other languages' in their locale files.
    let node: unknown =
      namespace === 'messages' && language === 'en'
        ? messages
        : JSON.parse(readFileSync(file, 'utf8'));
    for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
    if (typeof node !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `limit` presses. */
const tabTo = async (page: Page, target: Locator, { back = false, limit = 60 } = {}) => {
  await target.waitFor({ state: 'attached' });
  for (let i = 0; i <= limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${limit} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
};

const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);
const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });

/** The focused control shows it: an outline, or a box shadow standing in for one. */
const focusIsVisible = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return false;
    const style = getComputedStyle(focused);
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outlined || style.boxShadow !== 'none';
  });

/**
 * What a screen reader hears on arriving: the focused heading, and a title that names the page
 * (the heading, or the page's own `title` where the heading alone would not tell it apart).
 */
const arrivedAt = async (page: Page, where: string, title?: string) => {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName), { message: where })
    .toBe('H1');
  const heading = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  expect(heading, where).not.toBe('');
  expect(await page.title(), where).toContain(title ?? heading);
};

/** The text of the live region (role status or alert) that holds `text`, once it is there. */
const announced = async (page: Page, role: 'status' | 'alert', text: string) => {
  const region = page.getByRole(role).filter({ hasText: text });
  await region.first().waitFor();
  return (await region.first().textContent())?.trim();
};

/** Tabs to a button or link and presses Enter. */
const press = async (page: Page, target: Locator) => {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
};

/** Tabs to a select and presses ArrowDown until the option `label` is chosen. */
const chooseOption = async (page: Page, id: string, label: string) => {
  await tabTo(page, byId(page, id));
  for (let i = 0; i < 30; i++) {
    const chosen = await page.evaluate(
      () => (document.activeElement as HTMLSelectElement).selectedOptions[0]?.label,
    );
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown did not reach '${label}' in #${id}`);
};

/** Tabs to a country combobox, types the name, takes the first match with ArrowDown and Enter. */
const chooseCountryByKeys = async (page: Page, id: string, name: string) => {
  await tabTo(page, byId(page, id));
  await page.keyboard.type(name);
  await page.getByRole('option', { name, exact: true }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  expect(await byId(page, id).inputValue()).toBe(name);
};

/** Tabs to a field and types into it. */
const typeInto = async (page: Page, id: string, text: string) => {
  await tabTo(page, byId(page, id));
  await page.keyboard.type(text);
};

/** Types a date into its day box; the boxes move focus on when full. */
const typeDate = async (page: Page, name: string, date: DateParts) => {
  await tabTo(page, byId(page, `day${name}`));
  await page.keyboard.type(`${date.day}${date.month}${date.year}`);
  expect(await byId(page, `year${name}`).inputValue()).toBe(date.year);
};

/** Tabs into a radio group (its first option) and moves with arrows to `value`. */
const chooseRadio = async (page: Page, name: string, value: string) => {
  await tabTo(page, page.locator(`input[type="radio"][name="${name}"]`).first());
  for (let i = 0; i < 6; i++) {
    const current = await page.evaluate(() => {
      const radio = document.activeElement as HTMLInputElement;
      return radio.checked ? radio.value : undefined;
    });
    if (current === value) return;
    // The first option is focused but not yet chosen: Space chooses it; arrows move on.
    await page.keyboard.press(i === 0 ? 'Space' : 'ArrowRight');
  }
  throw new Error(`arrows did not reach ${name}=${value}`);
};

describe.each([
  ['en', 'en-GB'],
  ['he', 'he-IL'],
])('the application with the keyboard alone in %s', (language, browserLocale) => {
  const tx = textsOf(language);
  const EMAIL = `keyboard-${language}@example.com`;
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('§2 a Myself application is completed and stored without a mouse, focus always visible', async () => {
    const { page, consoleErrors } = await stack.newPage({ locale: browserLocale });
    // English shows the reference data's names; other languages the browser's CLDR names.
    const unitedStates = async () =>
      language === 'en'
        ? 'United States of America'
        : page.evaluate(
            (l) => new Intl.DisplayNames([l], { type: 'region' }).of('US') ?? '',
            language,
          );
    const focusShown: Record<string, boolean> = {};
    const noteFocus = async (what: string) => {
      focusShown[what] = await focusIsVisible(page);
    };

    // Start: the terms first (focus is kept in the dialog), then Start now and Continue.
    await page.goto('/apply-for-an-eta-il-1/');
    const terms = page.getByRole('dialog', { name: tx('common', 'terms.title') });
    await terms.waitFor();
    await tabTo(page, byId(page, 'terms-confirm'));
    await noteFocus('checkbox');
    await page.keyboard.press('Space');
    expect(await focusStaysInDialog(page, 3)).not.toContain(false);
    expect(
      await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual([language, language === 'he' ? 'rtl' : 'ltr']);
    await press(page, terms.getByRole('button', { name: tx('common', 'terms.continue') }));
    await terms.waitFor({ state: 'detached' });
    await tabTo(page, page.getByRole('link', { name: tx('apply', 'applyStart.start') }));
    await noteFocus('link');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/apply-for-an-eta-il-2');
    await arrivedAt(page, 'start');
    await press(
      page,
      page.getByRole('link', { name: tx('apply', 'applicantStart.continue'), exact: true }),
    );
    await page.waitForURL('**/forms');
    await arrivedAt(page, 'who for', tx('start', 'documentTitle'));

    // Who for: Myself.
    await chooseRadio(page, 'groupTypeId', '1:Myself');
    await noteFocus('radio');
    await press(page, button(page, tx('common', 'next')));
    await page.waitForURL('**/emailMach');
    await arrivedAt(page, 'email', tx('email', 'documentTitle'));

    // Email and code.
    await typeInto(page, 'EmailAddress', EMAIL);
    await noteFocus('text input');
    await typeInto(page, 'ConfirmEmail', EMAIL);
    const mailsBefore = stack.smtp.received.length;
    await tabTo(page, button(page, tx('common', 'next')));
    await noteFocus('button');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/codeMach');
    await arrivedAt(page, 'code', tx('code', 'documentTitle'));
    const code = await stack.codeFor(EMAIL, mailsBefore);
    await tabTo(page, byId(page, 'digit1'));
    // A letter among the digits is refused, and said.
    await page.keyboard.type('x');
    expect(await announced(page, 'status', tx('messages', 'digitsOnlyTyped'))).toBe(
      tx('messages', 'digitsOnlyTyped'),
    );
    await page.keyboard.type(code);
    // The digits clear the note again (decision 038).
    expect(await byId(page, 'code-refused').textContent()).toBe('');
    await press(page, button(page, tx('code', 'verify')));
    // A right code goes on at once; focus lands on the next screen's heading.
    await page.waitForURL('**/travelInfo');
    await arrivedAt(page, 'travel');

    // Travel information: Next on the empty form first. Focus goes to the error summary, an
    // alert named "There is a problem", and the title starts with "Error:".
    await press(page, button(page, tx('common', 'next')));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('alert');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      tx('common', 'errorSummaryTitle'),
    );
    expect(await page.title()).toMatch(
      new RegExp(`^${escapeRegExp(tx('common', 'errorPrefix'))} `),
    );
    await chooseOption(page, 'entryReasonId', tx('reference', 'entryReasons.1'));
    await noteFocus('select');
    await typeDate(page, 'EstimatedAarrivalDate', await dateFromToday(page, { days: 30 }));
    // The day, month and year boxes read in the page's direction: day first, on the right in
    // Hebrew (issue 17: date groups mirrored), the digits in each left-to-right.
    const leftOf = async (part: string) =>
      (await byId(page, `${part}EstimatedAarrivalDate`).boundingBox())?.x ?? Number.NaN;
    const [dayX, monthX, yearX] = [
      await leftOf('day'),
      await leftOf('month'),
      await leftOf('year'),
    ];
    if (language === 'he') expect(dayX > monthX && monthX > yearX).toBe(true);
    else expect(dayX < monthX && monthX < yearX).toBe(true);
    expect(
      await byId(page, 'dayEstimatedAarrivalDate').evaluate(
        (box) => getComputedStyle(box).direction,
      ),
    ).toBe('ltr');
    await chooseOption(page, 'lengthOfStayId', tx('reference', 'lengthOfStay.2'));
    // Shift+Tab goes back the same way: the year box is the stop just before the length of stay.
    await tabTo(page, byId(page, 'yearEstimatedAarrivalDate'), { back: true, limit: 1 });
    await press(page, button(page, tx('common', 'next')));
    await page.waitForURL('**/passportDetails');
    await arrivedAt(page, 'passport');
    // The errors of the page before went with it.
    expect(await page.title()).not.toMatch(
      new RegExp(`^${escapeRegExp(tx('common', 'errorPrefix'))}`),
    );

    // Passport details.
    await chooseOption(page, 'passportTypeId', tx('reference', 'passportType.1'));
    await typeInto(page, 'passportNum', 'K1234567');
    await chooseCountryByKeys(page, 'passportCountryId', await unitedStates());
    await noteFocus('combobox');
    await chooseCountryByKeys(page, 'nationalityId', await unitedStates());
    await chooseRadio(page, 'isBiometricPassport', '1');
    await typeInto(page, 'lastName', 'KEYS');
    await typeInto(page, 'firstName', 'KIM');
    await typeDate(page, 'PassportIssue', { day: '01', month: '02', year: '2020' });
    await typeDate(page, 'PassportExpire', await dateFromToday(page, { years: 5 }));
    await typeDate(page, 'Birth', { day: '14', month: '03', year: '1985' });
    await chooseCountryByKeys(page, 'birthCountryId', await unitedStates());
    await chooseRadio(page, 'gender', '2:Female');
    await press(page, button(page, tx('common', 'next')));
    await page.waitForURL('**/personalDetails');
    await arrivedAt(page, 'personal 1/2', tx('personal', 'documentTitle'));

    // Personal details 1/2.
    await chooseRadio(page, 'hasAnotherNationality', 'no');
    await chooseOption(page, 'maritalStatusId', tx('reference', 'maritalStatus.1'));
    await typeInto(page, 'fatherFirstName', 'JOHN');
    await typeInto(page, 'fatherLastName', 'KEYS');
    await typeInto(page, 'motherFirstName', 'MARY');
    await typeInto(page, 'motherLastName', 'KEYS');
    await typeInto(page, 'mobilePhoneNum', '12025550123');
    await chooseCountryByKeys(page, 'addressCountryId', await unitedStates());
    await typeInto(page, 'addressTownName', 'Boston');
    await chooseOption(page, 'companyOccupationTypeId', tx('reference', 'occupation.4'));
    await press(page, button(page, tx('common', 'next')));
    await page.waitForURL('**/PersonalDetailsImage');
    await arrivedAt(page, 'photo');

    // The photo: the file input takes focus (the drop area shows it) and Space opens the chooser.
    await tabTo(page, byId(page, 'photoId'));
    focusShown['drop area'] = await page.evaluate(() => {
      const area = document.activeElement?.closest('label');
      return area ? getComputedStyle(area).outlineStyle !== 'none' : false;
    });
    // Space opens the system's file chooser. Chromium now and then misses the first press right
    // after focus lands (seen once in six full runs); a keyboard user presses again, so does this.
    let chooser: FileChooser | undefined;
    for (let attempt = 0; attempt < 3 && !chooser; attempt++) {
      [chooser] = await Promise.all([
        page.waitForEvent('filechooser', { timeout: 5000 }).catch(() => undefined),
        page.keyboard.press('Space'),
      ]);
    }
    if (!chooser) throw new Error('Space on the focused file input opened no file chooser');
    await chooser.setFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: await photoJpeg(),
    });
    await page.getByText(tx('photo', 'uploaded')).waitFor();
    await press(page, button(page, tx('common', 'next')));
    await page.waitForURL('**/PersonalDetailsQuestion');
    await arrivedAt(page, 'personal 2/2', tx('history', 'documentTitle'));

    // Personal details 2/2: No to each question.
    for (const question of [
      'previousStayInIsraelYN',
      'anotherVisaRequestYN',
      'previousRequestDeniedYN',
      'lawProblemsYN',
    ]) {
      await chooseRadio(page, question, '0');
    }
    await press(page, button(page, tx('common', 'next')));
    await page.waitForURL('**/review');
    await arrivedAt(page, 'review');

    // Review: confirm each section (focus moves on to the next panel), tick, submit.
    for (let section = 0; section < 3; section++) {
      await press(
        page,
        button(page, new RegExp(`^${escapeRegExp(tx('review', 'confirm'))}`)).first(),
      );
    }
    await tabTo(page, byId(page, 'reqDeclaration'));
    await page.keyboard.press('Space');
    await press(page, button(page, tx('review', 'declaration.submit')));
    // The provider's page (not ours), then back to the acknowledgement.
    await payFee(page, { keyboard: true });
    await page
      .getByRole('heading', { name: tx('thankyou', 'heading', { firstName: 'KIM' }) })
      .waitFor({ timeout: 20_000 });
    // The title leaves the name out: it stays in the browser's history.
    await arrivedAt(page, 'acknowledgement', tx('thankyou', 'title'));

    const row = await stack.db
      .selectFrom('application')
      .selectAll()
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'KIM', last_name: 'KEYS', passport_num: 'K1234567' });
    expect(row.draft.bearerList[0]?.gender).toEqual({ id: 2, Description: 'Female' });
    expect(row.draft.bearerList[0]?.biometricPassportYN).toBe(1);
    expect(row.draft.bearerList[0]?.addressTownName).toBe('Boston');
    expect(focusShown).toEqual({
      checkbox: true,
      link: true,
      radio: true,
      'text input': true,
      button: true,
      select: true,
      combobox: true,
      'drop area': true,
    });
    expect(consoleErrors).toEqual([]);
  });
});
