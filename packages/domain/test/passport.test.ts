// SPEC §5 "Passport".
import { describe, expect, it } from 'vitest';
import {
  BIRTH_DATE,
  EXPIRY_DATE,
  ISSUE_DATE,
  MYSELF_VALUE,
  passportStep,
  RELATIONSHIP_TYPE,
} from '../src/index.ts';
import {
  boxes,
  buildDraft,
  context,
  countryChoice,
  err,
  issuesOf,
  passportCountryChoice,
  passportTypeChoice,
  type ValidValues,
  validDraft,
  validValues,
  warn,
} from './fixtures.ts';

type Values = ValidValues['passport'];
const check = (changes: Partial<Values>, draft = validDraft()) =>
  issuesOf(passportStep, { ...validValues().passport, ...changes }, draft);
const myselfDraft = () => buildDraft({ applicant: { groupTypeId: MYSELF_VALUE } });
const ENEMIES = ['LBN', 'SYR', 'IRN', 'IRQ', 'YEM'];

describe('§5 Passport: fields', () => {
  it('the valid values pass', () => {
    expect(check({})).toEqual([]);
  });

  it.each([
    'passportTypeId',
    'passportNum',
    'passportCountryId',
    'nationalityId',
    'isBiometricPassport',
    'lastName',
    'firstName',
    'dayPassportIssue',
    'monthPassportExpire',
    'yearBirth',
    'birthCountryId',
    'gender',
  ] as const)('§5 Passport: %s is required', (field) => {
    expect(check({ [field]: '' })).toEqual([err(field, 'required')]);
  });

  it('§5 Passport: the biometric choice is 0 or 1', () => {
    expect(check({ isBiometricPassport: '0' })).toEqual([]);
    expect(check({ isBiometricPassport: '2' })).toEqual([err('isBiometricPassport', 'required')]);
  });

  it('§5 Passport: a gender outside the list is refused', () => {
    expect(check({ gender: '9:Other' })).toEqual([err('gender', 'choiceInvalid')]);
  });

  it('§5 Passport: passport number 4 is invalid, 5 and 9 pass, 10 is invalid', () => {
    expect(check({ passportNum: 'AB12' })).toEqual([err('passportNum', 'passportNumberInvalid')]);
    expect(check({ passportNum: 'AB123' })).toEqual([]);
    expect(check({ passportNum: 'AB1234567' })).toEqual([]);
    expect(check({ passportNum: 'AB12345678' })).toEqual([
      err('passportNum', 'passportNumberInvalid'),
    ]);
  });

  it('§5 Passport: passport number is letters and digits only', () => {
    expect(check({ passportNum: 'AB 12345' })).toEqual([err('passportNum', 'lettersDigitsOnly')]);
  });

  it.each(['lastName', 'firstName'] as const)(
    '§5 Passport: %s has 2 to 39 letters (1/2 and 39/40)',
    (field) => {
      expect(check({ [field]: 'A' })).toEqual([err(field, 'tooShort')]);
      expect(check({ [field]: 'AB' })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(39) })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(40) })).toEqual([err(field, 'tooLong')]);
    },
  );

  it.each(['lastName', 'firstName'] as const)(
    '§5 Passport: %s takes letters A-Z with single spaces only',
    (field) => {
      expect(check({ [field]: 'SMITH-JONES' })).toEqual([err(field, 'lettersOnly')]);
      expect(check({ [field]: 'SMITH  JONES' })).toEqual([err(field, 'singleSpaces')]);
      expect(check({ [field]: 'SMITH JONES' })).toEqual([]);
    },
  );
});

describe('§5 Passport: passport type', () => {
  it('§5 Passport: passport type 40 (Valid_for_ETAIL N) is blocked with passportTypeNotEligible', () => {
    expect(check({ passportTypeId: passportTypeChoice(40) })).toEqual([
      err('passportTypeId', 'passportTypeNotEligible'),
    ]);
  });

  it('§5 Passport: passport type 31 gives the diplomaticPassportWarning warning', () => {
    expect(check({ passportTypeId: passportTypeChoice(31) })).toEqual([
      warn('passportTypeId', 'diplomaticPassportWarning'),
    ]);
  });

  it.each([96, 1001])(
    '§5 Passport: passport type %i gives the officialPassportWarning warning',
    (id) => {
      expect(check({ passportTypeId: passportTypeChoice(id) })).toEqual([
        warn('passportTypeId', 'officialPassportWarning'),
      ]);
    },
  );

  it('an unknown passport type is refused', () => {
    expect(check({ passportTypeId: '77:Y:P:Imaginary' })).toEqual([
      err('passportTypeId', 'choiceInvalid'),
    ]);
  });
});

describe('§5 Passport: passport country and nationality', () => {
  it('§5 Passport: passport country Israel is blocked with countryIsIsrael', () => {
    expect(check({ passportCountryId: passportCountryChoice('ISR') })).toEqual([
      err('passportCountryId', 'countryIsIsrael'),
    ]);
  });

  it('§5 Passport: passport country Palestine (PSE) is blocked with countryPalestinian', () => {
    expect(check({ passportCountryId: passportCountryChoice('PSE') })).toEqual([
      err('passportCountryId', 'countryPalestinian'),
    ]);
  });

  it.each(ENEMIES)(
    '§5 Passport: enemy-flagged passport country %s is blocked with countryEnemy',
    (code) => {
      expect(check({ passportCountryId: passportCountryChoice(code) })).toEqual([
        err('passportCountryId', 'countryEnemy'),
      ]);
    },
  );

  it('§5 Dropdown lists: a passport country that no longer exists is not possible', () => {
    expect(check({ passportCountryId: passportCountryChoice('SUN') })).toEqual([
      err('passportCountryId', 'countryNotPossible'),
    ]);
  });

  it('an unknown passport country is refused', () => {
    expect(check({ passportCountryId: '99999:Atlantis:N:ATL' })).toEqual([
      err('passportCountryId', 'choiceInvalid'),
    ]);
  });

  it('§5 Passport: nationality Israel is blocked with countryIsIsrael', () => {
    expect(check({ nationalityId: countryChoice('ISR') })).toEqual([
      err('nationalityId', 'countryIsIsrael'),
    ]);
  });

  it('§5 Passport: nationality Palestine (PSE) is blocked with countryPalestinian', () => {
    expect(check({ nationalityId: countryChoice('PSE') })).toEqual([
      err('nationalityId', 'countryPalestinian'),
    ]);
  });

  it.each(ENEMIES)(
    '§5 Passport: enemy nationality %s is blocked with countryEnemy when the passport country is not 710',
    (code) => {
      expect(check({ nationalityId: countryChoice(code) })).toEqual([
        err('nationalityId', 'countryEnemy'),
      ]);
    },
  );

  it.each(ENEMIES)(
    '§5 Passport: enemy nationality %s is accepted with passport country 710',
    (code) => {
      expect(
        check({
          nationalityId: countryChoice(code),
          passportCountryId: passportCountryChoice('ZAF'),
        }),
      ).toEqual([]);
    },
  );

  it('a nationality that no longer exists is refused', () => {
    expect(check({ nationalityId: countryChoice('SUN') })).toEqual([
      err('nationalityId', 'choiceInvalid'),
    ]);
  });

  it('§5 Passport: birth country enemy with passport country not 710 gives the birthCountryEnemyWarning warning', () => {
    for (const code of ENEMIES) {
      expect(check({ birthCountryId: countryChoice(code) })).toEqual([
        warn('birthCountryId', 'birthCountryEnemyWarning'),
      ]);
    }
  });

  it('§5 Passport: birth country enemy with passport country 710 gives no warning', () => {
    expect(
      check({
        birthCountryId: countryChoice('LBN'),
        passportCountryId: passportCountryChoice('ZAF'),
      }),
    ).toEqual([]);
  });

  it.each(ENEMIES)(
    '§8 born in the country of citizenship (%s, passport 710): warned to arrange arrival at the consulate',
    (code) => {
      expect(
        check({
          nationalityId: countryChoice(code),
          birthCountryId: countryChoice(code),
          passportCountryId: passportCountryChoice('ZAF'),
        }),
      ).toEqual([warn('birthCountryId', 'bornInCitizenshipCountry')]);
    },
  );

  it('§8 born in a country other than the enemy nationality: no consulate warning', () => {
    expect(
      check({
        nationalityId: countryChoice('LBN'),
        birthCountryId: countryChoice('SYR'),
        passportCountryId: passportCountryChoice('ZAF'),
      }),
    ).toEqual([]);
  });

  it('a birth country that no longer exists is accepted (born before it ceased)', () => {
    expect(check({ birthCountryId: countryChoice('SUN') })).toEqual([]);
  });
});

describe('§5 Passport: dates', () => {
  const issue = (iso: string) => boxes(ISSUE_DATE, iso);
  const expiry = (iso: string) => boxes(EXPIRY_DATE, iso);
  const birth = (iso: string) => boxes(BIRTH_DATE, iso);

  it('§5 Passport: issue date today is accepted', () => {
    expect(check(issue('2026-11-22'))).toEqual([]);
  });

  it('§5 Passport: issue date in the future is blocked with dateMustBePast', () => {
    expect(check(issue('2026-11-23'))).toEqual([err('dayPassportIssue', 'dateMustBePast')]);
  });

  it('§5 Passport: issue date equal to the birth date is accepted', () => {
    expect(check(issue('1990-07-04'))).toEqual([]);
  });

  it('§5 Passport: issue date one day before the birth date is blocked with issueBeforeBirth', () => {
    expect(check(issue('1990-07-03'))).toEqual([err('dayPassportIssue', 'issueBeforeBirth')]);
  });

  it('§5 Passport: an unreal issue date is dateInvalid', () => {
    expect(check({ dayPassportIssue: '31', monthPassportIssue: '04' })).toEqual([
      err('dayPassportIssue', 'dateInvalid'),
    ]);
  });

  it('§5 Passport: issue year 3000 is a year (then in the future), 3001 is refused', () => {
    expect(check({ yearPassportIssue: '3000' })).toEqual([
      err('dayPassportIssue', 'dateMustBePast'),
    ]);
    expect(check({ yearPassportIssue: '3001' })).toEqual([err('yearPassportIssue', 'dateInvalid')]);
  });

  it('§5 Passport: expiry today is accepted (with the expiry warning)', () => {
    expect(check(expiry('2026-11-22'))).toEqual([warn('dayPassportExpire', 'expirySoonWarning')]);
  });

  it('§5 Passport: expiry yesterday is blocked with expiryInPast', () => {
    expect(check(expiry('2026-11-21'))).toEqual([err('dayPassportExpire', 'expiryInPast')]);
  });

  it('§5 Passport: expiry just under 2 years ahead gives the expirySoonWarning warning', () => {
    expect(check(expiry('2028-11-21'))).toEqual([warn('dayPassportExpire', 'expirySoonWarning')]);
  });

  it('§5 Passport: expiry exactly 2 years ahead gives no warning', () => {
    expect(check(expiry('2028-11-22'))).toEqual([]);
  });

  it('§5 Passport: expiry exactly 50 years ahead is accepted', () => {
    expect(check(expiry('2076-11-22'))).toEqual([]);
  });

  it('§5 Passport: expiry 50 years and a day ahead is blocked with expiryTooFarAhead', () => {
    expect(check(expiry('2076-11-23'))).toEqual([err('dayPassportExpire', 'expiryTooFarAhead')]);
  });

  it('§5 Passport: expiry year 3000 is a year (then too far ahead), 3001 is refused', () => {
    expect(check({ yearPassportExpire: '3000' })).toEqual([
      err('dayPassportExpire', 'expiryTooFarAhead'),
    ]);
    expect(check({ yearPassportExpire: '3001' })).toEqual([
      err('yearPassportExpire', 'dateInvalid'),
    ]);
  });

  it('§5 Passport: birth year 1900 is accepted, 1899 is refused', () => {
    expect(check(birth('1900-07-04'))).toEqual([]);
    expect(check({ yearBirth: '1899' })).toEqual([err('yearBirth', 'dateInvalid')]);
  });

  it('§5 Passport: an unreal birth date (29/02 of a non-leap year) is dateInvalid', () => {
    expect(check({ dayBirth: '29', monthBirth: '02', yearBirth: '1990' })).toEqual([
      err('dayBirth', 'dateInvalid'),
    ]);
  });

  it('§5 Passport: birth date in the future is blocked with dateMustBePast', () => {
    // The issue date (2020) now also falls before the birth date.
    expect(check(birth('2026-11-23'))).toEqual([
      err('dayPassportIssue', 'issueBeforeBirth'),
      err('dayBirth', 'dateMustBePast'),
    ]);
  });

  it('§5 Passport: with Myself, a traveller exactly 18 today is accepted', () => {
    expect(check(birth('2008-11-22'), myselfDraft())).toEqual([]);
  });

  it('§5 Passport: with Myself, a traveller one day short of 18 is blocked with minorMustBeAppliedFor', () => {
    expect(check(birth('2008-11-23'), myselfDraft())).toEqual([
      err('dayBirth', 'minorMustBeAppliedFor'),
    ]);
  });

  it('§5 Passport: with Someone else, a minor is accepted and marked Minor in the draft', () => {
    const values = { ...validValues().passport, ...birth('2008-11-23') };
    expect(issuesOf(passportStep, values, validDraft())).toEqual([]);
    const draft = passportStep.toDraft(values, context(validDraft()));
    expect(draft.bearerList[0]?.relationshipTypeId).toEqual(RELATIONSHIP_TYPE.minor);
    expect(RELATIONSHIP_TYPE.minor).toEqual({ id: 1, Description: 'Minor' });
  });

  it('§5 Passport: with Someone else, a traveller exactly 18 is marked Adult in the draft', () => {
    const values = { ...validValues().passport, ...birth('2008-11-22') };
    const draft = passportStep.toDraft(values, context(validDraft()));
    expect(draft.bearerList[0]?.relationshipTypeId).toEqual({ id: 2, Description: 'Adult' });
  });

  it('a date whose boxes are wrong reports the box only', () => {
    expect(check({ dayBirth: '4' })).toEqual([err('dayBirth', 'dayFormat')]);
    expect(check({ monthBirth: '7' })).toEqual([err('monthBirth', 'monthFormat')]);
  });
});

describe('§5 Passport: the passport-country check (SPEC §4 "Passport submit", §7 requestcountryfirststep)', () => {
  it('§5 Passport: a passport country whose nationals may not use ETA-IL is refused with passportCountryRejected', () => {
    expect(check({ passportCountryId: passportCountryChoice('IND') })).toEqual([
      err('passportCountryId', 'passportCountryRejected'),
    ]);
  });

  it('§5 Passport: a country that requires a biometric passport is refused without one and accepted with one', () => {
    expect(
      check({ passportCountryId: passportCountryChoice('UKR'), isBiometricPassport: '0' }),
    ).toEqual([err('passportCountryId', 'passportCountryRejected')]);
    expect(
      check({ passportCountryId: passportCountryChoice('UKR'), isBiometricPassport: '1' }),
    ).toEqual([]);
  });

  it('§5 Passport: the check stays silent while the passport type itself is refused', () => {
    expect(
      check({
        passportCountryId: passportCountryChoice('IND'),
        passportTypeId: passportTypeChoice(40),
      }),
    ).toEqual([err('passportTypeId', 'passportTypeNotEligible')]);
  });
});
