// The authorization PDF as a person sees it (issue 25 item 1): each page rendered by poppler,
// read back by tesseract for the name, the masked passport number, the application number and the
// dates, for a Latin, a Hebrew and an Arabic name; compared with its committed baseline; its QR
// code decoded from the picture. Text extraction alone passed while Latin text did not render.
//   UPDATE_BASELINES=1 npx vitest run --project server apps/server/test/decisions/document-picture.test.ts
// writes the baselines to baselines/ (look at them, then commit).
import { describe, expect, it } from 'vitest';
import { authorizationPdf } from '../../src/decisions/document-pdf.ts';
import { changeFromBaseline, qrOnPage, readPage, renderPages } from './picture.ts';

const VERIFY_URL = 'https://eta-il.example.test/verify?token=abc.123.xyz';
/** Rendering and two OCR passes take 10-20 s alone, longer on a busy machine. */
const PICTURE_MS = 120_000;

const TRAVELLERS = [
  { name: 'latin', firstName: 'JANE MARY', lastName: 'DOE', language: 'eng' },
  { name: 'hebrew', firstName: 'דנה', lastName: 'כהן', language: 'heb' },
  { name: 'arabic', firstName: 'ليلى', lastName: 'حداد', language: 'ara' },
] as const;

describe('the authorization PDF, rendered and read back', () => {
  it.each(TRAVELLERS)(
    '$name name: every line is read on the page',
    async (traveller) => {
      const pdf = await authorizationPdf({
        firstName: traveller.firstName,
        lastName: traveller.lastName,
        nationality: 'France',
        passportNumber: '12AB34567',
        applicationNumber: 'IL-2026-004217',
        validFrom: '2026-11-24',
        validUntil: '2028-11-24',
        verifyUrl: VERIFY_URL,
      });
      const pages = await renderPages(pdf);
      expect(pages).toHaveLength(1);
      const [page] = pages as [Buffer];

      const text = await readPage(page, 'eng');
      expect(text).toMatch(/Name\s+/);
      expect(text).toContain('IL-2026-004217');
      expect(text).toMatch(/Valid from\s+24 November 2026/);
      expect(text).toMatch(/Valid until\s+24 November 2028/);
      expect(text).toMatch(/Nationality\s+France/);
      // The mask's dots read as letters or zeros; the last digits are the passport's, and no more.
      const passport = /Passport number\s+(\S+)/.exec(text)?.[1] ?? '';
      expect(passport).toMatch(/^\S{4,6}567$/);
      expect(text).not.toContain('AB3');
      expect(text).toContain('Check it at https://eta-il.example.test/verify');

      // The name, read in its own script (right to left read back in logical order).
      const name = `${traveller.firstName} ${traveller.lastName}`;
      const inScript =
        traveller.language === 'eng' ? text : await readPage(page, traveller.language);
      expect(inScript).toContain(name);

      expect(qrOnPage(page)).toBe(VERIFY_URL);
      expect(changeFromBaseline(`authorization.${traveller.name}`, page)).toBeUndefined();
    },
    PICTURE_MS,
  );

  it(
    'the longest name and nationality are read whole, clear of the QR code',
    async () => {
      // 39 letters each (NAME_LENGTH's maximum), and the longest country name of the list.
      const firstName = 'MARIA DEL CARMEN ALEJANDRA GUADALUPE SO';
      const lastName = 'FERNANDEZ DE LA SANTISIMA TRINIDAD ORTE';
      const nationality = 'South Georgia and the South Sandwich Islands';
      const pdf = await authorizationPdf({
        firstName,
        lastName,
        nationality,
        passportNumber: '12AB34567',
        applicationNumber: 'IL-2026-004217',
        validFrom: '2026-11-24',
        validUntil: '2028-11-24',
        verifyUrl: VERIFY_URL,
      });
      const [page, ...more] = await renderPages(pdf);
      expect(more).toHaveLength(0);
      const words = (await readPage(page as Buffer, 'eng')).split(/\s+/);
      for (const word of `${firstName} ${lastName} ${nationality}`.split(' ')) {
        expect(words).toContain(word);
      }
      expect(words).toContain('IL-2026-004217');
      expect(qrOnPage(page as Buffer)).toBe(VERIFY_URL);
      expect(changeFromBaseline('authorization.long', page as Buffer)).toBeUndefined();
    },
    PICTURE_MS,
  );
});
