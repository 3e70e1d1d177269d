// The answer confirmation (issue 25 item 7) in Chromium, against the real server, job queue and
// SMTP listener: the e-mail that asks carries the officer's question and a link to /status with
// the application number filled in; an empty answer gets its own message, not "Required"; the
// answer is confirmed by a code sent to the application's address (decision 048); once sent, a
// confirmation showing the text sent takes focus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCase, requestInformation } from '../../server/src/office/cases/decide.ts';
import { addStaff } from '../../server/src/office/staff/accounts.ts';
import { expectNoViolations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import { adult, confirmReview, fillApplication, fillDateBoxes, submitAndPay } from './journey.ts';

const MINUTE = 60_000;

describe('the answer confirmation', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('the e-mail carries the question and the number; the answer sent is shown back, focused', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const traveller = {
      ...adult('proofs@example.com'),
      firstName: 'IWAN',
      lastName: 'SIDOROW',
      birth: { day: '14', month: '03', year: '1961' },
    };
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await submitAndPay(page, traveller.firstName);
    const { id, reqNum } = await stack.submitted(traveller.email, 'in_review');

    const added = await addStaff(
      stack.db,
      new Date(),
      'proof-officer@office.test',
      'officer',
      null,
    );
    if (!added.ok) throw new Error(added.problem);
    const acting = {
      staff: { id: added.id, email: 'proof-officer@office.test', role: 'officer' as const },
      client: '127.0.0.1',
    };
    const ctx = {
      db: stack.db,
      deps: { clock: () => new Date(), timeZone: 'Asia/Jerusalem', publicUrl: stack.baseUrl },
    };
    expect((await claimCase(ctx, id, acting)).ok).toBe(true);
    const question = 'Who invited you to the wedding in Haifa?';
    expect(
      await requestInformation(ctx, id, acting, { reasons: ['travelPurpose'], question }),
    ).toEqual({ ok: true, state: 'info_requested' });

    // The e-mail that asks: the question as written, and a link that carries the number.
    const askingMail = () =>
      stack.smtp.received.find(
        (m) => m.to === traveller.email && /more information/i.test(m.subject),
      );
    await expect.poll(askingMail, { timeout: MINUTE }).toBeTruthy();
    const asked = askingMail();
    expect(asked?.text).toContain(question);
    const link = /https?:\/\/\S+\/status\?applicationNumber=\S+/.exec(asked?.text ?? '')?.[0];
    expect(link).toBe(`${stack.baseUrl}/status?applicationNumber=${encodeURIComponent(reqNum)}`);

    // The link opens /status with the number filled in.
    await page.goto(link ?? '', { waitUntil: 'networkidle' });
    expect(await page.getByLabel('Application number').inputValue()).toBe(reqNum);
    await page.getByLabel('Passport number').fill(traveller.passportNum);
    await fillDateBoxes(page, 'BirthDate', '1961-03-14');
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByText(question).waitFor();

    // An empty answer says what to do.
    const askCode = page.getByRole('button', { name: 'E-mail me a code to send the answer' });
    await askCode.click();
    await page
      .getByText('Write your answer to the officer’s question before you send it.')
      .waitFor();
    expect(await page.getByText('Required', { exact: true }).count()).toBe(0);

    const answer = 'My cousin Dana Levi,\nwho lives in Haifa.';
    await page.getByLabel('Your answer').fill(answer);
    const mailsBefore = stack.smtp.received.length;
    await askCode.click();
    const code = await stack.codeFor(traveller.email, mailsBefore);
    // A wrong code says how many tries are left.
    await page.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Send the answer' }).click();
    await page.getByText('You have 4 tries left.').waitFor();
    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Send the answer' }).click();

    // The confirmation: what was sent, focused, while the page shows the new state.
    const confirmation = page.getByRole('region', { name: 'Your answer was sent' });
    await confirmation.waitFor();
    await page.getByText('Being reviewed by an officer').waitFor();
    expect(await confirmation.locator('blockquote').innerText()).toBe(answer);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby')))
      .toBe('answer-sent-heading');
    expect(await stack.stateOf(reqNum)).toBe('in_review');
    await expectNoViolations(page, 'the answer sent');
    // The one failed request is the wrong code's 400, which Chromium logs.
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
