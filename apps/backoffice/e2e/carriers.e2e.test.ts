// Carriers and revocation end to end in Chromium (issue 28), on the back-office stack with the
// carriers' API on its own port (office-stack.ts): an admin adds a carrier with the keyboard and
// reads its key, shown once; an airline's system checks passengers with it over HTTP (200), and
// the same call is refused (401) once the admin revokes the key, and again with the old key once
// the admin gives the carrier a new one (which works). A supervisor revokes an approved
// authorization, after being told a reason and a note are required: the traveller is e-mailed,
// /verify says the ETA-IL was revoked, /status says revoked, the carrier's check answers
// NO_BOARD (REVOKED), and the case's history shows who revoked it and why. Axe finds nothing on
// the screens, their error states and the shown key.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCarrier } from '../../server/src/carrier/accounts.ts';
import { expectNoViolations } from '../../web/e2e/axe.ts';
import {
  adult,
  confirmReview,
  fillApplication,
  fillDateBoxes,
  futureDate,
  submitAndPay,
} from '../../web/e2e/journey.ts';
import { MINUTE, type OfficeStack, signedInStaff, startOfficeStack } from './office-stack.ts';

/** Next month's flight, within any authorization approved today. */
const departure = futureDate(1);
const FLIGHT = {
  carrier: 'EX',
  number: '8',
  departureDate: `${departure.year}-${departure.month}-${departure.day}`,
  from: 'JFK',
};

describe('carriers and revocation, in Chromium', () => {
  let stack: OfficeStack;
  beforeAll(async () => {
    stack = await startOfficeStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** POST /carrier/v1/checks as an airline's system sends it: the status and the answer. */
  const carrierCheck = async (key: string, passengers: object[]) => {
    const response = await fetch(`${stack.carrierUrl}/carrier/v1/checks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ flight: FLIGHT, passengers }),
    });
    const body = (await response.json()) as {
      statusCode: number;
      code?: string;
      results?: { reference: string; answer: string; reason?: string }[];
    };
    // The status always equals the body's statusCode.
    expect(body.statusCode).toBe(response.status);
    return { status: response.status, body };
  };

  /** The id of the element that has the focus. */
  const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

  it('an admin adds a carrier with the keyboard and reads its key once; revoking and replacing the key work on the next call', async () => {
    const admin = await signedInStaff(stack, 'carrier.admin@office.test', 'admin');
    const a = admin.page;
    await a.getByRole('link', { name: 'Carriers' }).click();
    await a.getByRole('heading', { name: 'Carriers', level: 1 }).waitFor();
    await a.getByText('No carriers yet.').waitFor();
    await expectNoViolations(a, 'carriers, none yet');

    // Enter in the empty form: each field says what it needs, and the summary takes the focus.
    await a.getByLabel('Name', { exact: true }).focus();
    await a.keyboard.press('Enter');
    await a.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await a.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    await a
      .getByRole('link', { name: 'Enter the carrier’s name (up to 100 characters)' })
      .waitFor();
    await a
      .getByRole('link', { name: 'Enter the IATA code: 2 or 3 letters or digits, such as LY' })
      .waitFor();
    expect(await a.getByLabel('IATA code').getAttribute('aria-invalid')).toBe('true');
    await expectNoViolations(a, 'carriers, add errors');
    // From the summary's first link to the field, then type, Tab, type, Enter.
    await a.keyboard.press('Tab');
    await a.keyboard.press('Enter');
    expect(await focusedId(a)).toBe('carrierName');
    await a.keyboard.type('Example Air');
    await a.keyboard.press('Tab');
    expect(await focusedId(a)).toBe('iataCode');
    await a.keyboard.type('ex');
    await a.keyboard.press('Enter');

    // The key, shown once, with what to do with it; the new carrier is listed, active, as EX.
    const shown = a.getByRole('status').filter({ hasText: 'The API key of Example Air' });
    await shown.waitFor();
    const key = (await a.getByTestId('carrier-key').textContent()) ?? '';
    expect(key).toMatch(/^etac_[\w-]{43}$/);
    const row = a.getByRole('row', { name: /Example Air/ });
    await row.getByRole('cell', { name: 'EX', exact: true }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    // The key takes the focus, so that it is read out and the keyboard starts from it.
    expect(await a.evaluate(() => document.activeElement?.textContent ?? '')).toContain(key);
    await expectNoViolations(a, 'carriers, key shown');
    // Shown once: the list of carriers answers no key.
    const list = await a.request.get(`${stack.officeUrl}/office/api/carriers`);
    expect(await list.text()).not.toContain(key);

    const unknownPassenger = {
      reference: 'P1',
      documentNumber: 'Z9999999',
      issuingCountry: 'USA',
      nationality: 'USA',
      birthDate: '1970-01-01',
      surname: 'NOBODY',
    };
    const before = await carrierCheck(key, [unknownPassenger]);
    expect(before.status).toBe(200);
    expect(before.body.results?.[0]).toMatchObject({ reference: 'P1', answer: 'NO_BOARD' });

    // Revoked with the keyboard: the key is refused on the very next call.
    await row.getByRole('button', { name: 'Revoke Example Air' }).focus();
    await a.keyboard.press('Enter');
    await a.getByText('Example Air is revoked: its key no longer works.').waitFor();
    await row.getByText(/^Revoked /).waitFor();
    expect(await row.getByRole('button', { name: 'Revoke Example Air' }).count()).toBe(0);
    // The focus is not lost with the button that went away: the screen has it, as after a decision.
    expect(await focusedId(a)).toBe('main');
    await expectNoViolations(a, 'carriers, revoked');
    const revoked = await carrierCheck(key, [unknownPassenger]);
    expect(revoked).toMatchObject({ status: 401, body: { code: 'unauthorized' } });

    // A new key: the carrier is active again with it, and the old key stays refused.
    await row.getByRole('button', { name: 'Replace key Example Air' }).focus();
    await a.keyboard.press('Enter');
    await shown.waitFor();
    const newKey = (await a.getByTestId('carrier-key').textContent()) ?? '';
    expect(newKey).toMatch(/^etac_[\w-]{43}$/);
    expect(await a.evaluate(() => document.activeElement?.textContent ?? '')).toContain(newKey);
    expect(newKey).not.toBe(key);
    await row.getByText('Active', { exact: true }).waitFor();
    expect((await carrierCheck(key, [unknownPassenger])).status).toBe(401);
    expect((await carrierCheck(newKey, [unknownPassenger])).status).toBe(200);

    // In Hebrew, right to left, the screen is as accessible.
    await a.getByLabel('Language').selectOption('he');
    await a.getByRole('heading', { name: 'חברות תעופה', level: 1 }).waitFor();
    expect(await a.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectNoViolations(a, 'carriers (he)');

    // Every change is in the audit trail, by this admin.
    const audited = await stack.db
      .selectFrom('audit_event')
      .select('action')
      .where('actor', '=', 'carrier.admin@office.test')
      .where('action', 'in', ['addCarrier', 'revokeCarrier', 'replaceCarrierKey'])
      .orderBy('seq')
      .execute();
    expect(audited.map((r) => r.action)).toEqual([
      'addCarrier',
      'revokeCarrier',
      'replaceCarrierKey',
    ]);
    expect(admin.consoleErrors).toEqual([]);
    await admin.context.close();
  });

  it('a supervisor revokes an approved authorization: the traveller is told, /verify and /status and the carriers see it, the history shows it', async () => {
    // An application that screening approves at once.
    const traveller = adult('revoked.traveller@example.com');
    const { page, context, consoleErrors } = await stack.newPage();
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await submitAndPay(page, traveller.firstName);
    const { req_num: number } = await stack.db
      .selectFrom('application')
      .select('req_num')
      .where('email', '=', traveller.email)
      .executeTakeFirstOrThrow();
    await expect.poll(() => stack.stateOf(number), { timeout: MINUTE }).toBe('approved');

    // An airline with a key, and the traveller as it checks them in.
    const added = await addCarrier(
      stack.db,
      stack.clock(),
      { staffId: null, actor: 'test', client: 'local' },
      { name: 'Example Air', iataCode: 'EX' },
    );
    if (!added.ok) throw new Error(added.problem);
    const passenger = {
      reference: 'DOE-1',
      documentNumber: traveller.passportNum,
      issuingCountry: 'USA',
      nationality: 'USA',
      birthDate: '1985-03-14',
      surname: traveller.lastName,
      givenNames: traveller.firstName,
    };
    const boarding = async () => (await carrierCheck(added.key, [passenger])).body.results?.[0];
    expect(await boarding()).toMatchObject({ reference: 'DOE-1', answer: 'OK' });

    // /verify finds it valid before.
    const verify = async () => {
      await page.goto('/verify', { waitUntil: 'networkidle' });
      await page.getByLabel('Application number').fill(number);
      await page.getByLabel('Passport number').fill(traveller.passportNum);
      await page.getByRole('button', { name: 'Verify' }).click();
    };
    await verify();
    await page.getByText(/^Valid ETA-IL, until /).waitFor();

    // The supervisor finds the case and opens it.
    const supervisor = await signedInStaff(stack, 'revoking.supervisor@office.test', 'supervisor');
    const s = supervisor.page;
    await s.getByRole('link', { name: 'Search' }).click();
    await s.getByLabel('Application number, passport number or name').fill(number);
    await s.getByRole('button', { name: 'Search' }).click();
    await s.getByRole('link', { name: number }).click();
    await s.getByRole('heading', { name: `Application ${number}` }).waitFor();
    await s.getByRole('heading', { name: 'Revoke authorization', level: 2 }).waitFor();
    await expectNoViolations(s, 'approved case with the revoke form');

    // Without a reason and a note: each is asked for, and nothing changes.
    await s.getByRole('button', { name: 'Revoke authorization' }).click();
    const summary = s.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByRole('link', { name: 'Choose at least one reason' }).waitFor();
    await summary.getByRole('link', { name: 'Write a note' }).waitFor();
    expect(
      await s
        .getByLabel('Note for the record (not sent to the traveller)')
        .getAttribute('aria-invalid'),
    ).toBe('true');
    await expectNoViolations(s, 'revoke errors');
    expect(await stack.stateOf(number)).toBe('approved');
    // The summary's link takes the keyboard to the first reason.
    await summary.getByRole('link', { name: 'Choose at least one reason' }).click();
    expect(await focusedId(s)).toBe('revokeReasons');

    await s.getByLabel('Document reported lost or stolen').check();
    await s
      .getByLabel('Note for the record (not sent to the traveller)')
      .fill('Reported stolen by the issuing state after approval.');
    // It cannot be undone, so the supervisor looks once more; Cancel changes nothing.
    await s.getByRole('button', { name: 'Revoke authorization' }).click();
    const dialog = s.getByRole('dialog', { name: 'Revoke this authorization?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      `You are about to revoke the authorization of application ${number} of`,
    );
    expect(await dialog.textContent()).toContain('Reasons: Document reported lost or stolen');
    expect(await dialog.textContent()).toContain('This cannot be undone.');
    await expectNoViolations(s, 'revoke dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await stack.stateOf(number)).toBe('approved');
    await s.getByRole('button', { name: 'Revoke authorization' }).click();
    await dialog.getByRole('button', { name: 'Yes, revoke the authorization' }).click();
    await s
      .getByText(
        'The authorization is revoked. The traveller is e-mailed; airlines now get NO_BOARD (REVOKED).',
      )
      .waitFor();
    expect(await stack.stateOf(number)).toBe('revoked');
    // The case says so, and the revoke form is gone: it cannot be revoked twice.
    await s.getByText('Revoked', { exact: true }).first().waitFor();
    expect(await s.getByRole('button', { name: 'Revoke authorization' }).count()).toBe(0);
    // The history: who revoked it, the reason and the note.
    const history = s.getByRole('region', { name: 'History' });
    const entry = history
      .getByRole('listitem')
      .filter({ hasText: 'Revoked, by revoking.supervisor@office.test' });
    await entry.getByText('Reasons: Document reported lost or stolen').waitFor();
    await entry.getByText('Reported stolen by the issuing state after approval.').waitFor();
    await expectNoViolations(s, 'revoked case');

    // The traveller is e-mailed the reason (in words, never the note).
    const revocationMail = () =>
      stack.smtp.received.find(
        (m) => m.to === traveller.email && m.subject === `Your ETA-IL ${number} has been revoked`,
      );
    await expect.poll(() => Boolean(revocationMail()), { timeout: MINUTE }).toBe(true);
    const mail = revocationMail();
    expect(mail?.text).toContain('The passport you gave has been reported lost or stolen.');
    expect(mail?.text).not.toContain('issuing state after approval');

    // /verify says it was revoked; /status says revoked; the carrier is told not to board.
    await verify();
    await page.getByText('This ETA-IL has been revoked and is no longer valid.').waitFor();
    await expectNoViolations(page, '/verify, revoked');
    await page.goto('/status', { waitUntil: 'networkidle' });
    await page.getByLabel('Application number').fill(number);
    await page.getByLabel('Passport number').fill(traveller.passportNum);
    await fillDateBoxes(page, 'BirthDate', '1985-03-14');
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByText('Revoked', { exact: true }).waitFor();
    expect(await boarding()).toMatchObject({
      reference: 'DOE-1',
      answer: 'NO_BOARD',
      reason: 'REVOKED',
    });

    expect(consoleErrors).toEqual([]);
    expect(supervisor.consoleErrors).toEqual([]);
    await context.close();
    await supervisor.context.close();
  });
});
