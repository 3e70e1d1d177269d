// A renewal (issue 31) in Chromium, against the real server, job queue and SMTP listener: a
// traveller who ticked "E-mail me before my authorization expires" is approved; with the server's
// clock moved to 30 days before the end, the reminder job e-mails the renewal link; the link
// leads, through a code sent to the same address, to a new application filled in from the last
// one: the trip asked afresh, the passport and personal details carried, and the review showing
// them. Axe finds nothing on the renewal page and its code step, in English and in Hebrew.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueRenewalLink } from '../../server/src/decisions/renewal-link.ts';
import { runExpiryReminders } from '../../server/src/jobs/expiry-reminders.ts';
import { silentLog } from '../../server/src/jobs/log.ts';
import { expectNoViolations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import {
  acceptTerms,
  adult,
  confirmReview,
  fillApplication,
  fillPhoto,
  fillTravel,
  next,
  submitAndPay,
  throughFilledApplication,
} from './journey.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LINK = /\/renew#[A-Za-z0-9_-]{43}/;

type RenewTexts = Record<'title' | 'sendCode' | 'codeLabel' | 'confirm', string>;
const renewTexts = (language: string) =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../src/i18n/locales/${language}/saveLater.json`, import.meta.url),
        'utf8',
      ),
    ) as { renew: RenewTexts }
  ).renew;

describe('a renewal from the reminder e-mail', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const decisions = () => ({
    clock: stack.clock,
    timeZone: 'Asia/Jerusalem',
    publicUrl: stack.baseUrl,
  });

  it('the reminder’s link leads through the code to a new application filled in from the last', async () => {
    const traveller = adult('renewal@example.com');
    const { page, consoleErrors } = await stack.newPage();
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await page.getByLabel('E-mail me before my authorization expires').check();
    await submitAndPay(page, traveller.firstName);
    const { id } = await stack.submitted(traveller.email, 'approved');

    // Thirty days before the authorization ends, the job sends the first reminder.
    const { valid_until: validUntil } = await stack.db
      .selectFrom('travel_authorization')
      .select('valid_until')
      .where('application_id', '=', id)
      .executeTakeFirstOrThrow();
    const endDay =
      validUntil instanceof Date ? validUntil.toISOString().slice(0, 10) : validUntil.slice(0, 10);
    const until = new Date(`${endDay}T09:00:00Z`);
    const shift = until.getTime() - 30 * DAY - Date.now();
    stack.moveClock(shift);
    try {
      const sent = await runExpiryReminders({
        db: stack.db,
        decisions: decisions(),
        log: silentLog,
      });
      expect(sent).toMatchObject({ days30: 1 });
    } finally {
      stack.moveClock(-shift);
    }
    const withLink = () =>
      stack.smtp.received.find((m) => m.to === traveller.email && LINK.test(m.text));
    await expect
      .poll(() => withLink() !== undefined, { timeout: MINUTE, interval: 250 })
      .toBe(true);
    const link = LINK.exec(withLink()?.text ?? '')?.[0] ?? '';

    // The link, the code sent to the same address, and the new application opens at the trip.
    const texts = renewTexts('en');
    await page.goto(link);
    await page.getByRole('heading', { name: texts.title }).waitFor();
    await expectNoViolations(page, 'renewal page (en)');
    const before = stack.smtp.received.length;
    await page.getByRole('button', { name: texts.sendCode }).click();
    const code = await stack.codeFor(traveller.email, before);
    await page.getByLabel(texts.codeLabel).waitFor();
    await expectNoViolations(page, 'renewal code (en)');
    await page.getByLabel(texts.codeLabel).fill(code);
    await page.getByRole('button', { name: texts.confirm }).click();
    await page.waitForURL('**/travelInfo');
    expect(await page.getByLabel('Length of stay').inputValue()).toBe('');
    // A new application: its terms are accepted afresh.
    await acceptTerms(page);

    // The trip is new; the passport and the personal details come filled in.
    await fillTravel(page);
    expect(await page.getByLabel('Passport number').inputValue()).toBe(traveller.passportNum);
    await next(page);
    await page.waitForURL('**/personalDetails');
    expect(await page.getByLabel("Father's first name").inputValue()).toBe('JOHN');
    await next(page);
    await page.waitForURL('**/PersonalDetailsImage');
    await fillPhoto(page);
    await next(page);
    await page.waitForURL('**/review');
    await page.getByRole('heading', { name: 'Check your answers and confirm' }).waitFor();
    // Every section waits to be reviewed again; the carried ones show what was carried.
    expect(await page.getByText('Not yet reviewed').count()).toBe(4);
    await page.getByRole('button', { name: /^Passport details/ }).click();
    await page.locator('main').getByText(traveller.passportNum, { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Personal details/ }).click();
    await page.locator('main').getByText('JOHN', { exact: true }).first().waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('in Hebrew: the renewal page, its code step and the review filled in, right to left', async () => {
    const traveller = adult('renewal-he@example.com');
    const filling = await stack.newPage();
    await fillApplication(filling.page, stack, traveller);
    await confirmReview(filling.page);
    await submitAndPay(filling.page, traveller.firstName);
    await filling.context.close();
    const { id } = await stack.db
      .selectFrom('application')
      .select('id')
      .where('email', '=', traveller.email)
      .executeTakeFirstOrThrow();
    const link = await issueRenewalLink(stack.db, stack.baseUrl, {
      applicationId: id,
      now: stack.clock(),
    });

    const texts = renewTexts('he');
    const { page, consoleErrors } = await stack.newPage({ locale: 'he-IL' });
    await page.goto(link.slice(stack.baseUrl.length));
    await page.getByRole('heading', { name: texts.title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectNoViolations(page, 'renewal page (he)');
    const before = stack.smtp.received.length;
    await page.getByRole('button', { name: texts.sendCode }).click();
    const code = await stack.codeFor(traveller.email, before);
    await page.getByLabel(texts.codeLabel).waitFor();
    await expectNoViolations(page, 'renewal code (he)');
    await page.getByLabel(texts.codeLabel).fill(code);
    await page.getByRole('button', { name: texts.confirm }).click();
    await page.waitForURL('**/travelInfo');

    // The steps (driven in English here: the switch keeps every value), then the review in
    // Hebrew, filled in from the last application.
    const switchTo = async (language: string) => {
      await page.locator('#language-switcher').selectOption(language);
      await page.waitForFunction((l) => document.documentElement.lang === l, language);
    };
    await switchTo('en');
    expect(await throughFilledApplication(page)).toBe(traveller.passportNum);
    await switchTo('he');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('#review-passport').click();
    await page.locator('main').getByText(traveller.passportNum, { exact: true }).waitFor();
    await expectNoViolations(page, 'renewal review (he)');
    expect(consoleErrors).toEqual([]);
  });
});
