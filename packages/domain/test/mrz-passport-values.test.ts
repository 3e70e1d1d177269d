// What a read MRZ fills on the passport step (issue 14): the values are the step's own, so the
// step's rules accept them as if typed.
import { describe, expect, it } from 'vitest';
import {
  type PassportValues,
  passportStep,
  passportValuesFromMrz,
  type Td3Fields,
  validateStep,
} from '../src/index.ts';
import {
  context,
  countryChoice,
  passportCountryChoice,
  reference,
  validDraft,
  validValues,
} from './fixtures.ts';

const FIELDS: Td3Fields = {
  documentType: 'P',
  issuingCountry: 'D',
  surname: 'MUELLER',
  givenNames: 'ANNA MARIA',
  documentNumber: 'C01X00T47',
  nationality: 'DEU',
  birthDate: '1984-08-12',
  expiryDate: '2031-04-15',
  sex: 'F',
  personalNumber: '',
};

describe('passportValuesFromMrz', () => {
  it('fills the number, names, dates, sex and both countries (ICAO D is Germany)', () => {
    expect(passportValuesFromMrz(FIELDS, reference)).toEqual({
      passportNum: 'C01X00T47',
      lastName: 'MUELLER',
      firstName: 'ANNA MARIA',
      dayPassportExpire: '15',
      monthPassportExpire: '04',
      yearPassportExpire: '2031',
      dayBirth: '12',
      monthBirth: '08',
      yearBirth: '1984',
      passportCountryId: passportCountryChoice('DEU'),
      nationalityId: countryChoice('DEU'),
      gender: '2:Female',
    });
  });

  it('leaves out a country the step does not offer (Israel), and maps X to unspecified', () => {
    const values = passportValuesFromMrz(
      { ...FIELDS, issuingCountry: 'ISR', nationality: 'ISR', sex: 'X' },
      reference,
    );
    expect(values.passportCountryId).toBeUndefined();
    expect(values.nationalityId).toBeUndefined();
    expect(values.gender).toBe('3:Unspecified (X)');
  });

  it('gives values the passport step accepts once the traveller adds what the MRZ lacks', () => {
    const read = passportValuesFromMrz(
      { ...FIELDS, issuingCountry: 'USA', nationality: 'USA' },
      reference,
    );
    // The issue date, type, biometric answer and birth country are the traveller's own.
    const values: PassportValues = { ...validValues().passport, ...read };
    const errors = validateStep(passportStep, values, context(validDraft())).filter(
      (issue) => issue.severity === 'error',
    );
    expect(errors).toEqual([]);
  });
});
