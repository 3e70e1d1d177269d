// SPEC §5 "Personal details" (page 1/2).
import { describe, expect, it } from 'vitest';
import {
  countryValue,
  EMPLOYER_FIELDS,
  MAX_ADDITIONAL_NATIONALITIES,
  passportCountryOptions,
  personalStep,
} from '../src/index.ts';
import {
  buildDraft,
  context,
  countryChoice,
  err,
  issuesOf,
  occupationChoice,
  passportCountryChoice,
  reference,
  type ValidValues,
  validDraft,
  validValues,
  warn,
} from './fixtures.ts';

// Possible numbers (decision 041) at SPEC's bounds: Andorra's +376 312345, a German +49 mobile.
const NINE_DIGITS = '376312345';
const FIFTEEN_DIGITS = '491511234567890';

type Values = ValidValues['personal'];
const check = (changes: Partial<Values>, draft = validDraft()) =>
  issuesOf(personalStep, { ...validValues().personal, ...changes }, draft);
/** The draft of a traveller whose passport country is 710, the exception. */
const exceptionDraft = () =>
  buildDraft({ passport: { passportCountryId: passportCountryChoice('ZAF') } });
const nationalities = (...codes: string[]) => ({
  anotherNationalityArray: codes.map(countryChoice),
});
const ENEMIES = ['LBN', 'SYR', 'IRN', 'IRQ', 'YEM'];

describe('§5 Personal details: additional nationalities', () => {
  const others = () =>
    passportCountryOptions(reference.allcountry)
      .filter((c) => c.COUNTRY_CODE !== 'USA')
      .map(countryValue);

  it('none is fine', () => {
    expect(check({ anotherNationalityArray: [] })).toEqual([]);
  });

  it('§5 Personal details: 5 additional nationalities are accepted', () => {
    expect(MAX_ADDITIONAL_NATIONALITIES).toBe(5);
    expect(check({ anotherNationalityArray: others().slice(0, 5) })).toEqual([]);
  });

  it('§5 Personal details: 6 additional nationalities are blocked with tooManyNationalities', () => {
    expect(check({ anotherNationalityArray: others().slice(0, 6) })).toEqual([
      err('anotherNationalityArray', 'tooManyNationalities'),
    ]);
  });

  it('§5 Personal details: an Israeli additional nationality gives the nationalityIsraeliWarning warning', () => {
    expect(check(nationalities('ISR'))).toEqual([
      warn('anotherNationalityArray', 'nationalityIsraeliWarning'),
    ]);
  });

  it('§5 Personal details: a Palestinian additional nationality with passport country not 710 is blocked with nationalityPalestinian', () => {
    expect(check(nationalities('PSE'))).toEqual([
      err('anotherNationalityArray', 'nationalityPalestinian'),
    ]);
  });

  it('§5 Personal details: a Palestinian additional nationality with passport country 710 is accepted', () => {
    expect(check(nationalities('PSE'), exceptionDraft())).toEqual([]);
  });

  it.each(ENEMIES)(
    '§5 Personal details: enemy additional nationality %s with passport country not 710 is blocked with nationalityEnemy',
    (code) => {
      expect(check(nationalities(code))).toEqual([
        err('anotherNationalityArray', 'nationalityEnemy'),
      ]);
    },
  );

  it.each(ENEMIES)(
    '§5 Personal details: enemy additional nationality %s with passport country 710 is accepted',
    (code) => {
      expect(check(nationalities(code), exceptionDraft())).toEqual([]);
    },
  );

  it("§5 Personal details: the passport's own country is blocked with nationalitySameAsPassport", () => {
    expect(check(nationalities('USA'))).toEqual([
      err('anotherNationalityArray', 'nationalitySameAsPassport'),
    ]);
  });

  it('§5 Personal details: a country that no longer exists is not offered (choiceInvalid)', () => {
    expect(check(nationalities('SUN'))).toEqual([err('anotherNationalityArray', 'choiceInvalid')]);
  });

  it('reports each problem choice', () => {
    expect(check(nationalities('GBR', 'ISR', 'LBN'))).toEqual([
      warn('anotherNationalityArray', 'nationalityIsraeliWarning'),
      err('anotherNationalityArray', 'nationalityEnemy'),
    ]);
  });
});

describe('§5 Personal details: family', () => {
  it('§5 Personal details: marital status is required', () => {
    expect(check({ maritalStatusId: '' })).toEqual([err('maritalStatusId', 'required')]);
    expect(check({ maritalStatusId: '99:Other' })).toEqual([
      err('maritalStatusId', 'choiceInvalid'),
    ]);
  });

  it.each(['fatherFirstName', 'motherFirstName'] as const)(
    '§5 Personal details: %s has 2 to 15 letters (1/2 and 15/16)',
    (field) => {
      expect(check({ [field]: '' })).toEqual([err(field, 'required')]);
      expect(check({ [field]: 'A' })).toEqual([err(field, 'tooShort')]);
      expect(check({ [field]: 'AB' })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(15) })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(16) })).toEqual([err(field, 'tooLong')]);
      expect(check({ [field]: 'Mary Ann' })).toEqual([]);
      expect(check({ [field]: 'Mary-Ann' })).toEqual([err(field, 'lettersOnly')]);
    },
  );

  it.each(['fatherLastName', 'motherLastName'] as const)(
    '§5 Personal details: %s has 2 to 39 letters (1/2 and 39/40)',
    (field) => {
      expect(check({ [field]: '' })).toEqual([err(field, 'required')]);
      expect(check({ [field]: 'A' })).toEqual([err(field, 'tooShort')]);
      expect(check({ [field]: 'AB' })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(39) })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(40) })).toEqual([err(field, 'tooLong')]);
      expect(check({ [field]: ' Doe' })).toEqual([err(field, 'singleSpaces')]);
    },
  );
});

describe('§5 Personal details: contact', () => {
  it('§5 Personal details: mobile phone is required, 9 to 15 digits (8/9 and 15/16)', () => {
    const field = 'mobilePhoneNum';
    expect(check({ [field]: '' })).toEqual([err(field, 'required')]);
    expect(check({ [field]: '12345678' })).toEqual([err(field, 'phoneInvalid')]);
    expect(check({ [field]: NINE_DIGITS })).toEqual([]);
    expect(check({ [field]: FIFTEEN_DIGITS })).toEqual([]);
    expect(check({ [field]: '1234567890123456' })).toEqual([err(field, 'phoneInvalid')]);
    expect(check({ [field]: '212-555-1234' })).toEqual([err(field, 'phoneInvalid')]);
  });

  it('§5 Personal details: home phone is optional, 9 to 15 digits (8/9 and 15/16)', () => {
    const field = 'homePhoneNum';
    expect(check({ [field]: '' })).toEqual([]);
    expect(check({ [field]: '12345678' })).toEqual([err(field, 'phoneInvalid')]);
    expect(check({ [field]: NINE_DIGITS })).toEqual([]);
    expect(check({ [field]: FIFTEEN_DIGITS })).toEqual([]);
    expect(check({ [field]: '1234567890123456' })).toEqual([err(field, 'phoneInvalid')]);
  });
});

describe('§5 Personal details: home address', () => {
  it('§5 Personal details: home country is required', () => {
    expect(check({ addressCountryId: '' })).toEqual([err('addressCountryId', 'required')]);
  });

  it.each(ENEMIES)(
    '§5 Personal details: enemy home country %s with passport country not 710 is blocked with homeCountryEnemy',
    (code) => {
      expect(check({ addressCountryId: countryChoice(code) })).toEqual([
        err('addressCountryId', 'homeCountryEnemy'),
      ]);
    },
  );

  it('§5 Personal details: enemy home country with passport country 710 is accepted', () => {
    expect(check({ addressCountryId: countryChoice('LBN') }, exceptionDraft())).toEqual([]);
  });

  it('a home country that no longer exists is refused', () => {
    expect(check({ addressCountryId: countryChoice('SUN') })).toEqual([
      err('addressCountryId', 'choiceInvalid'),
    ]);
  });

  it('§5 Personal details: town is required, letters and single spaces, at most 50 (50/51)', () => {
    const field = 'addressTownName';
    expect(check({ [field]: '' })).toEqual([err(field, 'required')]);
    expect(check({ [field]: 'A'.repeat(50) })).toEqual([]);
    expect(check({ [field]: 'A'.repeat(51) })).toEqual([err(field, 'tooLong')]);
    expect(check({ [field]: 'Saint Louis' })).toEqual([]);
    expect(check({ [field]: 'St. Louis' })).toEqual([err(field, 'lettersOnly')]);
    expect(check({ [field]: 'Saint  Louis' })).toEqual([err(field, 'singleSpaces')]);
  });
});

describe('§5 Personal details: occupation', () => {
  it('§5 Personal details: occupation is required', () => {
    expect(check({ companyOccupationTypeId: '' })).toEqual([
      err('companyOccupationTypeId', 'required'),
    ]);
    expect(check({ companyOccupationTypeId: '99:Astronaut' })).toEqual([
      err('companyOccupationTypeId', 'choiceInvalid'),
    ]);
  });

  it.each([1, 5])(
    '§5 Personal details: occupation %i requires companyName, companyRole and companyPhoneNum',
    (code) => {
      const occupation = occupationChoice(code);
      for (const field of ['companyName', 'companyRole', 'companyPhoneNum'] as const) {
        expect(check({ companyOccupationTypeId: occupation, [field]: '' })).toEqual([
          err(field, 'required'),
        ]);
      }
      expect(check({ companyOccupationTypeId: occupation, companyEmailAddress: '' })).toEqual([]);
    },
  );

  it.each(['companyName', 'companyRole'] as const)(
    '§5 Personal details: %s is at most 50 (50/51) of letters, digits , . : - and space',
    (field) => {
      expect(check({ [field]: 'A'.repeat(50) })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(51) })).toEqual([err(field, 'tooLong')]);
      expect(check({ [field]: 'Acme Ltd., Unit 4-B: HQ' })).toEqual([]);
      expect(check({ [field]: 'Acme & Sons' })).toEqual([err(field, 'restrictedCharacters')]);
    },
  );

  it('§5 Personal details: company phone is 9 to 15 digits (8/9 and 15/16)', () => {
    const field = 'companyPhoneNum';
    expect(check({ [field]: '12345678' })).toEqual([err(field, 'phoneInvalid')]);
    expect(check({ [field]: NINE_DIGITS })).toEqual([]);
    expect(check({ [field]: FIFTEEN_DIGITS })).toEqual([]);
    expect(check({ [field]: '1234567890123456' })).toEqual([err(field, 'phoneInvalid')]);
  });

  it('§5 Personal details: company email is optional, at most 60 (60/61), valid format', () => {
    const field = 'companyEmailAddress';
    const emailOfLength = (n: number) => `${'a'.repeat(n - '@acme.com'.length)}@acme.com`;
    expect(check({ [field]: emailOfLength(60) })).toEqual([]);
    expect(check({ [field]: emailOfLength(61) })).toEqual([err(field, 'tooLong')]);
    expect(check({ [field]: 'hr@acme' })).toEqual([err(field, 'companyEmailInvalid')]);
  });

  it('§5 Personal details: for occupation 2 the employer fields are not asked', () => {
    expect(
      check({
        companyOccupationTypeId: occupationChoice(2),
        companyName: 'Acme & Sons',
        companyRole: '',
        companyPhoneNum: '12',
        companyEmailAddress: 'not-an-email',
      }),
    ).toEqual([]);
  });

  it('§5 Personal details: for occupation 2 all four employer fields are cleared in the draft', () => {
    const values = { ...validValues().personal, companyOccupationTypeId: occupationChoice(2) };
    const bearer = personalStep.toDraft(values, context(validDraft())).bearerList[0]!;
    expect(bearer.companyOccupationTypeId).toEqual({ id: 2, Description: 'Unemployed' });
    for (const field of EMPLOYER_FIELDS) expect(bearer[field]).toBe('');
  });

  it.each([1, 5])('§5 Personal details: for occupation %i the employer fields are kept', (code) => {
    const values = { ...validValues().personal, companyOccupationTypeId: occupationChoice(code) };
    const bearer = personalStep.toDraft(values, context(validDraft())).bearerList[0]!;
    expect(bearer.companyName).toBe('Acme Inc.');
    expect(bearer.companyRole).toBe('Engineer');
    expect(bearer.companyPhoneNum).toBe('12125550000');
    expect(bearer.companyEmailAddress).toBe('hr@acme.com');
  });
});
