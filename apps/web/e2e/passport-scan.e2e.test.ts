// Issue 14 end to end: a passport data page (drawn with the MRZ in OCR-B) chosen on the passport
// step fills the fields from its machine-readable zone, read in the browser; a misprinted check
// digit fills nothing and says to try again; on the photo step a dark photo is refused with its
// message and can be replaced by a good one; a photo without a face is refused by the browser's face
// check before any upload; a sideways photo is turned upright in the adjust dialog (axe-checked
// while open) and then accepted.
import { type Td3Fields, td3Lines } from '@eta-il/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portraitJpeg } from '../../server/test/photos.ts';
import { dataPage } from '../src/test/mrz-pages.ts';
import { expectNoViolations } from './axe.ts';
import { type Stack, startStack } from './harness.ts';
import {
  adult,
  chooseCountry,
  fillDateBoxes,
  fillPersonal,
  fillTravel,
  next,
  startApplication,
  verifyEmail,
  yesNo,
} from './journey.ts';

const PASSPORT: Td3Fields = {
  documentType: 'P',
  issuingCountry: 'USA',
  surname: 'RIVERA',
  givenNames: 'ELENA MARIA',
  documentNumber: 'X1234567',
  nationality: 'USA',
  birthDate: '1988-04-12',
  expiryDate: '2033-09-30',
  sex: 'F',
  personalNumber: '',
};
const LOOK = { characterHeight: 22, rotation: 1.5, blur: 0.5, noise: 4, format: 'jpeg' } as const;

/** The lines with the birth date's check digit (line 2, position 20) one off. */
const withWrongBirthCheckDigit = ([first, second]: readonly [string, string]) => {
  const digit = Number(second[19]);
  return [first, `${second.slice(0, 19)}${(digit + 1) % 10}${second.slice(20)}`] as const;
};

describe('passport scan and photo checks', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a data page fills the passport step; a wrong check digit fills nothing; a dark photo is replaced', async () => {
    const { page, consoleErrors } = await stack.newPage();
    await startApplication(page, adult('scan@example.com'));
    await verifyEmail(page, stack, 'scan@example.com');
    await fillTravel(page);
    const scan = (image: Buffer) =>
      page
        .locator('#passport-scan-file')
        .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: image });
    const status = page.locator('.passport-scan__status');

    const misprinted = await dataPage(withWrongBirthCheckDigit(td3Lines(PASSPORT)), LOOK);
    await scan(misprinted.image);
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toContain('a check number in the bottom lines did not match');
    expect(await page.locator('#passportNum').inputValue()).toBe('');

    const good = await dataPage(PASSPORT, LOOK);
    await scan(good.image);
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toContain('We filled in the details from your passport');
    const value = (id: string) => page.locator(`#${id}`).inputValue();
    expect(await value('passportNum')).toBe('X1234567');
    expect(await value('lastName')).toBe('RIVERA');
    expect(await value('firstName')).toBe('ELENA MARIA');
    expect([await value('dayBirth'), await value('monthBirth'), await value('yearBirth')]).toEqual([
      '12',
      '04',
      '1988',
    ]);
    expect([
      await value('dayPassportExpire'),
      await value('monthPassportExpire'),
      await value('yearPassportExpire'),
    ]).toEqual(['30', '09', '2033']);
    expect(await value('passportCountryId')).toBe('United States of America');
    expect(await value('nationalityId')).toBe('United States of America');
    expect(await page.getByRole('group', { name: 'Gender' }).getByLabel('Female').isChecked()).toBe(
      true,
    );

    // What the MRZ does not hold, typed; then on to the photo.
    await page.getByLabel('Passport type').selectOption({ label: 'Regular passport (national)' });
    await yesNo(page, 'Is it a biometric passport?', 'Yes');
    await fillDateBoxes(page, 'PassportIssue', { day: '01', month: '10', year: '2023' });
    await chooseCountry(page, 'birthCountryId', 'United States of America');
    await next(page);
    await page.waitForURL('**/personalDetails');
    await fillPersonal(page);

    const upload = async (buffer: Buffer) =>
      page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer });
    const dark = await sharp(await portraitJpeg())
      .linear(0.2, 0)
      .jpeg()
      .toBuffer();
    await upload(dark);
    await page.getByText('The photo is too dark').first().waitFor();
    // No face (a poster where the head should be): the face worker refuses it, nothing is sent.
    const photoPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/photo')
        photoPosts.push(request.url());
    });
    await upload(await portraitJpeg(600, 800, { head: 0 }));
    await page.getByText('We could not find a face in the photo').first().waitFor();
    expect(photoPosts).toEqual([]);
    // A landscape photo is the wrong shape: turned upright and framed in the adjust dialog.
    const sideways = await sharp(await portraitJpeg(600, 800))
      .rotate(90)
      .jpeg()
      .toBuffer();
    await upload(sideways);
    await page.getByText('The photo is the wrong shape').first().waitFor();
    await page.getByRole('button', { name: 'Adjust the photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust the photo' });
    await dialog.getByRole('button', { name: 'Rotate left' }).waitFor();
    await expectNoViolations(page, 'the photo adjuster', 'dialog');
    await dialog.getByRole('button', { name: 'Rotate left' }).click();
    await dialog.getByText('Rotated a quarter turn to the left').waitFor();
    await dialog.getByRole('button', { name: 'Use this photo' }).click();
    await page.getByText('The photo is uploaded.').waitFor();
    await expect(page.getByText('The photo is the wrong shape').count()).resolves.toBe(0);
    expect(photoPosts).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
});
