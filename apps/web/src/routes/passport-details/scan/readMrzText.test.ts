// @vitest-environment node
// The MRZ reader on generated data pages (src/test/mrz-pages.ts): MRZ capitals 14–40 px high,
// turned up to 4° or upside down, blurred, noisy, PNG or JPEG. It must read nearly all of them with every
// field right, and read a misprinted MRZ as printed so that its check digit refuses it.
import { parseTd3, td3Lines } from '@eta-il/domain';
import { describe, expect, it } from 'vitest';
import {
  dataPage,
  dataPageSet,
  decodeRgba,
  randomPassport,
  randomSource,
} from '../../../test/mrz-pages.ts';
import { readMrzText } from './readMrzText.ts';

const TODAY = '2026-03-10';
const PAGES = 60;

const readPage = async (page: { image: Buffer }) => readMrzText(await decodeRgba(page.image));

describe('readMrzText', () => {
  it(`reads every field right on at least 95% of ${PAGES} varied pages`, async () => {
    const misread: string[] = [];
    for (const [i, { passport, look, seed }] of dataPageSet(PAGES, 2026).entries()) {
      const text = await readPage(await dataPage(passport, look, seed));
      const result = text === undefined ? undefined : parseTd3(text, TODAY);
      if (!result?.ok || JSON.stringify(result.fields) !== JSON.stringify(passport)) {
        misread.push(`page ${i} (${JSON.stringify(look)}): ${text ?? 'no MRZ found'}`);
      }
    }
    expect(misread.length, misread.join('\n')).toBeLessThanOrEqual(PAGES * 0.05);
  }, 90_000);

  it.each([
    ['a digit of the birth date', 14, 'birthDate'],
    ['a character of the document number', 2, 'documentNumber'],
  ] as const)(
    'reads an MRZ with %s misprinted as printed, and its check digit refuses it',
    async (_, at, field) => {
      const [first, second] = td3Lines(randomPassport(randomSource(9)));
      const wrong = second[at] === '7' ? '3' : '7';
      const misprinted = [first, second.slice(0, at) + wrong + second.slice(at + 1)] as const;
      const look = {
        characterHeight: 20,
        rotation: 1.5,
        blur: 0.6,
        noise: 4,
        format: 'jpeg',
      } as const;

      const text = await readPage(await dataPage(misprinted, look));

      expect(text).toBe(misprinted.join('\n'));
      expect(parseTd3(text!, TODAY)).toEqual({
        ok: false,
        problem: { code: 'mrzCheckDigit', field },
      });
    },
  );

  it.each([180, 178])(
    'reads a page turned %i° (held upside down) exactly, every check digit right',
    async (rotation) => {
      const passport = randomPassport(randomSource(5));
      const look = { characterHeight: 22, rotation, blur: 0.6, noise: 4, format: 'jpeg' } as const;
      const page = await dataPage(passport, look);

      const text = await readPage(page);

      expect(text).toBe(page.lines.join('\n'));
      expect(parseTd3(text!, TODAY)).toEqual({ ok: true, fields: passport });
    },
  );

  it('finds no MRZ on a blank page', () => {
    const data = new Uint8ClampedArray(800 * 600 * 4).fill(240);
    expect(readMrzText({ data, width: 800, height: 600 })).toBeUndefined();
  });
});
