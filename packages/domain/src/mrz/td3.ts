// The passport machine-readable zone (ICAO Doc 9303 Part 4, TD3: two lines of 44 characters),
// read from OCR text and accepted only when every check digit is right.
import { type IsoDate, isIsoDate } from '../dates.ts';
import { mrzCheckDigit } from './check-digit.ts';
import { findTd3, type SecondLine } from './read.ts';

export interface Td3Fields {
  /** `P`, or `P` and the state's type letter (`PD`, `PO`…). */
  documentType: string;
  /** As in the MRZ: ISO 3166-1 alpha-3, or ICAO's own codes (`D` for Germany, `UTO`). */
  issuingCountry: string;
  /** Words separated by single spaces; a hyphen or apostrophe in the passport is a space here. */
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  birthDate: IsoDate;
  expiryDate: IsoDate;
  /** `X` where the MRZ has `<` (unspecified). */
  sex: 'M' | 'F' | 'X';
  /** The optional data, usually a personal number; empty when unused. */
  personalNumber: string;
}

/** What a check digit protects; `composite` covers the whole second line but names and sex. */
export type Td3CheckedField =
  | 'documentNumber'
  | 'birthDate'
  | 'expiryDate'
  | 'personalNumber'
  | 'composite';

type Td3Problem =
  | { code: 'mrzNotFound' }
  | { code: 'mrzCheckDigit'; field: Td3CheckedField }
  | { code: 'mrzInvalidDate'; field: 'birthDate' | 'expiryDate' };

export type Td3Result = { ok: true; fields: Td3Fields } | { ok: false; problem: Td3Problem };

const withoutFillers = (text: string) => text.replace(/<+$/, '');
const words = (text: string) => text.split('<').filter(Boolean).join(' ');
const isRight = (data: string, checkDigit: string) => String(mrzCheckDigit(data)) === checkDigit;

/** The first check digit that is wrong, in the order of the line. */
const wrongCheckDigit = (line: SecondLine): Td3CheckedField | undefined => {
  const unusedPersonalNumber = /^<*$/.test(line.personalNumber);
  const composite =
    line.documentNumber +
    line.documentNumberCheck +
    line.birthDate +
    line.birthDateCheck +
    line.expiryDate +
    line.expiryDateCheck +
    line.personalNumber +
    line.personalNumberCheck;
  const checks: [Td3CheckedField, boolean][] = [
    ['documentNumber', isRight(line.documentNumber, line.documentNumberCheck)],
    ['birthDate', isRight(line.birthDate, line.birthDateCheck)],
    ['expiryDate', isRight(line.expiryDate, line.expiryDateCheck)],
    // Doc 9303 lets an unused optional-data field have `<` or 0 as its check digit.
    [
      'personalNumber',
      (unusedPersonalNumber && line.personalNumberCheck === '<') ||
        isRight(line.personalNumber, line.personalNumberCheck),
    ],
    ['composite', isRight(composite, line.compositeCheck)],
  ];
  return checks.find(([, right]) => !right)?.[0];
};

/** YYMMDD in the given century as an ISO date, or undefined if it is not a real date. */
const isoDate = (yymmdd: string, century: '19' | '20'): IsoDate | undefined => {
  const iso = `${century}${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  return /^\d{6}$/.test(yymmdd) && isIsoDate(iso) ? iso : undefined;
};

/**
 * A birth date's century is the latest that does not put it after today: on 2026-03-10,
 * 260310 is 2026 and 260311 is 1926. A traveller over 100 is read as a young child.
 */
const birthDateOf = (yymmdd: string, today: IsoDate) => {
  const recent = isoDate(yymmdd, '20');
  return recent !== undefined && recent <= today ? recent : isoDate(yymmdd, '19');
};

/**
 * An expiry date is always 20YY: a passport runs at most about 10 years, so one read today
 * expires this century (passports expiring from 2100 will need a rule like the birth date's).
 */
const expiryDateOf = (yymmdd: string) => isoDate(yymmdd, '20');

const refuse = (problem: Td3Problem): Td3Result => ({ ok: false, problem });

/**
 * A passport's fields from its MRZ: the two lines, or OCR text holding them. `today` (ISO) sets
 * the birth date's century. Refused unless a TD3 is found and every check digit and date is right.
 */
export const parseTd3 = (input: readonly [string, string] | string, today: IsoDate): Td3Result => {
  const found = findTd3(typeof input === 'string' ? input : input.join('\n'));
  if (!found) return refuse({ code: 'mrzNotFound' });
  const { first, second } = found;

  const wrong = wrongCheckDigit(second);
  if (wrong) return refuse({ code: 'mrzCheckDigit', field: wrong });
  const birthDate = birthDateOf(second.birthDate, today);
  if (!birthDate) return refuse({ code: 'mrzInvalidDate', field: 'birthDate' });
  const expiryDate = expiryDateOf(second.expiryDate);
  if (!expiryDate) return refuse({ code: 'mrzInvalidDate', field: 'expiryDate' });

  // `<<` ends the surname (the primary identifier); `<` separates words within each name.
  const [surname = '', ...givenNames] = withoutFillers(first.slice(5)).split('<<');
  return {
    ok: true,
    fields: {
      documentType: withoutFillers(first.slice(0, 2)),
      issuingCountry: withoutFillers(first.slice(2, 5)),
      surname: words(surname),
      givenNames: words(givenNames.join('<')),
      documentNumber: withoutFillers(second.documentNumber),
      nationality: withoutFillers(second.nationality),
      birthDate,
      expiryDate,
      sex: second.sex === '<' ? 'X' : (second.sex as Td3Fields['sex']),
      personalNumber: withoutFillers(second.personalNumber),
    },
  };
};
