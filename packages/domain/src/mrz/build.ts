// The MRZ lines of a passport with the given fields, every check digit right: the inverse of
// parseTd3, for tests that need a passport (the web tests draw data-page images with it).
import { isIsoDate } from '../dates.ts';
import { mrzCheckDigit } from './check-digit.ts';
import type { Td3Fields } from './td3.ts';

/** Text as an MRZ field of the given length: capitals, anything else `<`, filled with `<`. */
const field = (text: string, length: number, name: string) => {
  const mrz = text.toUpperCase().replace(/[^A-Z0-9]/g, '<');
  if (mrz.length > length) throw new RangeError(`${name} is longer than ${length} characters`);
  return mrz.padEnd(length, '<');
};

const yymmdd = (iso: string, name: string) => {
  if (!isIsoDate(iso)) throw new RangeError(`${name} is not an ISO date: ${iso}`);
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
};

const withCheckDigit = (text: string) => text + mrzCheckDigit(text);

/** The two 44-character TD3 lines of the fields; throws if a field does not fit the MRZ. */
export const td3Lines = (fields: Td3Fields): readonly [string, string] => {
  const names = fields.givenNames ? `${fields.surname}  ${fields.givenNames}` : fields.surname;
  const first =
    field(fields.documentType, 2, 'documentType') +
    field(fields.issuingCountry, 3, 'issuingCountry') +
    field(names, 39, 'names');

  const personalNumber = field(fields.personalNumber, 14, 'personalNumber');
  const data =
    withCheckDigit(field(fields.documentNumber, 9, 'documentNumber')) +
    field(fields.nationality, 3, 'nationality') +
    withCheckDigit(yymmdd(fields.birthDate, 'birthDate')) +
    (fields.sex === 'X' ? '<' : fields.sex) +
    withCheckDigit(yymmdd(fields.expiryDate, 'expiryDate')) +
    // An unused personal number has `<` for its check digit, as most passports print it.
    (fields.personalNumber ? withCheckDigit(personalNumber) : `${personalNumber}<`);
  // The composite covers all but the nationality and the sex.
  const composite = data.slice(0, 10) + data.slice(13, 20) + data.slice(21);
  return [first, data + mrzCheckDigit(composite)];
};
