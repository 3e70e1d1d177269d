// A review of a refusal in the back office, in Chromium (issue 30 item 3): a traveller applies
// through the public screens and is referred (a passport reported lost); an officer proposes a
// refusal and a supervisor confirms it (through the office's own decision code), and the traveller
// asks for a review on /status with a statement, a document and the e-mailed code (that screen's
// own axe checks, English and Hebrew, are apps/web/e2e/status-review.e2e.test.ts). A second supervisor, who took no part, finds it under
// Reviews, reads the refusal beside the statement and the document, is asked for a reason when
// upholding without one, and overturns it: the application is approved, its authorization issued
// and the traveller e-mailed, and /status shows the traveller the approval and the download. Axe finds nothing on the queue and the review, in English and
// Hebrew, with the error summary and with the dialog open.
import { readFileSync } from 'node:fs';
import type { StaffMember, StaffRole } from '@eta-il/domain';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCase, confirmRefusal, proposeRefusal } from '../../server/src/office/cases/decide.ts';
import { expectNoViolations } from '../../web/e2e/axe.ts';
import {
  adult,
  confirmReview,
  fillApplication,
  fillDateBoxes,
  submitAndPay,
} from '../../web/e2e/journey.ts';
import { MINUTE, type OfficeStack, signedInStaff, startOfficeStack } from './office-stack.ts';

const STATEMENT = 'The passport reported lost is my old one; this is the new passport.';
/** The status page's English texts, as the traveller reads them. */
const STATUS = JSON.parse(
  readFileSync(new URL('../../web/src/i18n/locales/en/status.json', import.meta.url), 'utf8'),
) as {
  fields: { passportNumber: { label: string } };
  submit: string;
  download: string;
  states: { approved: { name: string } };
  review: Record<
    | 'heading'
    | 'statementLabel'
    | 'documentsLabel'
    | 'sendCode'
    | 'codeLabel'
    | 'confirm'
    | 'sentHeading',
    string
  >;
};

describe('a review of a refusal, overturned by a supervisor who took no part', () => {
  let stack: OfficeStack;
  beforeAll(async () => {
    stack = await startOfficeStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const language = async (page: Page, code: 'en' | 'he') => {
    await page.locator('#office-language').selectOption(code);
    await page.waitForFunction((l) => document.documentElement.lang === l, code);
  };
  /** Axe finds nothing, in English and in Hebrew (right to left). */
  const accessibleInBoth = async (page: Page, where: string) => {
    for (const code of ['en', 'he'] as const) {
      await language(page, code);
      await expectNoViolations(page, `${where} (${code})`);
    }
    await language(page, 'en');
  };

  /** A member of staff as the office's decision code takes them (id from the staff table). */
  const staffMember = async (email: string, role: StaffRole): Promise<StaffMember> => {
    const { id } = await stack.db
      .selectFrom('staff')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { id, email, role };
  };

  it('a supervisor who took no part overturns the refusal; the authorization is issued', async () => {
    const traveller = { ...adult('review.traveller@example.com'), passportNum: 'LOST12345' };
    const { page, context } = await stack.newPage();
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await submitAndPay(page, traveller.firstName);
    await context.close();
    const { id, reqNum } = await stack.submitted(traveller.email, 'in_review');

    // Refused with four eyes: an officer proposes, a supervisor confirms.
    const officer = await signedInStaff(stack, 'review-officer@office.test', 'officer');
    const refuser = await signedInStaff(stack, 'review-refuser@office.test', 'supervisor');
    const ctx = {
      db: stack.db,
      deps: { clock: stack.clock, timeZone: 'Asia/Jerusalem', publicUrl: stack.baseUrl },
    };
    const by = async (email: string, role: StaffRole) => ({
      staff: await staffMember(email, role),
      client: '127.0.0.1',
    });
    const asOfficer = await by('review-officer@office.test', 'officer');
    expect((await claimCase(ctx, id, asOfficer)).ok).toBe(true);
    const proposal = { reasons: ['documentReportedLost' as const], note: 'Reported lost.' };
    expect((await proposeRefusal(ctx, id, asOfficer, proposal)).ok).toBe(true);
    const confirmed = await confirmRefusal(
      ctx,
      id,
      await by('review-refuser@office.test', 'supervisor'),
    );
    expect(confirmed).toEqual({ ok: true, state: 'refused' });
    await officer.context.close();

    // The traveller asks for the review on /status, with a document and the e-mailed code.
    const png = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#e8e0c8' },
    })
      .png()
      .toBuffer();
    const travellerPage = await stack.newPage();
    const lookUp = async () => {
      const t = travellerPage.page;
      await t.goto(`/status?applicationNumber=${encodeURIComponent(reqNum)}`, {
        waitUntil: 'networkidle',
      });
      await t.getByLabel(STATUS.fields.passportNumber.label).fill(traveller.passportNum);
      await fillDateBoxes(t, 'BirthDate', '1985-03-14');
      await t.getByRole('button', { name: STATUS.submit }).click();
    };
    await lookUp();
    const t = travellerPage.page;
    await t.getByRole('heading', { name: STATUS.review.heading }).waitFor();
    await t.getByLabel(STATUS.review.statementLabel).fill(STATEMENT);
    await t
      .getByLabel(STATUS.review.documentsLabel)
      .setInputFiles({ name: 'new-passport.png', mimeType: 'image/png', buffer: png });
    const before = stack.smtp.received.length;
    await t.getByRole('button', { name: STATUS.review.sendCode }).click();
    const code = await stack.codeFor(traveller.email, before);
    await t.getByLabel(STATUS.review.codeLabel).fill(code);
    await t.getByRole('button', { name: STATUS.review.confirm }).click();
    await t.getByRole('heading', { name: STATUS.review.sentHeading }).waitFor();
    expect(await stack.stateOf(reqNum)).toBe('review_requested');

    // The refuser sees it in the queue, and may not decide it.
    const r = refuser.page;
    await r.getByRole('link', { name: 'Reviews' }).click();
    await r.getByRole('heading', { name: 'Reviews of refusals' }).waitFor();
    await r
      .getByRole('row', { name: new RegExp(`${reqNum}.*You took part in the refusal`) })
      .waitFor();
    await r.getByRole('link', { name: reqNum }).click();
    await r.getByText(/You proposed or confirmed this refusal/).waitFor();
    expect(await r.getByRole('button', { name: 'Overturn the refusal' }).count()).toBe(0);
    expect(refuser.consoleErrors).toEqual([]);

    // Someone new.
    const reviewer = await signedInStaff(stack, 'review-new@office.test', 'supervisor');
    const s = reviewer.page;
    await s.getByRole('link', { name: 'Reviews' }).click();
    await s.getByRole('heading', { name: 'Reviews of refusals' }).waitFor();
    await s.getByRole('row', { name: new RegExp(`${reqNum}.*You may decide it`) }).waitFor();
    await accessibleInBoth(s, 'review queue');
    await s.getByRole('link', { name: reqNum }).click();
    await s.getByRole('heading', { name: `Review of ${reqNum}` }).waitFor();
    const refusal = s.getByRole('region', { name: 'The refusal', exact: true });
    expect(await refusal.textContent()).toContain('review-officer@office.test');
    expect(await refusal.textContent()).toContain('review-refuser@office.test');
    const request = s.getByRole('region', { name: "The traveller's request" });
    expect(await request.textContent()).toContain(STATEMENT);
    const image = request.getByRole('img', {
      name: 'Supporting document 1, as the traveller sent it',
    });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(120);
    await accessibleInBoth(s, 'review');

    // Upholding without a reason: the error summary, and nothing sent.
    const uphold = s.getByRole('region', { name: 'Uphold the refusal', exact: true });
    await uphold.getByRole('button', { name: 'Uphold the refusal' }).click();
    await s.getByText('There is a problem').waitFor();
    await s
      .locator('.error-summary')
      .getByRole('link', { name: 'Write the reason for upholding the refusal' })
      .waitFor();
    await accessibleInBoth(s, 'review, reason missing');
    expect(await stack.stateOf(reqNum)).toBe('review_requested');

    // Overturned after a second look.
    await s
      .getByRole('region', { name: 'Overturn the refusal', exact: true })
      .getByRole('button', { name: 'Overturn the refusal' })
      .click();
    const dialog = s.getByRole('dialog', { name: 'Overturn the refusal?' });
    await dialog.waitFor();
    await expectNoViolations(s, 'overturn dialog');
    await dialog.getByRole('button', { name: 'Yes, overturn and approve' }).click();
    await s
      .getByText(
        'The refusal is overturned: the application is approved and the traveller is e-mailed.',
      )
      .waitFor();
    await s.getByText('Refusal overturned: approved').waitFor();
    await accessibleInBoth(s, 'review overturned');
    expect(await stack.stateOf(reqNum)).toBe('approved');
    const issued = await stack.db
      .selectFrom('travel_authorization')
      .select('id')
      .where('application_id', '=', id)
      .execute();
    expect(issued).toHaveLength(1);
    await expect
      .poll(
        () =>
          stack.smtp.received.some(
            (m) => m.to === traveller.email && m.subject.includes(`${reqNum} is approved`),
          ),
        { timeout: MINUTE },
      )
      .toBe(true);
    expect(reviewer.consoleErrors).toEqual([]);

    // The traveller sees the approval on /status, with the authorization to download.
    await lookUp();
    await t.getByText(STATUS.states.approved.name, { exact: true }).waitFor();
    expect(await t.getByRole('link', { name: STATUS.download }).count()).toBe(1);
    expect(travellerPage.consoleErrors).toEqual([]);
  });
});
