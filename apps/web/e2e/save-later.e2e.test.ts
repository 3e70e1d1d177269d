// "Save and continue later" (issue 13, decision 033) in Chromium: saved on the passport step, the
// link arrives by e-mail; a new browser context opens it, confirms a code e-mailed to the saved
// address and is back on the passport step with every typed value; saved again on the history
// step after the photo, another context resumes with the photo kept; an expired link (the
// server's clock 8 days on) is refused with its message, and the retention job deletes the draft.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from '../../server/src/jobs/log.ts';
import { runRetention } from '../../server/src/jobs/retention.ts';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  fillPersonal,
  fillPhoto,
  fillTravel,
  next,
  startApplication,
  typePassport,
  verifyEmail,
  yesNo,
} from './journey.ts';

const DAY = 24 * 60 * 60 * 1000;
const SAVE = 'Save and continue later';
const traveller = adult('later@example.com');

describe('save and continue later', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Presses Save, waits for the e-mail with the link; answers the link's path. */
  const saveAndReadLink = async (page: Page) => {
    const before = stack.smtp.received.length;
    await page.getByRole('button', { name: SAVE }).click();
    const saved = page.getByText('Your application is saved');
    await saved.waitFor();
    // The outcome takes focus so that a screen reader reads it.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
      'We sent a link to l•••@example.com',
    );
    for (let i = 0; i < 100; i++) {
      const mail = stack.smtp.received
        .slice(before)
        .find((m) => m.to === traveller.email && /saved ETA-IL application/.test(m.subject));
      const link = mail && /https?:\/\/\S+\/resume\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
      if (link) return new URL(link).pathname;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no e-mail with the link');
  };

  /** A new browser context opens the link and confirms the code e-mailed for it. */
  const resumeInNewContext = async (path: string) => {
    const opened = await stack.newPage();
    const { page } = opened;
    await page.goto(path);
    await page.getByRole('heading', { name: 'Continue a saved application' }).waitFor();
    stack.moveClock(31_000); // past the code's resend interval for this address and client
    const before = stack.smtp.received.length;
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const code = await stack.codeFor(traveller.email, before);
    const box = page.getByLabel('Code from the e-mail');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('resumeCode');
    await box.fill(code);
    await page.getByRole('button', { name: 'Continue my application' }).click();
    return opened;
  };

  const savedRows = () =>
    stack.db
      .selectFrom('saved_application')
      .select(['email', 'photo_ids'])
      .where('email', '=', traveller.email)
      .execute();

  let secondLink = '';

  it('saved on the passport step, resumes in a new browser at the passport step with every value', async () => {
    const { page, consoleErrors } = await stack.newPage();
    await startApplication(page, traveller);
    await verifyEmail(page, stack, traveller.email);
    await fillTravel(page);
    await typePassport(page, traveller);
    const path = await saveAndReadLink(page);
    expect(await savedRows()).toHaveLength(1);

    const resumed = await resumeInNewContext(path);
    const p = resumed.page;
    await p.waitForURL('**/passportDetails', { timeout: 15_000 });
    // No terms dialog: they were accepted in the saved draft.
    expect(await p.getByRole('dialog').count()).toBe(0);
    expect(await p.getByLabel('Passport number').inputValue()).toBe(traveller.passportNum);
    expect(await p.getByLabel('Last name', { exact: true }).inputValue()).toBe(traveller.lastName);
    expect(await p.getByLabel('First name', { exact: true }).inputValue()).toBe(
      traveller.firstName,
    );
    expect(await p.locator('#dayBirth').inputValue()).toBe(traveller.birth.day);
    expect(await p.locator('#monthBirth').inputValue()).toBe(traveller.birth.month);
    expect(await p.locator('#yearBirth').inputValue()).toBe(traveller.birth.year);
    expect(await p.locator('#yearPassportExpire').inputValue()).toBe('2030');
    expect(await p.locator('#passportCountryId').inputValue()).toBe('United States of America');
    expect(await p.getByRole('group', { name: 'Gender' }).getByLabel('Female').isChecked()).toBe(
      true,
    );
    expect(await p.getByLabel('Passport type').locator('option:checked').textContent()).toBe(
      'Regular passport (national)',
    );
    // The link worked once: the saved draft is gone.
    expect(await savedRows()).toEqual([]);

    // On through the photo; saved again on the history step with one answer given.
    await next(p);
    await p.waitForURL('**/personalDetails');
    await fillPersonal(p);
    await fillPhoto(p);
    await yesNo(p, 'Have you stayed in Israel before?', 'No');
    secondLink = await saveAndReadLink(p);
    const [row] = await savedRows();
    expect(row?.photo_ids).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
    expect(resumed.consoleErrors).toEqual([]);
  });

  it('resumes at the history step with its answer, and the photo kept', async () => {
    const { page, consoleErrors } = await resumeInNewContext(secondLink);
    await page.waitForURL('**/PersonalDetailsQuestion', { timeout: 15_000 });
    expect(
      await page
        .getByRole('group', { name: 'Have you stayed in Israel before?' })
        .getByLabel('No', { exact: true })
        .isChecked(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL('**/PersonalDetailsImage');
    const photo = page.getByRole('img', { name: 'The uploaded passport photo' });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  });

  it('refuses an expired link with its message; the retention job deletes the draft', async () => {
    const { page } = await stack.newPage();
    await startApplication(page, traveller);
    stack.moveClock(31_000);
    await verifyEmail(page, stack, traveller.email);
    await fillTravel(page);
    const path = await saveAndReadLink(page);
    expect(await savedRows()).toHaveLength(1);

    stack.moveClock(8 * DAY);
    const late = await stack.newPage();
    await late.page.goto(path);
    await late.page.getByRole('button', { name: 'Send me a code' }).click();
    const alert = late.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'This link to a saved application has expired: a saved application is kept for 7 days.',
    );
    await late.page.getByRole('link', { name: 'Start a new application' }).waitFor();
    expect(await late.page.getByRole('button', { name: 'Send me a code' }).count()).toBe(0);

    const removed = await runRetention({
      db: stack.db,
      clock: stack.clock,
      applicationDays: 730,
      log: silentLog,
    });
    expect(removed.savedApplications).toBe(1);
    expect(await savedRows()).toEqual([]);
    expect(late.consoleErrors.filter((e) => !/410/.test(e))).toEqual([]);
  });
});
