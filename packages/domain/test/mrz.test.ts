import { describe, expect, it } from 'vitest';
import {
  mrzCheckDigit,
  parseTd3,
  type Td3CheckedField,
  type Td3Fields,
  td3Lines,
} from '../src/index.ts';

const TODAY = '2026-03-10';

// ICAO Doc 9303 Part 4, Appendix A: the specimen passport of Utopia.
const SPECIMEN = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
] as const;
const SPECIMEN_FIELDS: Td3Fields = {
  documentType: 'P',
  issuingCountry: 'UTO',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  documentNumber: 'L898902C3',
  nationality: 'UTO',
  birthDate: '1974-08-12',
  expiryDate: '2012-04-15',
  sex: 'F',
  personalNumber: 'ZE184226B',
};

/** The specimen's second line with `text` at `start` and every check digit made right again. */
const specimenWith = (start: number, text: string) => {
  const data = SPECIMEN[1].slice(0, start) + text + SPECIMEN[1].slice(start + text.length, 43);
  const fix = (line: string, at: number, from: number) =>
    line.slice(0, at) + mrzCheckDigit(line.slice(from, at)) + line.slice(at + 1);
  const checked = fix(fix(fix(data, 9, 0), 19, 13), 27, 21);
  const composite = checked.slice(0, 10) + checked.slice(13, 20) + checked.slice(21, 43);
  return [SPECIMEN[0], checked + mrzCheckDigit(composite)] as const;
};

describe('mrzCheckDigit', () => {
  it('gives the check digits of the ICAO specimen', () => {
    expect(mrzCheckDigit('L898902C3')).toBe(6);
    expect(mrzCheckDigit('740812')).toBe(2);
    expect(mrzCheckDigit('120415')).toBe(9);
    expect(mrzCheckDigit('ZE184226B<<<<<')).toBe(1);
    expect(mrzCheckDigit('L898902C3674081221204159ZE184226B<<<<<1')).toBe(0);
  });

  it('counts fillers as 0 and refuses characters outside the MRZ', () => {
    expect(mrzCheckDigit('<<<<<<<<<<<<<<')).toBe(0);
    expect(() => mrzCheckDigit('ab')).toThrow(RangeError);
  });
});

describe('parseTd3: valid passports', () => {
  it('reads the ICAO specimen', () => {
    expect(parseTd3(SPECIMEN, TODAY)).toEqual({ ok: true, fields: SPECIMEN_FIELDS });
  });

  it('reads a German passport: D<< is D, an empty personal number has < as check digit', () => {
    const lines = [
      'P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<',
      'C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4',
    ] as const;
    expect(parseTd3(lines, TODAY)).toEqual({
      ok: true,
      fields: {
        documentType: 'P',
        issuingCountry: 'D',
        surname: 'MUSTERMANN',
        givenNames: 'ERIKA',
        documentNumber: 'C01X00T47',
        nationality: 'D',
        birthDate: '1964-08-12',
        expiryDate: '2027-02-28',
        sex: 'F',
        personalNumber: '',
      },
    });
  });

  it('accepts 0 as the check digit of an empty personal number', () => {
    const [first, second] = [
      'P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<',
      'C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<04',
    ];
    expect(parseTd3([first, second], TODAY).ok).toBe(true);
  });

  it('reads a hyphen and an apostrophe (printed as <) as spaces, and < as sex X', () => {
    const lines = [
      'P<IRLO<NEILL<SMITH<<MARY<JANE<<<<<<<<<<<<<<<',
      'PA12345673IRL1107032<3107025<<<<<<<<<<<<<<<4',
    ] as const;
    expect(parseTd3(lines, TODAY)).toMatchObject({
      ok: true,
      fields: { surname: 'O NEILL SMITH', givenNames: 'MARY JANE', sex: 'X', personalNumber: '' },
    });
  });

  it('reads a surname without given names', () => {
    const [first, second] = td3Lines({ ...SPECIMEN_FIELDS, surname: 'SUKARNO', givenNames: '' });
    expect(first).toBe('P<UTOSUKARNO<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<');
    expect(parseTd3([first, second], TODAY)).toMatchObject({
      ok: true,
      fields: { surname: 'SUKARNO', givenNames: '' },
    });
  });
});

describe('parseTd3: check digits', () => {
  const broken: [Td3CheckedField, number][] = [
    ['documentNumber', 9],
    ['birthDate', 19],
    ['expiryDate', 27],
    ['personalNumber', 42],
    ['composite', 43],
  ];

  it.each(broken)('refuses a wrong %s check digit, naming the field', (field, at) => {
    const second = SPECIMEN[1];
    const wrong = String((Number(second[at]) + 1) % 10);
    const lines = [SPECIMEN[0], second.slice(0, at) + wrong + second.slice(at + 1)] as const;
    expect(parseTd3(lines, TODAY)).toEqual({
      ok: false,
      problem: { code: 'mrzCheckDigit', field },
    });
  });

  it('refuses a misread character in the document number', () => {
    const lines = [SPECIMEN[0], `L898903C3${SPECIMEN[1].slice(9)}`] as const;
    expect(parseTd3(lines, TODAY)).toEqual({
      ok: false,
      problem: { code: 'mrzCheckDigit', field: 'documentNumber' },
    });
  });

  it('refuses < as the check digit of a personal number that is there', () => {
    const lines = [SPECIMEN[0], `${SPECIMEN[1].slice(0, 42)}<0`] as const;
    expect(parseTd3(lines, TODAY)).toEqual({
      ok: false,
      problem: { code: 'mrzCheckDigit', field: 'personalNumber' },
    });
  });
});

describe('parseTd3: OCR text', () => {
  it('corrects letters read in dates and check digits, and digits read in countries and names', () => {
    const lines = [
      'P<UT0ER1KSS0N<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<',
      'L898902C36UTO74O8I2ZFI2O4I59ZE184226B<<<<<IO',
    ] as const;
    expect(parseTd3(lines, TODAY)).toEqual({ ok: true, fields: SPECIMEN_FIELDS });
  });

  it('leaves the document number as read: its letters and digits are both valid', () => {
    const lines = [SPECIMEN[0], `L8989O2C3${SPECIMEN[1].slice(9)}`] as const;
    expect(parseTd3(lines, TODAY)).toMatchObject({
      ok: false,
      problem: { code: 'mrzCheckDigit', field: 'documentNumber' },
    });
  });

  it('finds the lines in noisy text: other lines, blank lines, spaces, lower case', () => {
    const text = [
      '  UTOPIA   PASSPORT / PASSEPORT',
      'Surname ERIKSSON',
      '',
      ' p<utoeriksson<<anna<maria<< <<<<<<<<<<<<<<<<<  ',
      '   ',
      '\tL898902C36UTO 7408122F1204159 ZE184226B<<<<<10',
      '',
    ].join('\r\n');
    expect(parseTd3(text, TODAY)).toEqual({ ok: true, fields: SPECIMEN_FIELDS });
  });

  it.each([
    ['empty text', ''],
    ['text without an MRZ', 'PASSPORT\nERIKSSON ANNA MARIA'],
    ['only the first line', SPECIMEN[0]],
    ['a line one character short', `${SPECIMEN[0]}\n${SPECIMEN[1].slice(1)}`],
    ['a visa (V, not P)', `V${SPECIMEN[0].slice(1)}\n${SPECIMEN[1]}`],
    [
      'a sex that is not M, F or <',
      `${SPECIMEN[0]}\n${SPECIMEN[1].slice(0, 20)}K${SPECIMEN[1].slice(21)}`,
    ],
  ])('finds no MRZ in %s', (_, text) => {
    expect(parseTd3(text, TODAY)).toEqual({ ok: false, problem: { code: 'mrzNotFound' } });
  });
});

describe('parseTd3: dates', () => {
  it.each([
    ['birthDate', 13, '741312'],
    ['birthDate', 13, '740230'],
    ['birthDate', 13, '7408<<'],
    ['expiryDate', 21, '120431'],
  ] as const)('refuses an impossible %s (%s at %i)', (field, at, date) => {
    expect(parseTd3(specimenWith(at, date), TODAY)).toEqual({
      ok: false,
      problem: { code: 'mrzInvalidDate', field },
    });
  });

  it.each([
    ['260310', '2026-03-10'],
    ['260311', '1926-03-11'],
    ['000229', '2000-02-29'],
    ['991231', '1999-12-31'],
  ])('puts birth date %s in the latest century that is not after today: %s', (date, iso) => {
    expect(parseTd3(specimenWith(13, date), TODAY)).toMatchObject({
      ok: true,
      fields: { birthDate: iso },
    });
  });

  it('puts every expiry date in the 2000s, expired or not', () => {
    expect(parseTd3(specimenWith(21, '991231'), TODAY)).toMatchObject({
      fields: { expiryDate: '2099-12-31' },
    });
    expect(parseTd3(specimenWith(21, '000101'), TODAY)).toMatchObject({
      fields: { expiryDate: '2000-01-01' },
    });
  });
});

describe('td3Lines', () => {
  it('builds the ICAO specimen', () => {
    expect(td3Lines(SPECIMEN_FIELDS)).toEqual(SPECIMEN);
  });

  it.each<[string, Td3Fields]>([
    ['the specimen', SPECIMEN_FIELDS],
    [
      'a German passport with no personal number',
      {
        ...SPECIMEN_FIELDS,
        issuingCountry: 'D',
        nationality: 'D',
        documentNumber: 'C01X00T47',
        personalNumber: '',
      },
    ],
    [
      'a diplomatic passport, sex X, a short number and a child born this year',
      {
        ...SPECIMEN_FIELDS,
        documentType: 'PD',
        documentNumber: '12345',
        sex: 'X',
        birthDate: '2026-01-31',
        expiryDate: '2031-01-30',
      },
    ],
    [
      'names filling all 39 characters',
      { ...SPECIMEN_FIELDS, surname: 'VAN DER BERG', givenNames: 'JOHANNES MARIA ALEXANDR' },
    ],
  ])('round-trips %s through parseTd3', (_, fields) => {
    const lines = td3Lines(fields);
    expect(lines.map((line) => line.length)).toEqual([44, 44]);
    expect(parseTd3(lines, TODAY)).toEqual({ ok: true, fields });
  });

  it('refuses fields that do not fit the MRZ', () => {
    expect(() => td3Lines({ ...SPECIMEN_FIELDS, givenNames: 'A'.repeat(30) })).toThrow(RangeError);
    expect(() => td3Lines({ ...SPECIMEN_FIELDS, documentNumber: 'A1234567890' })).toThrow(
      RangeError,
    );
    expect(() => td3Lines({ ...SPECIMEN_FIELDS, birthDate: '1974-13-01' })).toThrow(RangeError);
  });
});
