// The back office end to end in Chromium (issue 11), against the real server's office app on its
// own port, the public service beside it, the job queue, screening and the SMTP listener: an
// officer and a supervisor set up their accounts from their one-time links (the QR page shows the
// key) and sign in with password and TOTP; the officer claims a referred case, sees the hit
// explained and proposes a refusal, which changes nothing for the traveller until a different
// supervisor confirms it; then /status says refused with the reason and the e-mail arrives.
// Another referred case is approved. An officer's question is answered by the traveller on
// /status and the case comes back with the answer. Staff sign in through an OpenID Connect
// provider (oidc-provider, its own login and consent pages). An admin adds and disables staff;
// an auditor reads the trail newest first and checks the chain. Axe finds nothing on any screen or
// error state, in English and in Hebrew.

import type { StaffRole } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOfficeApp } from '../../server/src/office/app.ts';
import { setupLink } from '../../server/src/office/staff/accounts.ts';
import { eventually, testConfig } from '../../server/test/harness.ts';
import { addStaffWithLink } from '../../server/test/office/support.ts';
import { startTestIssuer } from '../../server/test/oidc-issuer.ts';
import { expectNoViolations as expectAccessible } from '../../web/e2e/axe.ts';
import {
  adult,
  confirmReview,
  fillApplication,
  fillDateBoxes,
  submitAndPay,
  type Traveller,
} from '../../web/e2e/journey.ts';
import { freePort } from './free-port.ts';
import {
  expectOnlySignedOutLine,
  MINUTE,
  OFFICE_DIST,
  type OfficeStack,
  PASSWORD,
  signIn,
  startOfficeStack,
} from './office-stack.ts';

/** The subject of the refusal e-mail (English): it names no decision, the text does. */
const decisionMail = (subject: string | undefined) =>
  /^Decision on your ETA-IL application/.test(subject ?? '');

describe('back office', () => {
  let stack: OfficeStack;
  let officeUrl: string;
  beforeAll(async () => {
    stack = await startOfficeStack();
    officeUrl = stack.officeUrl;
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Applies through the public screens; waits until screening referred it; its number. */
  const referred = async (traveller: Traveller) => {
    const { page, context } = await stack.newPage();
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await submitAndPay(page, traveller.firstName);
    await context.close();
    const state = () =>
      stack.db
        .selectFrom('application')
        .select(['req_num', 'state'])
        .where('email', '=', traveller.email)
        .executeTakeFirstOrThrow();
    // Paid on the dev provider's page after Submit (submitAndPay, issue 27), then screened.
    await expect.poll(async () => (await state()).state, { timeout: MINUTE }).toBe('in_review');
    return (await state()).req_num;
  };

  const stateOf = (reqNum: string) => stack.stateOf(reqNum);

  /** A member of staff set up from the link (as its e-mail carries it), signed in. */
  const staffMember = async (email: string, role: StaffRole) => {
    const added = await addStaffWithLink(stack.db, new Date(), email, role);
    if (!added.ok) throw new Error(added.problem);
    const { page, context, consoleErrors } = await stack.newPage();
    await page.goto(setupLink(`${officeUrl}/`, added.token));
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The spent link is gone from the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await signIn(page, email, secret);
    // Signed out, the first call (GET me) answered 401; from here on the console must stay empty.
    expectOnlySignedOutLine(consoleErrors);
    return { page, context, consoleErrors, secret };
  };

  it('set-up and sign-in screens and their errors are accessible, in English and Hebrew', async () => {
    const { page, context, consoleErrors } = await stack.newPage();
    await page.goto(`${officeUrl}/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await page.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'sign-in errors');
    await page.getByLabel('E-mail address').fill('nobody@office.test');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByLabel('Code from your authenticator app').fill('123456');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The e-mail address, password or code is not right.').waitFor();
    await expectAccessible(page, 'sign-in refused');
    await page.getByLabel('Language').selectOption('he');
    await page.getByRole('heading', { name: 'כניסה' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectAccessible(page, 'sign-in (he)');
    await page.goto(`${officeUrl}/setup#token=not-a-real-token`);
    // A password from a breach list is refused by the server, and the reason is read in Hebrew.
    await page.getByLabel('סיסמה חדשה').fill('password1234');
    await page.getByLabel('הסיסמה שוב').fill('password1234');
    await page.getByRole('button', { name: 'קביעת הסיסמה' }).click();
    await page.getByText('סיסמה זו מופיעה ברשימת סיסמאות שנחשפו בדליפות מידע').first().waitFor();
    await expectAccessible(page, 'set-up refused password (he)');
    await page.getByLabel('סיסמה חדשה').fill(PASSWORD);
    await page.getByLabel('הסיסמה שוב').fill(PASSWORD);
    await page.getByRole('button', { name: 'קביעת הסיסמה' }).click();
    await page.getByText('תוקף קישור ההגדרה פג').waitFor();
    await expectAccessible(page, 'set-up refused (he)');
    // The refused calls (401 me, 401 sign-in, 400 and 410 set-up) are the only console lines.
    expect(consoleErrors.filter((e) => !/status of (400|401|410)/.test(e))).toEqual([]);
    await context.close();
  });

  it('refusal with four eyes, then approval: queue, case view with the hit, decisions', async () => {
    const listed = {
      ...adult('officer-case@example.com'),
      firstName: 'IWAN',
      lastName: 'SIDOROW',
      birth: { day: '14', month: '03', year: '1961' },
    };
    const refusedNumber = await referred(listed);
    const approvedNumber = await referred({
      ...adult('lost-case@example.com'),
      passportNum: 'LOST12345',
    });

    const officer = await staffMember('officer@office.test', 'officer');
    const o = officer.page;
    await o.getByRole('heading', { name: 'Cases waiting' }).waitFor();
    await o.getByRole('link', { name: refusedNumber }).waitFor();
    await o.getByRole('link', { name: approvedNumber }).waitFor();
    await expectAccessible(o, 'queue');
    // Filters and hits are named in words, and the count agrees with its number.
    await o.getByLabel('Kind of hit').selectOption({ label: 'Lost or stolen passport' });
    await o.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => o.getByRole('link', { name: refusedNumber }).count()).toBe(0);
    await o.getByRole('link', { name: approvedNumber }).waitFor();
    await o.getByText('1 case', { exact: true }).waitFor();
    expect(await o.getByRole('row', { name: approvedNumber }).innerText()).toContain(
      'Lost or stolen passport',
    );
    await o.getByLabel('Kind of hit').selectOption('');
    await o.getByLabel('Nationality').selectOption({ label: 'Russian Federation' });
    await o.getByRole('button', { name: 'Apply' }).click();
    await o.getByText('No cases are waiting.').waitFor();
    await o.getByLabel('Nationality').selectOption({ label: 'United States of America' });
    await o.getByRole('button', { name: 'Apply' }).click();
    await o.getByText('2 cases', { exact: true }).waitFor();

    // The watchlist case: the hit beside the entry it matched, then claimed and refused.
    await o.getByRole('link', { name: refusedNumber }).click();
    await o.getByRole('heading', { name: `Application ${refusedNumber}` }).waitFor();
    await o.getByRole('link', { name: 'Similar name on a watchlist' }).waitFor();
    await o
      .getByText(/Name \d+% alike/)
      .first()
      .waitFor();
    await o.getByText('SIDOROW', { exact: false }).first().waitFor();
    await expectAccessible(o, 'case view');
    await o.getByRole('button', { name: 'Claim this case' }).click();
    await o.getByText('You now work on this case.').waitFor();
    await o.getByRole('button', { name: 'Propose a refusal' }).click();
    await o.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expectAccessible(o, 'decision errors');
    await o.getByLabel('Security concern').check();
    await o.getByLabel('Note for the supervisor').fill('Name and birth date match the list.');
    await o.getByRole('button', { name: 'Propose a refusal' }).click();
    await o.getByText('The refusal is proposed. It waits for a supervisor.').waitFor();
    // Nothing has changed for the traveller: a refusal needs a second pair of eyes.
    expect(await stateOf(refusedNumber)).toBe('in_review');
    expect(
      stack.smtp.received.filter((m) => m.to === listed.email && decisionMail(m.subject)),
    ).toEqual([]);

    const supervisor = await staffMember('supervisor@office.test', 'supervisor');
    const s = supervisor.page;
    await s.getByRole('heading', { name: 'Cases waiting' }).waitFor();
    await s.getByRole('link', { name: refusedNumber }).click();
    await s.getByRole('heading', { name: 'Proposed refusal' }).waitFor();
    await s.getByText('officer@office.test proposed this refusal', { exact: false }).waitFor();
    await expectAccessible(s, 'case with a refusal waiting');
    // Irreversible: it asks once more (case-view.e2e.test.ts tests the dialog in full).
    await s.getByRole('button', { name: 'Confirm the refusal' }).click();
    await s
      .getByRole('dialog', { name: 'Refuse this application?' })
      .getByRole('button', { name: 'Yes, refuse the application' })
      .click();
    await s.getByText('The refusal is confirmed. The traveller is e-mailed.').waitFor();
    expect(await stateOf(refusedNumber)).toBe('refused');

    // The traveller: /status says refused with the reason; the e-mail arrives.
    const { page: traveller, context: travellerContext } = await stack.newPage();
    await traveller.goto('/status', { waitUntil: 'networkidle' });
    await traveller.getByLabel('Application number').fill(refusedNumber);
    await traveller.getByLabel('Passport number').fill(listed.passportNum);
    await fillDateBoxes(traveller, 'BirthDate', '1961-03-14');
    await traveller.getByRole('button', { name: 'Check status' }).click();
    await traveller.getByText('Refused', { exact: true }).waitFor();
    await travellerContext.close();
    await expect
      .poll(
        () =>
          stack.smtp.received.some(
            (m) =>
              m.to === listed.email && decisionMail(m.subject) && /refused/i.test(m.text ?? ''),
          ),
        {
          timeout: MINUTE,
        },
      )
      .toBe(true);

    // The supervisor's dashboard and search.
    await s.getByRole('link', { name: 'Dashboard' }).click();
    await s.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expectAccessible(s, 'dashboard');
    await s.getByRole('link', { name: 'Search' }).click();
    await s.getByLabel('Application number, passport number or name').fill('SIDOROW');
    await s.getByRole('button', { name: 'Search' }).click();
    await s.getByRole('link', { name: refusedNumber }).waitFor();
    await expectAccessible(s, 'search');

    // The lost-passport case: the officer approves it.
    await o.getByRole('link', { name: 'Back to the queue' }).click();
    await o.getByRole('link', { name: approvedNumber }).click();
    await o.getByRole('button', { name: 'Claim this case' }).click();
    await o.getByRole('button', { name: 'Approve' }).click();
    await o.getByText('The application is approved. The traveller is e-mailed.').waitFor();
    // The notice comes with the case as it now is: approved, with nothing left to decide.
    expect(await o.locator('.office-case-top').innerText()).toContain('Approved');
    expect(await o.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await stateOf(approvedNumber)).toBe('approved');

    // The queue in Hebrew, right to left.
    await o.getByRole('link', { name: 'Queue', exact: true }).click();
    await o.getByLabel('Language').selectOption('he');
    await o.getByRole('heading', { name: 'תיקים ממתינים' }).waitFor();
    expect(await o.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectAccessible(o, 'queue (he)');
    expect(officer.consoleErrors).toEqual([]);
    expect(supervisor.consoleErrors).toEqual([]);
    await officer.context.close();
    await supervisor.context.close();
  });

  it('request for information: the officer asks, the traveller answers on /status, the case returns with the answer', async () => {
    const asked = {
      ...adult('asked-case@example.com'),
      firstName: 'IWAN',
      lastName: 'SIDOROW',
      birth: { day: '14', month: '03', year: '1961' },
    };
    const number = await referred(asked);
    const officer = await staffMember('asker@office.test', 'officer');
    const o = officer.page;
    await o.getByRole('link', { name: number }).click();
    await o.getByRole('button', { name: 'Claim this case' }).click();
    await o.getByText('You now work on this case.').waitFor();
    await o.getByRole('button', { name: 'Ask the traveller' }).click();
    await o.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await o.getByLabel('The purpose of the trip').check();
    await o.getByLabel('Question to the traveller').fill('Where will you stay in Israel?');
    await o.getByRole('button', { name: 'Ask the traveller' }).click();
    await o.getByText('The question is sent. The traveller is e-mailed.').waitFor();
    expect(await stateOf(number)).toBe('info_requested');

    const { page: traveller, context, consoleErrors } = await stack.newPage();
    await traveller.goto('/status', { waitUntil: 'networkidle' });
    await traveller.getByLabel('Application number').fill(number);
    await traveller.getByLabel('Passport number').fill(asked.passportNum);
    await fillDateBoxes(traveller, 'BirthDate', '1961-03-14');
    await traveller.getByRole('button', { name: 'Check status' }).click();
    await traveller.getByText('Information needed', { exact: true }).waitFor();
    await traveller.getByText('Where will you stay in Israel?').waitFor();
    await traveller.getByLabel('Your answer').fill('At the Dan hotel in Tel Aviv, 3 to 10 May.');
    // The answer is confirmed by a code sent to the application's address (decision 048).
    const mailsBefore = stack.smtp.received.length;
    await traveller.getByRole('button', { name: 'E-mail me a code to send the answer' }).click();
    await traveller
      .getByLabel('Code from the e-mail')
      .fill(await stack.codeFor(asked.email, mailsBefore));
    await traveller.getByRole('button', { name: 'Send the answer' }).click();
    await traveller.getByText('Being reviewed by an officer', { exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
    expect(await stateOf(number)).toBe('in_review');

    // Back in the queue, with the answer beside the question in the case view.
    await o.getByRole('link', { name: 'Back to the queue' }).click();
    await o.getByRole('link', { name: number }).click();
    await o
      .getByRole('region', { name: 'Questions to the traveller' })
      .getByText('At the Dan hotel in Tel Aviv, 3 to 10 May.')
      .waitFor();
    await expectAccessible(o, 'case with an answer');
    expect(officer.consoleErrors).toEqual([]);
    await officer.context.close();
  });

  it('an admin adds and disables staff, a second admin confirms a supervisor; an auditor reads the trail and checks the chain', async () => {
    const admin = await staffMember('admin@office.test', 'admin');
    const a = admin.page;
    await a.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    await a.getByRole('button', { name: 'Add and e-mail a set-up link' }).click();
    await a.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expectAccessible(a, 'staff errors');
    await a.getByLabel('E-mail address').fill('new.officer@office.test');
    await a.getByLabel('Role').selectOption('officer');
    await a.getByRole('button', { name: 'Add and e-mail a set-up link' }).click();
    await a.getByText('The account for new.officer@office.test is created.').waitFor();
    await a.getByText('Its one-time set-up link is e-mailed to new.officer@office.test').waitFor();
    // The link is nowhere on the admin's screen: it went to the new member's own address.
    expect(await a.content()).not.toContain('#token=');
    const link = await eventually(
      () =>
        /https?:\/\/\S+\/setup#token=[\w-]+/.exec(
          stack.smtp.received.find((m) => m.to === 'new.officer@office.test')?.text ?? '',
        )?.[0],
      MINUTE,
    );
    const row = a.getByRole('row', { name: /new\.officer@office\.test/ });
    await row.getByText('Waiting for set-up').waitFor();
    await expectAccessible(a, 'staff');
    await a.getByLabel('E-mail address').fill('new.officer@office.test');
    await a.getByLabel('Role').selectOption('auditor');
    await a.getByRole('button', { name: 'Add and e-mail a set-up link' }).click();
    await a.getByText('This address already has an account.').waitFor();
    await row.getByRole('button', { name: 'Disable new.officer@office.test' }).click();
    await a.getByText('new.officer@office.test is disabled and signed out.').waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    // The link of a disabled account no longer sets it up.
    const { page: owner, context: ownerContext } = await stack.newPage();
    // (The test's office app names a made-up host in its links; the path and token are the link.)
    const { pathname, hash } = new URL(link);
    await owner.goto(`${officeUrl}${pathname}${hash}`);
    await owner.getByLabel('New password').fill(PASSWORD);
    await owner.getByLabel('Repeat the password').fill(PASSWORD);
    await owner.getByRole('button', { name: 'Set the password' }).click();
    await owner.getByText(/This set-up link has expired or was already used/).waitFor();
    await ownerContext.close();

    // A supervisor waits for a second admin (four eyes): this admin cannot confirm it.
    await a.getByLabel('E-mail address').fill('new.supervisor@office.test');
    await a.getByLabel('Role').selectOption('supervisor');
    await a.getByRole('button', { name: 'Add and e-mail a set-up link' }).click();
    await a
      .getByText(/A supervisor or admin account works only once a second admin confirms it/)
      .waitFor();
    const waiting = a.getByRole('region', { name: 'Waiting for a second admin' });
    await waiting.getByText('Another admin must confirm the accounts you created.').waitFor();
    expect(
      await waiting.getByRole('button', { name: 'Confirm new.supervisor@office.test' }).count(),
    ).toBe(0);
    await expectAccessible(a, 'staff waiting for a second admin');
    const second = await staffMember('second.admin@office.test', 'admin');
    await second.page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    await second.page.getByRole('button', { name: 'Confirm new.supervisor@office.test' }).click();
    await second.page
      .getByText(
        'new.supervisor@office.test is confirmed; its set-up link is e-mailed to that address.',
      )
      .waitFor();
    await eventually(
      () =>
        stack.smtp.received.find(
          (m) => m.to === 'new.supervisor@office.test' && m.text.includes('/setup#token='),
        ),
      MINUTE,
    );
    expect(second.consoleErrors).toEqual([]);
    await second.context.close();

    const auditor = await staffMember('auditor@office.test', 'auditor');
    const u = auditor.page;
    await u.getByRole('link', { name: 'Audit trail' }).click();
    await u.getByRole('heading', { name: 'Audit trail', exact: true }).waitFor();
    // The admin's actions are there, newest first.
    const actions = await u.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(actions.indexOf('disableStaff')).toBeGreaterThanOrEqual(0);
    expect(actions.indexOf('confirmStaff')).toBeLessThan(actions.indexOf('disableStaff'));
    expect(actions.indexOf('disableStaff')).toBeLessThan(actions.lastIndexOf('addStaff'));
    await u.getByRole('button', { name: 'Check the chain' }).click();
    await u.getByText(/^The chain is intact: \d+ rows/).waitFor();
    await expectAccessible(u, 'audit trail');
    await u.getByLabel('Language').selectOption('he');
    await u.getByRole('heading', { name: 'יומן ביקורת' }).waitFor();
    await expectAccessible(u, 'audit trail (he)');
    expect(admin.consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    expect(auditor.consoleErrors).toEqual([]);
    await admin.context.close();
    await auditor.context.close();
  });

  it("staff sign in with the organisation's account (OpenID Connect); an identity without a role is told why", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/`;
    const issuer = await startTestIssuer(new URL('office/api/oidc/callback', url).href);
    const oidcOffice = await buildOfficeApp({
      config: {
        ...testConfig({
          smtpUrl: stack.smtp.url,
          backofficeUrl: url,
          oidc: issuer.settings,
        }),
        officeDist: OFFICE_DIST,
      },
      db: stack.db,
      clock: () => new Date(),
      publicUrl: stack.baseUrl,
      logger: false,
    });
    await oidcOffice.listen({ port, host: '127.0.0.1' });
    const { page, context } = await stack.newPage();
    try {
      issuer.accounts.set('ada', {
        email: 'ada@ministry.test',
        email_verified: true,
        roles: ['officer'],
      });
      issuer.accounts.set('guest', {
        email: 'guest@ministry.test',
        email_verified: true,
        roles: [],
      });
      const throughProvider = async (login: string) => {
        await page.goto(url);
        await page.getByRole('link', { name: "Sign in with your organisation's account" }).click();
        await page.locator('input[name="login"]').fill(login);
        await page.locator('input[name="password"]').fill('any');
        await page.getByRole('button', { name: 'Sign-in' }).click();
        await page.getByRole('button', { name: 'Continue' }).click();
      };
      await throughProvider('ada');
      await page.getByRole('heading', { name: 'Cases waiting' }).waitFor();
      await page.getByText('ada@ministry.test').waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();

      await context.clearCookies();
      await throughProvider('guest');
      await page
        .getByText(
          "Your organisation's account has no role in this service. Ask your administrator for one.",
        )
        .waitFor();
      expect(new URL(page.url()).search).toBe('');
      await expectAccessible(page, 'sign-in after the organisation refused');
    } finally {
      await context.close();
      await oidcOffice.close();
      await issuer.close();
    }
  });
});
