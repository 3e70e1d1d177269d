// A family in one application, end to end in Chromium against the real server, job queue and
// screening (issue 13): two adults and a child entered in one pass — the e-mail and its code once,
// the trip and contact offered to each added traveller — reviewed per traveller, submitted once;
// three numbers on the acknowledgement, three stored applications with their relationship types
// and one group number, each screened and decided on its own.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  fillApplication,
  fillHistory,
  fillPassport,
  fillPersonal,
  fillPhoto,
  futureDate,
  next,
  payFee,
  type Traveller,
} from './journey.ts';

const MINUTE = 60_000;

describe('a group application', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** From the review: 'Add another traveller', their trip as offered, then their own steps. */
  const addTraveller = async (page: Page, traveller: Traveller, position: number) => {
    await page.getByRole('button', { name: 'Add another traveller' }).click();
    await page.waitForURL('**/travelInfo');
    await page.getByText(`Traveller ${position} of ${position}`).waitFor();
    await expectNoViolations(page, `the trip of traveller ${position}`);
    // The first traveller's trip is offered: the arrival date is already there.
    const arrival = futureDate(1);
    await expect
      .poll(() => page.locator('#dayEstimatedAarrivalDate').inputValue())
      .toBe(arrival.day);
    await next(page);
    await page.waitForURL('**/passportDetails');
    await fillPassport(page, traveller);
    await fillPersonal(page);
    await fillPhoto(page);
    await fillHistory(page);
  };

  it('two adults and a child apply in one pass; each is stored, numbered and decided on its own', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const email = 'family@example.com';
    const first: Traveller = { ...adult(email), firstName: 'ANNA', passportNum: 'F1000001' };
    const second: Traveller = {
      ...adult(email),
      firstName: 'BORIS',
      passportNum: 'F1000002',
      birth: { day: '02', month: '07', year: '1983' },
    };
    const child: Traveller = {
      ...adult(email),
      firstName: 'CLARA',
      passportNum: 'F1000003',
      birth: { day: '09', month: '11', year: '2016' },
    };
    await fillApplication(page, stack, first);
    await addTraveller(page, second, 2);
    await addTraveller(page, child, 3);

    // The review: a section per traveller, nine panels to confirm, one declaration.
    for (const [n, name] of [
      [1, 'ANNA'],
      [2, 'BORIS'],
      [3, 'CLARA'],
    ] as const) {
      await page.getByRole('heading', { level: 2, name: `Traveller ${n}: ${name} DOE` }).waitFor();
    }
    await expectNoViolations(page, 'the review of a group');
    // The same in Hebrew, right to left: every text of the group's review translated.
    await page.locator('#language-switcher').selectOption('he');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { level: 2, name: 'נוסע 3: CLARA DOE' }).waitFor();
    await page.getByRole('button', { name: 'הוספת נוסע נוסף' }).waitFor();
    await expectNoViolations(page, 'the review of a group, in Hebrew');
    await page.locator('#language-switcher').selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    for (let i = 0; i < 9; i++) {
      await page.getByRole('button', { name: 'Confirm this section' }).first().click();
    }
    await page.getByLabel('I confirm the terms and conditions').check();
    // A family pays once, for all (issue 27): one payment page, 3 × 25 NIS.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dev/pay/**', { timeout: 20_000 });
    const providerPage = (await page.locator('body').textContent()) ?? '';
    expect(providerPage).toContain('75.00 ILS');
    const waiting = await stack.db
      .selectFrom('application')
      .select(['req_num', 'state'])
      .where('email', '=', email)
      .execute();
    expect(waiting.map((row) => row.state)).toEqual([
      'awaiting_payment',
      'awaiting_payment',
      'awaiting_payment',
    ]);
    for (const row of waiting) expect(providerPage).toContain(row.req_num);
    await payFee(page);
    await page.getByRole('heading', { name: 'Thank You, ANNA' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Paid 75 NIS on', { exact: false }).isVisible()).toBe(true);
    const payments = await stack.db
      .selectFrom('payment')
      .select(['amount_minor', 'status'])
      .execute();
    expect(payments).toEqual([{ amount_minor: 7500, status: 'paid' }]);

    // Three numbers on the acknowledgement, one per traveller; the group's reference apart from
    // them, told as not a number to check a status with (decision 039).
    const numbers = page.locator('.acknowledgement__numbers');
    await expect.poll(() => numbers.locator('dd').count()).toBe(3);
    const stored = await stack.db
      .selectFrom('application')
      .select(['req_num', 'first_name', 'group_num', 'draft', 'passport_num'])
      .where('email', '=', email)
      .orderBy('req_num')
      .execute();
    expect(stored).toHaveLength(3);
    const byName = new Map(stored.map((row) => [row.first_name, row]));
    for (const name of ['ANNA', 'BORIS', 'CLARA']) {
      const row = byName.get(name);
      expect(row, name).toBeDefined();
      expect(await numbers.textContent()).toContain(row?.req_num);
    }
    const groups = new Set(stored.map((row) => row.group_num));
    expect(groups.size).toBe(1);
    expect([...groups][0]).toMatch(/^ILG-/);
    expect(await numbers.textContent()).not.toContain([...groups][0]);
    expect(await page.locator('.acknowledgement__group dd').textContent()).toBe([...groups][0]);
    await page.getByText('It is not an application number').waitFor();
    const relationship = (name: string) =>
      byName.get(name)?.draft.bearerList[0]?.relationshipTypeId.Description;
    expect(relationship('ANNA')).toBe('Adult');
    expect(relationship('BORIS')).toBe('Adult');
    expect(relationship('CLARA')).toBe('Minor');
    // Each traveller has their own passport; the trip was entered once and is each one's.
    expect(stored.map((row) => row.passport_num).sort()).toEqual([
      'F1000001',
      'F1000002',
      'F1000003',
    ]);

    // Each screened and decided on its own (nothing on the lists: approved).
    for (const row of stored) {
      await expect
        .poll(() => stack.stateOf(row.req_num), { timeout: MINUTE, interval: 250 })
        .toBe('approved');
    }
    expect(consoleErrors).toEqual([]);
  });
});
