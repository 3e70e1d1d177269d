// The whole application in Chromium, against the real server, database and SMTP listener
// (SPEC §2, §4, §7): for myself, for a minor, the submission found in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshotBoth, startStack } from './harness.ts';
import { adult, confirmReview, fillApplication, payFee, submitAndPay } from './journey.ts';

describe('the application', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('§2 a full application for Myself reaches the thank-you page and is stored as typed', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const traveller = adult('myself@example.com');
    await fillApplication(page, stack, traveller);
    await screenshotBoth(page, 'review');
    await confirmReview(page);
    await submitAndPay(page, 'JANE');
    expect(await page.getByText('Checking application').isVisible()).toBe(true);
    expect(await page.getByText('Pending').isVisible()).toBe(true);
    await screenshotBoth(page, 'thank-you');

    const rows = await stack.db.selectFrom('application').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(await page.getByText(row.req_num).first().isVisible()).toBe(true);
    expect(row).toMatchObject({
      email: 'myself@example.com',
      first_name: 'JANE',
      last_name: 'DOE',
      passport_num: 'X1234567',
      passport_country_id: 840,
    });
    // Stored as submitted; the screening job may already have moved it on (decisions.e2e).
    expect(['submitted', 'screening', 'approved']).toContain(row.state);
    expect(row.draft.groupTypeId).toEqual({ id: 1, Description: 'Myself' });
    expect(row.draft.bearerList[0]?.birthDate).toBe('1985-03-14');
    expect(row.draft.bearerList[0]?.relationshipTypeId).toEqual({ id: 2, Description: 'Adult' });
    expect(row.draft.reqDeclaration).toBe(1);
    // The acknowledgement e-mail arrives with the number.
    await expect
      .poll(
        () =>
          stack.smtp.received.some(
            (m) => m.to === 'myself@example.com' && m.raw.includes(row.req_num),
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('§1 someone else applies for a minor: relationship Minor and the applicant details are stored', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const child = {
      ...adult('parent@example.com'),
      firstName: 'TOM',
      birth: { day: '02', month: '06', year: String(new Date().getFullYear() - 8) },
      applicant: { lastName: 'DOE', firstName: 'JOHN', passportNum: 'P7654321', country: 'Canada' },
    };
    await fillApplication(page, stack, child);
    await confirmReview(page);
    await submitAndPay(page, 'TOM');
    const row = await stack.db
      .selectFrom('application')
      .selectAll()
      .where('email', '=', 'parent@example.com')
      .executeTakeFirstOrThrow();
    expect(row.draft.groupTypeId).toEqual({ id: 2, Description: 'Someone else' });
    expect(row.draft.applicantFirstName).toBe('JOHN');
    expect(row.draft.applicantPassportNum).toBe('P7654321');
    expect(row.draft.applicantPassportCountryId?.Description).toBe('Canada');
    expect(row.draft.bearerList[0]?.relationshipTypeId).toEqual({ id: 1, Description: 'Minor' });
    expect(consoleErrors).toEqual([]);
  });

  it('§4 a double click on Submit stores one application', async () => {
    const { page } = await stack.newPage();
    await fillApplication(page, stack, adult('double@example.com'));
    await confirmReview(page);
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await payFee(page);
    await page.getByRole('heading', { name: 'Thank You, JANE' }).waitFor({ timeout: 20_000 });
    await page.reload();
    await page.getByRole('heading', { name: 'Thank You, JANE' }).waitFor({ timeout: 20_000 });
    const rows = await stack.db
      .selectFrom('application')
      .select('id')
      .where('email', '=', 'double@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
