// The MRZ against the stored passport (decision 047): every field compared in MRZ form, so that a
// name with a hyphen or small letters still matches, and each differing field is told apart.
import { describe, expect, it } from 'vitest';
import { compareMrzWithPassport, parseTd3, type Td3Fields, td3Lines } from '../src/index.ts';

const PASSPORT: Td3Fields = {
  documentType: 'P',
  issuingCountry: 'D',
  surname: 'MUELLER SCHMIDT',
  givenNames: 'ANNA LENA',
  documentNumber: 'C01X00T47',
  nationality: 'D',
  birthDate: '1985-02-11',
  expiryDate: '2031-08-30',
  sex: 'F',
  personalNumber: '',
};
const STORED = {
  documentNumber: 'c01x 00t47',
  birthDate: '1985-02-11',
  expiryDate: '2031-08-30',
  nationality: 'DEU',
  issuingCountry: 'DEU',
  surname: 'Mueller-Schmidt',
  givenNames: 'Anna Lena',
};
const read = (fields: Td3Fields) => {
  const parsed = parseTd3(td3Lines(fields), '2026-11-27');
  if (!parsed.ok) throw new Error(parsed.problem.code);
  return parsed.fields;
};

describe('compareMrzWithPassport', () => {
  it('matches the same passport, Germany’s D as DEU, names and numbers in MRZ form', () => {
    const rows = compareMrzWithPassport(read(PASSPORT), STORED);
    expect(rows.filter((r) => !r.matches)).toEqual([]);
    expect(rows.find((r) => r.field === 'surname')).toEqual({
      field: 'surname',
      given: 'MUELLER SCHMIDT',
      stored: 'MUELLER SCHMIDT',
      matches: true,
    });
  });

  it.each([
    ['documentNumber', { documentNumber: 'C01X00T48' }],
    ['birthDate', { birthDate: '1985-02-12' }],
    ['expiryDate', { expiryDate: '2031-08-31' }],
    ['nationality', { nationality: 'AUT' }],
    ['issuingCountry', { issuingCountry: 'AUT' }],
    ['surname', { surname: 'MUELLER' }],
    ['givenNames', { givenNames: 'ANNA' }],
  ] as const)('tells %s apart when it differs', (field, change) => {
    const rows = compareMrzWithPassport(read({ ...PASSPORT, ...change }), STORED);
    expect(rows.filter((r) => !r.matches).map((r) => r.field)).toEqual([field]);
  });
});
