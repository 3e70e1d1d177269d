// The fee in Chromium (issue 27), against the real server with the dev payment provider: Submit →
// the provider's page → Pay → the acknowledgement with what was paid → /status shows it paid, then
// approved once screened; Decline → the waiting page → pay again from /status; the waiting page
// and the return page in Hebrew (right to left), paid from the waiting page; axe on each new page.
// Then the same with PAYMENT_PROVIDER=stripe: the official SDK talks to a Stripe-compatible test
// server, whose hosted page the browser pays on, and whose signed webhook confirms the payment.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../server/src/api/payment/stripe-webhook.ts';
import {
  type StripeTestServer,
  startStripeTestServer,
} from '../../server/test/payments/stripe-test-server.ts';
import { expectNoViolations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  confirmReview,
  fillApplication,
  fillDateBoxes,
  payFee,
  type Traveller,
} from './journey.ts';

const MINUTE = 60_000;
const paidLine = /^Paid 25 NIS on \d{1,2} [A-Z][a-z]+ \d{4}$/;

describe('the fee', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const numberOf = async (email: string) =>
    (
      await stack.db
        .selectFrom('application')
        .select('req_num')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).req_num;

  /** Fills the application and presses Submit: the browser goes to the provider's page. */
  const submit = async (page: Page, traveller: Traveller) => {
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/dev/pay/**', { timeout: 20_000 });
  };

  const lookUp = async (page: Page, reqNum: string, traveller: Traveller) => {
    await page.goto('/status', { waitUntil: 'networkidle' });
    await page.getByLabel('Application number').fill(reqNum);
    await page.getByLabel('Passport number').fill(traveller.passportNum);
    const { day, month, year } = traveller.birth;
    await fillDateBoxes(page, 'BirthDate', `${year}-${month}-${day}`);
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your application' }).waitFor();
  };

  it('Submit → the provider’s page → Pay → the acknowledgement; /status: paid, then approved', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const traveller = adult('pays@example.com');
    await submit(page, traveller);
    const reqNum = await numberOf(traveller.email);
    expect(await stack.stateOf(reqNum)).toBe('awaiting_payment');
    // The provider's page names the amount and the application it covers.
    expect(await page.locator('body').textContent()).toContain('25.00 ILS');
    expect(await page.locator('body').textContent()).toContain(reqNum);
    await expectNoViolations(page, '/dev/pay (the development provider’s page)');

    await payFee(page);
    await page.getByRole('heading', { level: 1, name: 'Thank You, JANE' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.getByText(reqNum).first().isVisible()).toBe(true);
    expect(await page.getByText(paidLine).textContent()).toMatch(paidLine);
    await expectNoViolations(page, '/payment/return, paid (en)');

    await expect
      .poll(() => stack.stateOf(reqNum), { timeout: MINUTE, interval: 250 })
      .toBe('approved');
    await lookUp(page, reqNum, traveller);
    expect(await page.locator('[data-state]').textContent()).toBe('Approved');
    expect(await page.getByText(paidLine).textContent()).toMatch(paidLine);
    expect(consoleErrors).toEqual([]);
  });

  it('Decline → the waiting page → pay again from /status', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const traveller = { ...adult('declines@example.com'), firstName: 'DINA' };
    await submit(page, traveller);
    const reqNum = await numberOf(traveller.email);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL('**/payment/cancelled?payment=*');
    await page
      .getByRole('heading', { level: 1, name: 'Your application waits for payment' })
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('nothing was charged');
    expect(text).toContain('once the fee of 25 NIS is paid');
    expect(text).toMatch(/Please pay by \d{1,2} [A-Z][a-z]+ \d{4}\./);
    await expectNoViolations(page, '/payment/cancelled (en)');
    expect(await stack.stateOf(reqNum)).toBe('awaiting_payment');

    await lookUp(page, reqNum, traveller);
    expect(await page.locator('[data-state]').textContent()).toBe('Waiting for payment');
    // The fee's texts load with the answer.
    await page.getByText('once the fee of 25 NIS is paid', { exact: false }).waitFor();
    await expectNoViolations(page, '/status, waiting for payment (en)');
    await page.getByRole('button', { name: 'Pay the fee' }).click();
    await payFee(page);
    // This browser sent the application: the acknowledgement, now with what was paid.
    await page.getByRole('heading', { level: 1, name: 'Thank You, DINA' }).waitFor();
    expect(await page.getByText(paidLine).textContent()).toMatch(paidLine);
    await expectNoViolations(page, '/payment/return, paid from /status (en)');
    expect(await stack.stateOf(reqNum)).not.toBe('awaiting_payment');
    // One payment: the page opened after Submit was reused from /status, not a second one.
    const { fee_reference: reference } = await stack.db
      .selectFrom('application')
      .select('fee_reference')
      .where('req_num', '=', reqNum)
      .executeTakeFirstOrThrow();
    const payments = await stack.db
      .selectFrom('payment')
      .select('status')
      .where('reference', '=', reference ?? '')
      .execute();
    expect(payments).toEqual([{ status: 'paid' }]);
    expect(consoleErrors).toEqual([]);
  });

  it('in Hebrew, right to left: the waiting page pays, and the return page acknowledges', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const traveller = { ...adult('hebrew-pays@example.com'), firstName: 'NOA' };
    await submit(page, traveller);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL('**/payment/cancelled?payment=*');
    await page.locator('#language-switcher').selectOption('he');
    await page.waitForFunction(() => document.documentElement.lang === 'he');
    await page.getByRole('heading', { level: 1, name: 'הבקשה שלכם ממתינה לתשלום' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('main').textContent()).toContain('25 ש״ח');
    await expectNoViolations(page, '/payment/cancelled (he)');

    await page.getByRole('button', { name: 'תשלום האגרה' }).click();
    await payFee(page);
    await page.getByRole('heading', { level: 1, name: 'תודה, NOA' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByText(/^שולמו 25 ש״ח ב-/).isVisible()).toBe(true);
    await expectNoViolations(page, '/payment/return, paid (he)');
    expect(consoleErrors).toEqual([]);
  });
});

describe('the fee through Stripe’s SDK and a signed webhook (PAYMENT_PROVIDER=stripe)', () => {
  let stripe: StripeTestServer;
  let stack: Stack;
  beforeAll(async () => {
    stripe = await startStripeTestServer();
    stack = await startStack({
      configure: (config) => ({
        ...config,
        payments: {
          ...config.payments,
          provider: 'stripe',
          stripe: {
            secretKey: stripe.secretKey,
            webhookSecret: stripe.webhookSecret,
            api: stripe.sdkOptions,
          },
        },
      }),
    });
    stripe.webhookUrl = `${stack.baseUrl}${STRIPE_WEBHOOK_PATH}`;
  });
  afterAll(async () => {
    await stack?.close();
    await stripe?.close();
  });

  it('Submit → the provider’s hosted page → Pay → the webhook → the acknowledgement, then approved', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const traveller = { ...adult('stripe-pays@example.com'), firstName: 'ADA' };
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${stripe.url}/pay/**`, { timeout: 20_000 });
    // The session was opened through the SDK with the fee from the parameter, in shekels.
    const [session] = [...stripe.sessions.values()];
    expect(session).toMatchObject({ amount_total: 2500, currency: 'ils', status: 'open' });
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment/return?payment=*');
    await page.getByRole('heading', { level: 1, name: 'Thank You, ADA' }).waitFor();
    expect(await page.getByText(paidLine).textContent()).toMatch(paidLine);
    // The webhook was delivered signed and taken (2xx), once per event.
    expect(stripe.deliveries.length).toBeGreaterThan(0);
    expect(stripe.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    const reqNum = (
      await stack.db
        .selectFrom('application')
        .select('req_num')
        .where('email', '=', traveller.email)
        .executeTakeFirstOrThrow()
    ).req_num;
    await expect
      .poll(() => stack.stateOf(reqNum), { timeout: MINUTE, interval: 250 })
      .toBe('approved');
    const payments = await stack.db
      .selectFrom('payment')
      .select(['status', 'amount_minor', 'provider'])
      .execute();
    expect(payments).toEqual([{ status: 'paid', amount_minor: 2500, provider: 'stripe' }]);
    expect(consoleErrors).toEqual([]);
  });
});
