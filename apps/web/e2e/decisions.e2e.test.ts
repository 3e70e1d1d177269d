// Decisions end to end in Chromium, against the real server, job queue, screening and SMTP
// listener (issue 10): a clean application is approved by the screening job within a minute; its
// traveller reads it on /status, downloads the PDF, and the QR code in that PDF opens /verify,
// which says it is valid. A name on the watchlist and a lost passport are referred, not approved;
// a wrong birth date on /status gets the one generic answer. An officer's question is answered on
// /status and the case returns to review.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDate } from '@eta-il/domain';
import jsQR from 'jsqr';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCase, requestInformation } from '../../server/src/office/cases/decide.ts';
import { addStaff } from '../../server/src/office/staff/accounts.ts';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  confirmReview,
  fillApplication,
  fillDateBoxes,
  submitAndPay,
  type Traveller,
} from './journey.ts';

const MINUTE = 60_000;

describe('decisions', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Applies through the screens; answers the stored application number. */
  const apply = async (page: Page, traveller: Traveller) => {
    await fillApplication(page, stack, traveller);
    await confirmReview(page);
    await submitAndPay(page, traveller.firstName);
    const row = await stack.db
      .selectFrom('application')
      .select('req_num')
      .where('email', '=', traveller.email)
      .executeTakeFirstOrThrow();
    return row.req_num;
  };

  const stateOf = (reqNum: string) => stack.stateOf(reqNum);

  /** Waits until screening has decided or referred the application. */
  const screened = async (reqNum: string) => {
    await expect
      .poll(() => stateOf(reqNum), { timeout: MINUTE, interval: 250 })
      .toMatch(/^(approved|in_review)$/);
    return stateOf(reqNum);
  };

  const lookUp = async (page: Page, reqNum: string, passport: string, birthDate: string) => {
    // The page is prerendered: type only once React has taken it over (its script has loaded).
    await page.goto('/status', { waitUntil: 'networkidle' });
    await page.getByLabel('Application number').fill(reqNum);
    await page.getByLabel('Passport number').fill(passport);
    await fillDateBoxes(page, 'BirthDate', birthDate);
    await page.getByRole('button', { name: 'Check status' }).click();
  };

  /** The URL in the QR code of a PDF: its images extracted (pdfimages), then decoded (jsQR). */
  const qrUrlIn = async (pdf: Buffer) => {
    const folder = mkdtempSync(join(tmpdir(), 'eta-pdf-'));
    writeFileSync(join(folder, 'document.pdf'), pdf);
    execFileSync('pdfimages', ['-png', join(folder, 'document.pdf'), join(folder, 'image')]);
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.png'))) {
      const { data, info } = await sharp(join(folder, file))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
      if (code) return code.data;
    }
    throw new Error('no QR code in the PDF');
  };

  it('a clean application is approved automatically; status, PDF and QR verification', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const traveller = adult('approved@example.com');
    const submittedAt = Date.now();
    const reqNum = await apply(page, traveller);
    expect(await screened(reqNum)).toBe('approved');
    expect(Date.now() - submittedAt).toBeLessThan(MINUTE);
    await expect
      .poll(
        () =>
          stack.smtp.received.some(
            (m) =>
              m.to === traveller.email && m.text.includes(reqNum) && /approved/i.test(m.subject),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);

    await lookUp(page, reqNum, traveller.passportNum, '1985-03-14');
    await page.getByText('Approved', { exact: true }).waitFor();
    // The paid fee comes with the state, never as an empty row while its texts load.
    expect(await page.locator('.summary-list').innerText()).toMatch(/Fee\s+Paid 25 NIS on /);
    const link = page.getByRole('link', { name: 'Download your authorization (PDF)' });
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    const pdf = await page.request.get(href ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const bytes = Buffer.from(await pdf.body());
    const folder = mkdtempSync(join(tmpdir(), 'eta-pdf-'));
    writeFileSync(join(folder, 'a.pdf'), bytes);
    execFileSync('pdftotext', [join(folder, 'a.pdf'), join(folder, 'a.txt')]);
    const text = readFileSync(join(folder, 'a.txt'), 'utf8');
    expect(text).toContain(reqNum);
    expect(text).not.toContain(traveller.passportNum);
    expect(text).toContain(traveller.passportNum.slice(-4));

    // The QR code opens /verify with its signed token; the page says the ETA-IL is valid.
    const qr = new URL(await qrUrlIn(bytes));
    expect(qr.pathname).toBe('/verify');
    expect(qr.searchParams.get('token')).toBeTruthy();
    await page.goto(`${qr.pathname}${qr.search}`);
    await page.getByText(/Valid ETA-IL, until/).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('a name on the watchlist stays in review; /status says an officer is reviewing it', async () => {
    const { page } = await stack.newPage();
    const listed = {
      ...adult('listed@example.com'),
      firstName: 'IWAN',
      lastName: 'SIDOROW',
      birth: { day: '14', month: '03', year: '1961' },
    };
    const reqNum = await apply(page, listed);
    expect(await screened(reqNum)).toBe('in_review');
    await lookUp(page, reqNum, listed.passportNum, '1961-03-14');
    await page.getByText('Being reviewed by an officer').waitFor();
    expect(await page.getByRole('link', { name: /Download/ }).count()).toBe(0);
  });

  it('an officer asks a question; the traveller answers it on /status and the case is back in review', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const asked = {
      ...adult('asked@example.com'),
      firstName: 'IWAN',
      lastName: 'SIDOROW',
      birth: { day: '14', month: '03', year: '1961' },
    };
    const reqNum = await apply(page, asked);
    expect(await screened(reqNum)).toBe('in_review');
    const { id } = await stack.db
      .selectFrom('application')
      .select('id')
      .where('req_num', '=', reqNum)
      .executeTakeFirstOrThrow();
    // The officer's side through the back office's own case functions (its routes and screens
    // have their own tests): claim, then ask.
    const added = await addStaff(
      stack.db,
      new Date(),
      'asking-officer@office.test',
      'officer',
      null,
    );
    if (!added.ok) throw new Error(added.problem);
    const acting = {
      staff: { id: added.id, email: 'asking-officer@office.test', role: 'officer' as const },
      client: '127.0.0.1',
    };
    const ctx = {
      db: stack.db,
      deps: { clock: () => new Date(), timeZone: 'Asia/Jerusalem', publicUrl: stack.baseUrl },
    };
    expect((await claimCase(ctx, id, acting)).ok).toBe(true);
    const question = 'Why does your trip last <three> weeks?';
    expect(
      await requestInformation(ctx, id, acting, { reasons: ['travelPurpose'], question }),
    ).toEqual({ ok: true, state: 'info_requested' });

    await lookUp(page, reqNum, asked.passportNum, '1961-03-14');
    await page.getByText('Information needed').waitFor();
    // The officer's words are shown as text, markup characters and all.
    await page.getByText(question).waitFor();
    await page.getByRole('button', { name: 'E-mail me a code to send the answer' }).click();
    await page.locator('textarea[name="infoAnswer"][aria-invalid="true"]').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'infoAnswer',
    );
    await page.getByLabel('Your answer').fill('A family wedding in Haifa,\nthen a week in Eilat.');
    // The answer is confirmed by a code to the application's address (decision 048).
    const mailsBefore = stack.smtp.received.length;
    await page.getByRole('button', { name: 'E-mail me a code to send the answer' }).click();
    await page
      .getByLabel('Code from the e-mail')
      .fill(await stack.codeFor('asked@example.com', mailsBefore));
    await page.getByRole('button', { name: 'Send the answer' }).click();
    await page.getByText('Being reviewed by an officer').waitFor();
    expect(await stateOf(reqNum)).toBe('in_review');
    const stored = await stack.db
      .selectFrom('info_request')
      .select(['question', 'answer'])
      .where('application_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      question,
      answer: 'A family wedding in Haifa,\nthen a week in Eilat.',
    });
    // The e-mail that asked points to the status page to answer.
    await expect
      .poll(
        () =>
          stack.smtp.received.find(
            (m) => m.to === 'asked@example.com' && /status page/.test(m.text ?? ''),
          ),
        {
          timeout: MINUTE,
        },
      )
      .toBeTruthy();
    expect(consoleErrors).toEqual([]);
  });

  it('a passport on the lost and stolen list is not approved', async () => {
    const { page } = await stack.newPage();
    const reqNum = await apply(page, { ...adult('lost@example.com'), passportNum: 'LOST12345' });
    expect(await screened(reqNum)).toBe('in_review');
    const authorizations = await stack.db
      .selectFrom('travel_authorization')
      .innerJoin('application', 'application.id', 'travel_authorization.application_id')
      .select('travel_authorization.id')
      .where('application.req_num', '=', reqNum)
      .execute();
    expect(authorizations).toEqual([]);
  });

  it('before the decision the traveller corrects the arrival date and e-mail on /status; a passport change is refused', async () => {
    const { page, consoleErrors } = await stack.newPage();
    const traveller = {
      ...adult('typo@exmaple.com'),
      firstName: 'IWAN',
      lastName: 'SIDOROW',
      birth: { day: '14', month: '03', year: '1961' },
    };
    const reqNum = await apply(page, traveller);
    expect(await screened(reqNum)).toBe('in_review');
    const before = await stack.db
      .selectFrom('application')
      .select(['id', sql<string>`arrival_date::text`.as('arrival')])
      .where('req_num', '=', reqNum)
      .executeTakeFirstOrThrow();
    await lookUp(page, reqNum, traveller.passportNum, '1961-03-14');
    await page.getByText('Being reviewed by an officer').waitFor();
    // Passport and identity details cannot change here, and the page says so.
    await page.getByText(/Passport and identity details .* cannot be changed/).waitFor();
    const arrival = new Date(Date.now() + 75 * 86_400_000).toISOString().slice(0, 10);
    await fillDateBoxes(page, 'CorrectArrivalDate', arrival);
    // The code goes to the current address, never to the new one (decision 048): whoever
    // knows the three facts cannot move the record to an address of their own.
    await page.getByLabel('New e-mail address').fill('fixed@example.com');
    const mails = stack.smtp.received.length;
    await page.getByRole('button', { name: 'E-mail me a code to confirm' }).click();
    await page.getByText('We sent a 6-digit code to t•••@exmaple.com.').waitFor();
    await page
      .getByLabel('Code from the e-mail')
      .fill(await stack.codeFor('typo@exmaple.com', mails));
    await page.getByRole('button', { name: 'Save the changes' }).click();
    await page.getByText('Your changes were saved:').waitFor();
    await page.getByText(`New arrival date: ${formatDate(arrival, 'en')}`).waitFor();

    const history = await stack.db
      .selectFrom('application_correction')
      .select(['field', 'old_value', 'new_value'])
      .where('application_id', '=', before.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      {
        field: 'reqMainEmailAddress',
        old_value: 'typo@exmaple.com',
        new_value: 'fixed@example.com',
      },
      { field: 'estimatedArrivalDate', old_value: before.arrival, new_value: arrival },
    ]);
    const after = await stack.db
      .selectFrom('application')
      .select(['email', 'state', sql<string>`arrival_date::text`.as('arrival')])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ email: 'fixed@example.com', state: 'in_review', arrival });
    expect(consoleErrors).toEqual([]);

    // A passport number sent to the same call is refused: a new application is needed.
    const refused = await page.evaluate(
      async (body) => {
        const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
        const response = await fetch('/api/status/correction', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
          body: JSON.stringify(body),
        });
        return { status: response.status, ...((await response.json()) as { code?: string }) };
      },
      {
        applicationNumber: reqNum,
        passportNumber: traveller.passportNum,
        birthDate: '1961-03-14',
        code: '123456',
        timestamp: Date.now(),
        changes: { passportNum: 'ZZ9999999' },
      },
    );
    expect(refused).toMatchObject({ status: 400, code: 'correctionNotAllowed' });
  });

  it('a wrong birth date on /status gets the generic answer, the same as a wrong number', async () => {
    const { page } = await stack.newPage();
    const row = await stack.db
      .selectFrom('application')
      .select(['req_num', 'passport_num'])
      .where('email', '=', 'approved@example.com')
      .executeTakeFirstOrThrow();
    const generic =
      'We could not find an application with these details. Check the application number, the passport number and the date of birth, and try again.';
    await lookUp(page, row.req_num, row.passport_num, '1985-03-15');
    await page.getByText(generic).waitFor();
    await lookUp(page, 'IL-ZZZZ-ZZZZ', row.passport_num, '1985-03-14');
    await page.getByText(generic).waitFor();
    expect(await page.getByText('Approved', { exact: true }).count()).toBe(0);
  });
});
