import { fileURLToPath } from 'node:url';
import type { StaffRole } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/src/db/database.ts';
import { buildOfficeApp } from '../../server/src/office/app.ts';
import { createTotpSealer, totpCode } from '../../server/src/office/auth/credentials.ts';
import { completeSetup } from '../../server/src/office/staff/accounts.ts';
import { testConfig } from '../../server/test/harness.ts';
import { addStaffWithLink } from '../../server/test/office/support.ts';
import { expectNoViolations } from '../../web/e2e/axe.ts';
import { type Stack, startStack } from '../../web/e2e/harness.ts';
import { adult, confirmReview, fillApplication, submitAndPay } from '../../web/e2e/journey.ts';
import { compareWithBaseline } from './baseline.ts';
import { freePort } from './free-port.ts';

const OFFICE_DIST = fileURLToPath(new URL('../dist', import.meta.url));
const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;
/** The office's frozen clock: every claim, proposal and confirmation happens at this time. */
const NOW = new Date('2026-11-20T09:30:00Z');
const NUMBER = 'IL-4821-7730';

describe('case view and four eyes', () => {
  let stack: Stack;
  let office: FastifyInstance;
  let officeUrl: string;
  const changes: string[] = [];
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
      clock: () => NOW,
      publicUrl: stack.baseUrl,
      logger: false,
    });
    await office.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await office?.close();
    await stack?.close();
  });

  /**
   * Applies through the public screens as a traveller on the sample watchlist, waits until
   * screening referred the case, then fixes what would differ from run to run: its number, its
   * times and the arrival date (always next month for the public screens).
   */
  const referredCase = async () => {
    const traveller = {
      ...adult('listed-traveller@example.com'),
      firstName: 'IWAN',
      lastName: 'SIDOROW',
      birth: { day: '14', month: '03', year: '1961' },
    };
    const { page, context } = await stack.newPage();
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await submitAndPay(page, traveller.firstName);
    await context.close();
    const row = () =>
      stack.db
        .selectFrom('application')
        .select(['id', 'state', 'draft'])
        .where('email', '=', traveller.email)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).state, { timeout: MINUTE }).toBe('in_review');
    const { id, draft } = await row();
    const bearerList = draft.bearerList.map((b) => ({
      ...b,
      estimatedArrivalDate: `2026-12-15${b.estimatedArrivalDate.slice(10)}`,
    }));
    // The fee (issue 27): paid under the application's own number, at a fixed time, with a
    // fixed provider reference, so that the picture does not change from run to run.
    await stack.db
      .updateTable('payment')
      .set({
        reference: NUMBER,
        created_at: new Date('2026-11-20T07:12:00Z'),
        paid_at: new Date('2026-11-20T07:12:30Z'),
        provider_payment_id: 'pi_dev_case_view',
      })
      .where('reference', 'in', (eb) =>
        eb.selectFrom('application').select('fee_reference').where('id', '=', id),
      )
      .execute();
    await stack.db
      .updateTable('application')
      .set({
        req_num: NUMBER,
        fee_reference: NUMBER,
        created_at: new Date('2026-11-20T07:12:00Z'),
        state_changed_at: new Date('2026-11-20T07:13:00Z'),
        arrival_date: '2026-12-15',
        draft: json({ ...draft, bearerList }),
      })
      .where('id', '=', id)
      .execute();
    const steps = await stack.db
      .selectFrom('application_transition')
      .select('id')
      .where('application_id', '=', id)
      .orderBy('id')
      .execute();
    for (const [index, step] of steps.entries()) {
      await stack.db
        .updateTable('application_transition')
        .set({ at: new Date(Date.UTC(2026, 10, 20, 7, 12 + index)) })
        .where('id', '=', step.id)
        .execute();
    }
    return id;
  };

  /** A member of staff whose account is set up, signed in through the sign-in screen. */
  const signedIn = async (email: string, role: StaffRole) => {
    const added = await addStaffWithLink(stack.db, NOW, email, role);
    if (!added.ok) throw new Error(added.problem);
    const setUp = await completeSetup(
      stack.db,
      NOW,
      added.token,
      PASSWORD,
      createTotpSealer(testConfig().authSecret),
    );
    if (!setUp.ok) throw new Error(setUp.problem);
    const { page, context, consoleErrors } = await stack.newPage();
    await page.goto(`${officeUrl}/`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page
      .getByLabel('Code from your authenticator app')
      .fill(totpCode(setUp.totpSecret, email, NOW));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    // Signed out, the first call (GET me) answered 401; from here on the console stays empty.
    consoleErrors.length = 0;
    return { page, context, consoleErrors };
  };

  const language = async (page: Page, code: 'en' | 'he') => {
    await page.locator('#office-language').selectOption(code);
    await page.waitForFunction((l) => document.documentElement.lang === l, code);
  };

  /** The screen in English and Hebrew: axe finds nothing, and it looks as its baseline. */
  const look = async (page: Page, name: string) => {
    for (const code of ['en', 'he'] as const) {
      await language(page, code);
      await expectNoViolations(page, `${name} (${code})`);
      const change = await compareWithBaseline(page, `${name}.${code}.1280`);
      if (change) changes.push(change);
    }
    await language(page, 'en');
  };

  it('the officer reads why the case was referred, the application, and what they can do', async () => {
    const id = await referredCase();
    const officer = await signedIn('officer@office.test', 'officer');
    const o = officer.page;
    await o.goto(`${officeUrl}/cases/${id}`);
    await o.getByRole('heading', { name: `Application ${NUMBER}` }).waitFor();

    // Why, at a glance: the hit in words, linked to its evidence.
    const why = o.getByRole('region', { name: 'Why this case was referred' });
    await why.getByRole('link', { name: 'Similar name on a watchlist' }).waitFor();
    expect(await why.textContent()).toContain('The name is similar to a name on a watchlist');

    // The traveller beside the listed person; what matched is marked and said in words.
    const compare = o.getByRole('table', { name: 'The traveller beside the listed person' });
    const row = (name: string) => compare.getByRole('row', { name: new RegExp(`^${name}`) });
    expect(await row('Name').textContent()).toMatch(
      /IWAN SIDOROW.*Ivan Petrovich Sidorov.*Name 100% alike/,
    );
    expect(await row('Date of birth').textContent()).toBe(
      'Date of birth14 March 196114 March 1961 Same date',
    );
    expect(await row('Date of birth').locator('mark').textContent()).toBe('14 March 1961');
    expect(await row('Nationality').textContent()).toBe(
      'NationalityUnited States of AmericaRussian Federation Different',
    );
    expect(await row('Nationality').locator('mark').count()).toBe(0);
    expect(await row('List').textContent()).toContain(
      'Sample list (fictitious) (entry: sample-0001)',
    );

    // The application under the traveller's own questions, countries and dates in words.
    const application = o.getByRole('region', { name: 'The application' });
    for (const text of [
      'Has a request of yours to enter Israel ever been refused?No',
      'Estimated date of arrival15 December 2026',
      'Passport countryUnited States of America',
      'Length of stayUp to 2 weeks',
    ]) {
      expect(await application.textContent()).toContain(text);
    }
    expect(await o.locator('main').textContent()).not.toMatch(/bearerList|reqTypeId|YN\b/);

    // What this person can do: claim, and nothing to decide before.
    const part = o.getByRole('heading', { name: 'What you can do' }).locator('..');
    expect(await part.textContent()).toContain('Nobody works on this case yet.');
    expect(await o.getByRole('button', { name: 'Propose a refusal' }).count()).toBe(0);
    await o.getByRole('button', { name: 'Claim this case' }).click();
    await o.getByText('You now work on this case.').waitFor();
    // The message comes with the claim's answer; the panel follows when the case is read again.
    await part.getByText('You work on this case.').waitFor();
    await look(o, 'case-view');

    // The decision comes after the evidence.
    const order = await o.locator('main h2').evaluateAll((hs) => hs.map((h) => h.textContent));
    expect(order.indexOf('Decide')).toBeGreaterThan(order.indexOf('The application'));
    expect(order.indexOf('Decide')).toBeGreaterThan(order.indexOf('Why this case was referred'));

    await o.getByLabel('Security concern').check();
    await o.getByLabel('Note for the supervisor').fill('Name and birth date match the list.');
    await o.getByRole('button', { name: 'Propose a refusal' }).click();
    await o.getByText('The refusal is proposed. It waits for a supervisor.').waitFor();
    await part.getByText('You proposed a refusal.').waitFor();
    expect(await o.getByRole('button', { name: 'Confirm the refusal' }).count()).toBe(0);
    expect(officer.consoleErrors).toEqual([]);
    await officer.context.close();

    // The supervisor: the screen says what they can do and nothing contradicts it.
    const supervisor = await signedIn('supervisor@office.test', 'supervisor');
    const s = supervisor.page;
    await s.goto(`${officeUrl}/cases/${id}`);
    await s.getByRole('heading', { name: 'Proposed refusal' }).waitFor();
    const main = (await s.locator('main').textContent()) ?? '';
    expect(main).toContain(
      'officer@office.test proposed a refusal. As a different supervisor, you confirm it or reject it',
    );
    expect(main).not.toContain('you can read it but not act on it');
    // Each action with its own fields: the comment belongs to the rejection.
    const reject = s.getByRole('region', { name: 'Reject the proposal' });
    await reject.getByLabel('Comment for the officer (optional)').waitFor();
    const confirm = s.getByRole('region', { name: 'Confirm the refusal' });
    expect(await confirm.getByRole('textbox').count()).toBe(0);
    await look(s, 'four-eyes');

    // Confirming asks once more; cancelling changes nothing.
    await confirm.getByRole('button', { name: 'Confirm the refusal' }).click();
    const dialog = s.getByRole('dialog', { name: 'Refuse this application?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      `You are about to refuse application ${NUMBER} of IWAN SIDOROW.`,
    );
    expect(await dialog.textContent()).toContain('Reasons: Security concern');
    expect(await dialog.textContent()).toContain('This cannot be undone.');
    await expectNoViolations(s, 'refusal dialog');
    const dialogChange = await compareWithBaseline(s, 'four-eyes-dialog.en.1280', false);
    if (dialogChange) changes.push(dialogChange);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await stack.stateOf(NUMBER)).toBe('in_review');

    await confirm.getByRole('button', { name: 'Confirm the refusal' }).click();
    await dialog.getByRole('button', { name: 'Yes, refuse the application' }).click();
    await s.getByText('The refusal is confirmed. The traveller is e-mailed.').waitFor();
    expect(await stack.stateOf(NUMBER)).toBe('refused');

    // The history names both pairs of eyes, and the closed case offers nothing.
    const history = s.getByRole('region', { name: 'History' });
    await history
      .getByText('Refused: proposed by officer@office.test, confirmed by supervisor@office.test')
      .waitFor();
    expect(await history.textContent()).toContain('Refusal proposed by officer@office.test');
    expect(await partText(s)).toContain('This case is closed (Refused).');
    expect(await s.getByRole('button', { name: 'Confirm the refusal' }).count()).toBe(0);
    expect(supervisor.consoleErrors).toEqual([]);
    await supervisor.context.close();

    expect(changes).toEqual([]);
  });
});

const partText = (page: Page) =>
  page.getByRole('heading', { name: 'What you can do' }).locator('..').textContent();
