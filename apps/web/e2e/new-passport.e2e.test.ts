// A new passport (issue 31 item 4) in Chromium, against the real server, job queue and SMTP
// listener: an approved traveller whose passport was replaced enters the new one on /status and
// confirms with the e-mailed code; a new application opens filled in with the new passport. The old
// authorization stays valid while the new application waits for its fee and screening, and ends
// (replaced) only once the new one is approved. Axe finds nothing on the panel and its code step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  confirmReview,
  fillApplication,
  fillDateBoxes,
  payFee,
  submitAndPay,
  throughFilledApplication,
} from './journey.ts';

const MINUTE = 60_000;
const NEW_PASSPORT = 'N7654321';

describe('a new passport replaces the old authorization only on approval', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('entered on /status, confirmed by code, filled in; the old one ends when the new is approved', async () => {
    const traveller = adult('new-passport@example.com');
    const { page, consoleErrors } = await stack.newPage();
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await submitAndPay(page, traveller.firstName);
    const old = await stack.submitted(traveller.email, 'approved');

    // On /status: the approved authorization offers the panel.
    await page.goto(`/status?applicationNumber=${encodeURIComponent(old.reqNum)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByLabel('Passport number').fill(traveller.passportNum);
    await fillDateBoxes(page, 'BirthDate', '1985-03-14');
    await page.getByRole('button', { name: 'Check status' }).click();
    const panel = page.getByRole('region', { name: 'My passport was replaced' });
    await panel.waitFor();
    await expectNoViolations(page, 'new passport panel');
    await panel.getByLabel('New passport number').fill(NEW_PASSPORT);
    await panel
      .getByLabel('Country that issued the new passport')
      .selectOption({ label: 'United States of America' });
    await fillDateBoxes(page, 'NewPassportIssue', '2026-10-01');
    await fillDateBoxes(page, 'NewPassportExpire', '2036-10-01');
    const before = stack.smtp.received.length;
    await panel.getByRole('button', { name: 'E-mail me a code' }).click();
    const code = await stack.codeFor(traveller.email, before);
    await panel.getByLabel('Code from the e-mail').waitFor();
    await expectNoViolations(page, 'new passport code');
    await panel.getByLabel('Code from the e-mail').fill(code);
    await panel.getByRole('button', { name: 'Open the new application' }).click();

    // The new application: the terms afresh, a new trip, the new passport filled in.
    await page.waitForURL('**/travelInfo');
    expect(await throughFilledApplication(page)).toBe(NEW_PASSPORT);
    await confirmReview(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dev/pay/**', { timeout: 20_000 });

    // Waiting for its fee, the new application replaces nothing yet.
    const fresh = await stack.db
      .selectFrom('application')
      .select(['req_num', 'replaces_application_id'])
      .where('passport_num', '=', NEW_PASSPORT)
      .executeTakeFirstOrThrow();
    expect(fresh.replaces_application_id).toBe(old.id);
    expect(await stack.stateOf(fresh.req_num)).toBe('awaiting_payment');
    expect(await stack.stateOf(old.reqNum)).toBe('approved');

    // Paid, screened and approved: the old authorization ends then.
    await payFee(page);
    await expect
      .poll(() => stack.stateOf(fresh.req_num), { timeout: MINUTE, interval: 250 })
      .toBe('approved');
    expect(await stack.stateOf(old.reqNum)).toBe('replaced');
    expect(consoleErrors).toEqual([]);
  });
});
