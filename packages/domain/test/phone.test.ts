// Phones as people type them (issue 25 item 6, decision 041): national form read in the
// passport's country, international form as written, kept as the international number's digits,
// refused when not a possible number for its country.
import { describe, expect, it } from 'vitest';
import {
  applicantStep,
  countryOfPhone,
  internationalPhoneDigits,
  messageText,
  personalStep,
  phoneNumberProblem,
  SOMEONE_ELSE_VALUE,
  storedPhoneDigits,
} from '../src/index.ts';
import { buildDraft, context, issuesOf, passportCountryChoice, validValues } from './fixtures.ts';

describe('internationalPhoneDigits: a number as typed, in the country it is dialled from', () => {
  it('UK national: 07700 900123 in the United Kingdom is +44 7700 900123', () => {
    expect(internationalPhoneDigits('07700 900123', 'GB')).toBe('447700900123');
  });

  it('US: (212) 555-1234 in the United States is +1 212 555 1234', () => {
    expect(internationalPhoneDigits('(212) 555-1234', 'US')).toBe('12125551234');
  });

  it('Israeli: 050-123-4567 in Israel is +972 50 123 4567', () => {
    expect(internationalPhoneDigits('050-123-4567', 'IL')).toBe('972501234567');
  });

  it('international form (+ or 00) is read as written, whatever the country', () => {
    expect(internationalPhoneDigits('+44 7700 900123', 'US')).toBe('447700900123');
    expect(internationalPhoneDigits('0044 7700 900123', 'IL')).toBe('447700900123');
  });

  it('without a country, the digits as they are; a lone national prefix is the dial code', () => {
    expect(internationalPhoneDigits('44 7700 900123')).toBe('447700900123');
    expect(internationalPhoneDigits('0', 'GB')).toBe('44');
    expect(internationalPhoneDigits('', 'GB')).toBe('');
  });
});

describe('storedPhoneDigits: a stored number (digits only) read with the passport country', () => {
  it('a leading 0 is the national prefix: converted with the country', () => {
    expect(storedPhoneDigits('07700900123', 'GB')).toBe('447700900123');
    expect(storedPhoneDigits('0501234567', 'IL')).toBe('972501234567');
  });

  it('other digits are already international; 00 is the international prefix', () => {
    expect(storedPhoneDigits('12125551234', 'GB')).toBe('12125551234');
    expect(storedPhoneDigits('00447700900123', 'US')).toBe('447700900123');
    expect(storedPhoneDigits('07700900123')).toBe('07700900123');
  });
});

describe('phoneNumberProblem: possible for its country', () => {
  it('accepts the possible numbers of the United Kingdom, the United States and Israel', () => {
    expect(phoneNumberProblem('447700900123')).toBeUndefined();
    expect(phoneNumberProblem('12125551234')).toBeUndefined();
    expect(phoneNumberProblem('972501234567')).toBeUndefined();
  });

  it('impossible: too long or too short for the country, named', () => {
    expect(phoneNumberProblem('4477009001234')).toEqual({
      message: 'phoneNotPossible',
      country: 'GB',
    });
    expect(phoneNumberProblem('97250123')).toEqual({ message: 'phoneNotPossible', country: 'IL' });
    expect(phoneNumberProblem('1212555123')).toEqual({
      message: 'phoneNotPossible',
      country: 'US',
    });
  });

  it('a dial code no country has is not a valid number', () => {
    expect(phoneNumberProblem('999123456789')).toEqual({ message: 'phoneInvalid' });
  });

  it('the country is guessed from the number (SPEC §5: first 6 digits), else the dial code’s main one', () => {
    expect(countryOfPhone('447700900123')).toBe('GB');
    expect(countryOfPhone('972501234567')).toBe('IL');
    expect(countryOfPhone('12125551234')).toBe('US');
    expect(countryOfPhone('')).toBeUndefined();
  });

  it('the message names the country', () => {
    expect(messageText('phoneNotPossible', { country: 'GB' })).toBe(
      'This is not a possible phone number for this country: United Kingdom. Check the number and the country.',
    );
  });
});

describe('the personal step reads phones in the passport’s country', () => {
  const britishDraft = () =>
    buildDraft({ passport: { passportCountryId: passportCountryChoice('GBR') } });
  const personal = (changes: Partial<ReturnType<typeof validValues>['personal']>) => ({
    ...validValues().personal,
    anotherNationalityArray: [],
    ...changes,
  });

  it('UK national with a British passport: accepted, stored as +44', () => {
    const values = personal({ mobilePhoneNum: '07700900123', homePhoneNum: '02079460958' });
    expect(issuesOf(personalStep, values, britishDraft())).toEqual([]);
    const bearer = personalStep.toDraft(values, context(britishDraft())).bearerList[0];
    expect(bearer?.mobilePhoneNum).toBe('447700900123');
    expect(bearer?.homePhoneNum).toBe('442079460958');
  });

  it('US and Israeli numbers in international form are kept as they are', () => {
    const values = personal({ mobilePhoneNum: '12125551234', homePhoneNum: '972501234567' });
    expect(issuesOf(personalStep, values, britishDraft())).toEqual([]);
    const bearer = personalStep.toDraft(values, context(britishDraft())).bearerList[0];
    expect(bearer?.mobilePhoneNum).toBe('12125551234');
    expect(bearer?.homePhoneNum).toBe('972501234567');
  });

  it('an impossible number is refused, naming its country', () => {
    const values = personal({ mobilePhoneNum: '077009001234' });
    expect(issuesOf(personalStep, values, britishDraft())).toEqual([
      {
        field: 'mobilePhoneNum',
        message: 'phoneNotPossible',
        severity: 'error',
        values: { country: 'GB' },
      },
    ]);
    expect(
      issuesOf(personalStep, personal({ homePhoneNum: '1212555123' }), britishDraft()),
    ).toEqual([
      {
        field: 'homePhoneNum',
        message: 'phoneNotPossible',
        severity: 'error',
        values: { country: 'US' },
      },
    ]);
  });
});

describe('the start step reads the applicant’s phone in their passport’s country', () => {
  const applicant = (phone: string, country: string) => ({
    ...validValues().applicant,
    groupTypeId: SOMEONE_ELSE_VALUE,
    applicantLastName: 'SMITH',
    applicantFirstName: 'JANE',
    applicantPassportNum: '123456789',
    applicantPassportCountryId: passportCountryChoice(country),
    applicantMobilePhoneNum: phone,
  });

  it('UK national with a British passport: accepted, stored as +44', () => {
    const values = applicant('07700900123', 'GBR');
    expect(issuesOf(applicantStep, values)).toEqual([]);
    const draft = applicantStep.toDraft(values, context());
    expect(draft.applicantMobilePhoneNum).toBe('447700900123');
    expect(draft.applicantTsadGimel?.applicantMobilePhoneNum).toBe('447700900123');
  });

  it('an impossible number is refused, naming its country', () => {
    expect(issuesOf(applicantStep, applicant('077009001234', 'GBR'))).toEqual([
      {
        field: 'applicantMobilePhoneNum',
        message: 'phoneNotPossible',
        severity: 'error',
        values: { country: 'GB' },
      },
    ]);
  });
});
