// A lost contact address end to end in Chromium (decision 047): the traveller, on /status, says the
// address can no longer be read, types the passport's two MRZ lines and a new address, enters the
// code e-mailed to the NEW address and is told an officer will check it; nothing changes. An
// officer signs in to the back office, opens the request from the queue, reads every MRZ field as
// "Matches" beside the stored passport, and accepts: the address is changed and both addresses
// are told. Axe finds nothing on the traveller's form, the queue and the request.
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { td3Lines } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfficeApp } from '../../server/src/office/app.ts';
import { createTotpSealer, totpCode } from '../../server/src/office/credentials.ts';
import { completeSetup } from '../../server/src/office/staff.ts';
import { testConfig } from '../../server/test/harness.ts';
import { addStaffWithLink } from '../../server/test/office/support.ts';
import { type Stack, startStack } from '../../web/e2e/harness.ts';
import {
  adult,
  confirmReview,
  fillApplication,
  fillDateBoxes,
  submitAndPay,
} from '../../web/e2e/journey.ts';
import { freePort } from './free-port.ts';

const OFFICE_DIST = fileURLToPath(new URL('../dist', import.meta.url));
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;

const expectAccessible = async (page: Page, where: string) => {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
};

describe('a lost contact address, from /status to the officer’s acceptance', () => {
  let stack: Stack;
  let office: FastifyInstance;
  let officeUrl: string;
  beforeAll(async () => {
    stack = await startStack();
    const port = await freePort();
    officeUrl = `http://127.0.0.1:${port}`;
    office = await buildOfficeApp({
      config: {
        ...testConfig({ smtpUrl: stack.smtp.url, backofficeUrl: `${officeUrl}/` }),
        officeDist: OFFICE_DIST,
      },
      db: stack.db,
      clock: () => new Date(),
      onMailQueued: () => undefined,
      publicUrl: stack.baseUrl,
      logger: false,
    });
    await office.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await office?.close();
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
    const officerEmail = 'contact-officer@office.test';
    const added = await addStaffWithLink(stack.db, new Date(), officerEmail, 'officer');
    if (!added.ok) throw new Error(added.problem);
    const sealer = createTotpSealer(testConfig().authSecret);
    const setUp = await completeSetup(stack.db, new Date(), added.token, PASSWORD, sealer);
    if (!setUp.ok) throw new Error(setUp.problem);
    const officer = await stack.newPage();
    const o = officer.page;
    await o.goto(`${officeUrl}/`);
    await o.getByLabel('E-mail address').fill(officerEmail);
    await o.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await o
      .getByLabel('Code from your authenticator app')
      .fill(totpCode(setUp.totpSecret, officerEmail, new Date()));
    await o.getByRole('button', { name: 'Sign in' }).click();
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
    // Signed out, the first call (GET me) answered 401, which Chromium logs; nothing else.
    expect(officer.consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });
});
