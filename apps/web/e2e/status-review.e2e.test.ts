// Asking for the review of a refusal (issue 30) in Chromium, against the real server, job queue
// and SMTP listener, in English and in Hebrew: a refused traveller finds the last day to ask on
// /status, writes why, attaches a document, confirms with the e-mailed code, and reads that the
// request was sent and what happens next; axe finds nothing on the form, its error state, the
// code step and the confirmation. (A supervisor's decision on it is the back office's suite.)
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveApplication } from '../../server/src/decisions/move-application.ts';
import { expectNoViolations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import { adult, confirmReview, fillApplication, fillDateBoxes, submitAndPay } from './journey.ts';

const _MINUTE = 60_000;

type Texts = {
  fields: { passportNumber: { label: string } };
  submit: string;
  states: { refused: { name: string }; review_requested: { name: string } };
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
const textsOf = (language: string) =>
  JSON.parse(
    readFileSync(new URL(`../src/i18n/locales/${language}/status.json`, import.meta.url), 'utf8'),
  ) as Texts;

describe('asking for a review of a refusal', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.each([
    ['en', 'en-GB', 'The earlier refusal was of my namesake; my passport is attached.'],
    ['he', 'he-IL', 'הסירוב הקודם היה של אדם אחר בשם זהה. מצורף הדרכון שלי.'],
  ])('in %s: the form, a document, the code, the request sent', async (language, locale, why) => {
    const t = textsOf(language);
    // A traveller whose name the watchlist holds: referred, then refused by a supervisor.
    const filling = await stack.newPage();
    const traveller = {
      ...adult(`review-${language}@example.com`),
      firstName: 'IWAN',
      lastName: 'SIDOROW',
      birth: { day: '14', month: '03', year: '1961' },
    };
    await fillApplication(filling.page, stack, traveller);
    await confirmReview(filling.page);
    await submitAndPay(filling.page, traveller.firstName);
    await filling.context.close();
    const { id, reqNum } = await stack.submitted(traveller.email, 'in_review');
    const refused = await moveApplication(
      stack.db,
      { clock: stack.clock, timeZone: 'Asia/Jerusalem', publicUrl: stack.baseUrl },
      {
        applicationId: id,
        event: 'refuse',
        actor: { staff: 'e2e-supervisor', role: 'supervisor' },
        reasons: ['previousRefusal'],
      },
    );
    expect(refused.ok).toBe(true);

    const { page, consoleErrors } = await stack.newPage({ locale });
    await page.goto(`/status?applicationNumber=${encodeURIComponent(reqNum)}`, {
      waitUntil: 'networkidle',
    });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await page.getByLabel(t.fields.passportNumber.label).fill(traveller.passportNum);
    await fillDateBoxes(page, 'BirthDate', '1961-03-14');
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByRole('heading', { name: t.review.heading }).waitFor();
    await expectNoViolations(page, `${language}: the review form`);

    // Nothing written: the summary says so, and axe finds nothing in the error state.
    const askCode = page.getByRole('button', { name: t.review.sendCode });
    await askCode.click();
    await page.locator('#error-summary').waitFor();
    expect(await page.getByLabel(t.review.statementLabel).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await expectNoViolations(page, `${language}: the review form with an error`);

    await page.getByLabel(t.review.statementLabel).fill(why);
    const scan = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#dde7f0' },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel(t.review.documentsLabel)
      .setInputFiles({ name: 'passport-scan.jpg', mimeType: 'image/jpeg', buffer: scan });
    await page.getByText('passport-scan.jpg', { exact: true }).waitFor();
    const before = stack.smtp.received.length;
    await askCode.click();
    const code = await stack.codeFor(traveller.email, before);
    await page.getByLabel(t.review.codeLabel).waitFor();
    await expectNoViolations(page, `${language}: the review's code`);
    await page.getByLabel(t.review.codeLabel).fill(code);
    await page.getByRole('button', { name: t.review.confirm }).click();

    await page.getByRole('heading', { name: t.review.sentHeading }).waitFor();
    await page.getByText(t.states.review_requested.name).waitFor();
    await expectNoViolations(page, `${language}: the review requested`);
    expect(await stack.stateOf(reqNum)).toBe('review_requested');
    const review = await stack.db
      .selectFrom('application_review')
      .select('statement')
      .where('application_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(review.statement).toBe(why);
    const documents = await stack.db
      .selectFrom('application_review_document')
      .select(['media_type', 'content'])
      .where('application_id', '=', id)
      .execute();
    expect(documents.map((d) => d.media_type)).toEqual(['image/jpeg']);
    expect(Buffer.from(documents[0]?.content ?? []).equals(scan)).toBe(false);
    expect(consoleErrors).toEqual([]);
  });
});
