// A lost contact address end to end in Chromium (decision 047): the traveller, on /status, says the
// address can no longer be read, types the passport's two MRZ lines and a new address, enters the
// code e-mailed to the NEW address and is told an officer will check it; nothing changes. An
// officer signs in to the back office, opens the request from the queue, reads every MRZ field as
// "Matches" beside the stored passport, and accepts: the address is changed and both addresses
// are told. Axe finds nothing on the traveller's form, the queue and the request.
import { td3Lines } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations as expectAccessible } from '../../web/e2e/axe.ts';
import {
  adult,
  confirmReview,
  fillApplication,
  fillDateBoxes,
  submitAndPay,
} from '../../web/e2e/journey.ts';
import { MINUTE, type OfficeStack, signedInStaff, startOfficeStack } from './office-stack.ts';

describe('a lost contact address, from /status to the officer’s acceptance', () => {
  let stack: OfficeStack;
  beforeAll(async () => {
    stack = await startOfficeStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('the traveller asks with the MRZ and a code to the new address; an officer accepts', async () => {
    // A referred application (a passport reported lost keeps it before a decision).
    const traveller = { ...adult('lost.inbox@example.com'), passportNum: 'LOST12345' };
    const { page, consoleErrors } = await stack.newPage();
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await submitAndPay(page, traveller.firstName);
    const { req_num: reqNum } = await stack.db
      .selectFrom('application')
      .select('req_num')
      .where('email', '=', traveller.email)
      .executeTakeFirstOrThrow();
    await expect
      .poll(() => stack.stateOf(reqNum), { timeout: MINUTE, interval: 250 })
      .toBe('in_review');

    // The traveller, on /status.
    const [line1 = '', line2 = ''] = td3Lines({
      documentType: 'P',
      issuingCountry: 'USA',
      surname: traveller.lastName,
      givenNames: traveller.firstName,
      documentNumber: traveller.passportNum,
      nationality: 'USA',
      birthDate: '1985-03-14',
      expiryDate: '2030-02-01',
      sex: 'F',
      personalNumber: '',
    });
    const newEmail = 'jane.readable@example.org';
    await page.goto('/status', { waitUntil: 'networkidle' });
    await page.getByLabel('Application number').fill(reqNum);
    await page.getByLabel('Passport number').fill(traveller.passportNum);
    await fillDateBoxes(page, 'BirthDate', '1985-03-14');
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByRole('button', { name: 'I can no longer read this address' }).click();
    await page.getByRole('heading', { name: 'Move the application to a new address' }).waitFor();
    await expectAccessible(page, '/status lost address');
    await page.getByLabel('An e-mail address you can read now').fill(newEmail);
    await page.getByLabel('Passport line 1 (it begins with P)').fill(line1);
    await page.getByLabel('Passport line 2').fill(line2);
    const mailsBefore = stack.smtp.received.length;
    await page.getByRole('button', { name: 'E-mail a code to the new address' }).click();
    const code = await stack.codeFor(newEmail, mailsBefore);
    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Send the request to an officer' }).click();
    await page.getByText(/An officer will check it against your passport/).waitFor();
    await expectAccessible(page, '/status request sent');
    expect(consoleErrors).toEqual([]);
    const emailOf = async () =>
      (
        await stack.db
          .selectFrom('application')
          .select('email')
          .where('req_num', '=', reqNum)
          .executeTakeFirstOrThrow()
      ).email;
    expect(await emailOf()).toBe(traveller.email);

    // The officer, signed in with password and authenticator code.
    const officer = await signedInStaff(stack, 'contact-officer@office.test', 'officer');
    const o = officer.page;
    await o.getByRole('link', { name: 'Address requests' }).click();
    await o.getByRole('heading', { name: 'Requests to change a contact address' }).waitFor();
    await expectAccessible(o, 'contact-change queue');
    await o.getByRole('link', { name: reqNum }).click();
    await o.getByRole('heading', { name: `Change of contact address for ${reqNum}` }).waitFor();
    // Every field of the lines matches the stored passport, said in words.
    const results = o.locator('table.office-table tbody td:last-child');
    await expect.poll(() => results.allInnerTexts()).toEqual(Array(7).fill('Matches'));
    await o.getByRole('img', { name: "The traveller's passport photo" }).waitFor();
    await expectAccessible(o, 'contact-change request');
    await o.getByRole('button', { name: 'Accept: change the address' }).click();
    await o.getByText('The address was changed; both addresses are being told.').waitFor();
    await o.getByText('Accepted: the address was changed').waitFor();
    await expectAccessible(o, 'contact-change request accepted');
    expect(await emailOf()).toBe(newEmail);
    const toldOld = () =>
      stack.smtp.received.find((m) => m.to === traveller.email && /was changed/.test(m.subject));
    const toldNew = () =>
      stack.smtp.received.find((m) => m.to === newEmail && /was changed/.test(m.subject));
    await expect.poll(() => Boolean(toldOld() && toldNew()), { timeout: MINUTE }).toBe(true);
    expect(officer.consoleErrors).toEqual([]);
  });
});
