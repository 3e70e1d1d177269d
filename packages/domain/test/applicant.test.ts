// SPEC §5 "Applicant" and §2 "Start your application".
import { describe, expect, it } from 'vitest';
import {
  applicantStep,
  blankDraft,
  GROUP_TYPE,
  MYSELF_VALUE,
  SOMEONE_ELSE_VALUE,
} from '../src/index.ts';
import {
  context,
  countryChoice,
  err,
  issuesOf,
  type ValidValues,
  validValues,
} from './fixtures.ts';

// Possible numbers (decision 041) at SPEC's bounds: Andorra's +376 312345, a German +49 mobile.
const NINE_DIGITS = '376312345';
const FIFTEEN_DIGITS = '491511234567890';

type Values = ValidValues['applicant'];
const check = (changes: Partial<Values>) =>
  issuesOf(applicantStep, { ...validValues().applicant, ...changes }, blankDraft());

describe('§5 Applicant', () => {
  it('the valid "Someone else" values pass', () => {
    expect(check({})).toEqual([]);
  });

  it('Myself asks for no "Your details": all five may be blank', () => {
    expect(
      check({
        groupTypeId: MYSELF_VALUE,
        applicantLastName: '',
        applicantFirstName: '',
        applicantPassportNum: '',
        applicantPassportCountryId: '',
        applicantMobilePhoneNum: '',
      }),
    ).toEqual([]);
  });

  it('the group type is required and must be 1:Myself or 2:Someone else', () => {
    expect(MYSELF_VALUE).toBe('1:Myself');
    expect(SOMEONE_ELSE_VALUE).toBe('2:Someone else');
    expect(check({ groupTypeId: '' })).toEqual([err('groupTypeId', 'required')]);
    expect(check({ groupTypeId: '3:Group' })).toEqual([err('groupTypeId', 'required')]);
  });

  it.each([
    'applicantLastName',
    'applicantFirstName',
    'applicantPassportNum',
    'applicantPassportCountryId',
  ] as const)('§5 Applicant: %s is required for Someone else', (field) => {
    expect(check({ [field]: '' })).toEqual([err(field, 'required')]);
  });

  it('§5 Applicant: the mobile phone is optional', () => {
    expect(check({ applicantMobilePhoneNum: '' })).toEqual([]);
  });

  it.each(['applicantLastName', 'applicantFirstName'] as const)(
    '§5 Applicant: %s has 2 to 39 letters with single inner spaces',
    (field) => {
      expect(check({ [field]: 'A' })).toEqual([err(field, 'tooShort')]);
      expect(check({ [field]: 'AB' })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(39) })).toEqual([]);
      expect(check({ [field]: 'A'.repeat(40) })).toEqual([err(field, 'tooLong')]);
      expect(check({ [field]: 'VAN DER BERG' })).toEqual([]);
      expect(check({ [field]: 'VAN  BERG' })).toEqual([err(field, 'singleSpaces')]);
      expect(check({ [field]: 'O-NEIL' })).toEqual([err(field, 'lettersOnly')]);
    },
  );

  it('§5 Applicant: passport number 4 is invalid, 5 and 9 pass, 10 is invalid', () => {
    const field = 'applicantPassportNum';
    expect(check({ [field]: 'X123' })).toEqual([err(field, 'passportNumberInvalid')]);
    expect(check({ [field]: 'X1234' })).toEqual([]);
    expect(check({ [field]: 'X12345678' })).toEqual([]);
    expect(check({ [field]: 'X123456789' })).toEqual([err(field, 'passportNumberInvalid')]);
    expect(check({ [field]: 'X12-4567' })).toEqual([err(field, 'lettersDigitsOnly')]);
  });

  it('§5 Applicant: mobile phone 8 digits invalid, 9 and 15 pass, 16 invalid, digits only', () => {
    const field = 'applicantMobilePhoneNum';
    expect(check({ [field]: '12345678' })).toEqual([err(field, 'phoneInvalid')]);
    expect(check({ [field]: NINE_DIGITS })).toEqual([]);
    expect(check({ [field]: FIFTEEN_DIGITS })).toEqual([]);
    expect(check({ [field]: '1234567890123456' })).toEqual([err(field, 'phoneInvalid')]);
    expect(check({ [field]: '+1 212 5551234' })).toEqual([err(field, 'phoneInvalid')]);
  });

  it("§5 Dropdown lists: an Israeli applicant passport country is accepted (only the traveller's passport country excludes ISR)", () => {
    expect(check({ applicantPassportCountryId: countryChoice('ISR') })).toEqual([]);
  });

  it.each([
    ['Palestine (passport_country N)', 'PSE'],
    ['an enemy state', 'LBN'],
    ['a former country', 'SUN'],
  ])(
    '§5 Dropdown lists: applicant passport country %s is not offered (countryNotPossible)',
    (_, code) => {
      expect(check({ applicantPassportCountryId: countryChoice(code) })).toEqual([
        err('applicantPassportCountryId', 'countryNotPossible'),
      ]);
    },
  );

  it('a passport country id that is not a dropdown value is refused', () => {
    expect(check({ applicantPassportCountryId: 'USA' })).toEqual([
      err('applicantPassportCountryId', 'choiceInvalid'),
    ]);
  });
});

describe('§2 Start your application', () => {
  it('Someone else: names and the passport number kept in capitals, in both copies', () => {
    const typed = {
      ...validValues().applicant,
      applicantFirstName: 'john',
      applicantLastName: 'Smith',
      applicantPassportNum: 'x1234567',
    };
    const draft = applicantStep.toDraft(typed, context());
    expect([draft.applicantFirstName, draft.applicantLastName, draft.applicantPassportNum]).toEqual(
      ['JOHN', 'SMITH', 'X1234567'],
    );
    expect(draft.applicantTsadGimel).toMatchObject({
      applicantFirstName: 'JOHN',
      applicantLastName: 'SMITH',
      applicantPassportNum: 'X1234567',
    });
  });

  it('the group type is read back by its id, whatever Description was posted', () => {
    const draft = { ...blankDraft(), groupTypeId: { id: 2, Description: '<b>x</b>' } };
    expect(applicantStep.fromDraft(draft, context().reference).groupTypeId).toBe(
      SOMEONE_ELSE_VALUE,
    );
  });

  it('§2 Choosing Myself clears the five "Your details" fields', () => {
    const someoneElse = applicantStep.toDraft(validValues().applicant, context());
    const values = { ...validValues().applicant, groupTypeId: MYSELF_VALUE };
    const draft = applicantStep.toDraft(values, context(someoneElse));
    expect(draft.groupTypeId).toEqual(GROUP_TYPE.myself);
    expect(draft.applicantLastName).toBe('');
    expect(draft.applicantFirstName).toBe('');
    expect(draft.applicantPassportNum).toBe('');
    expect(draft.applicantPassportCountryId).toBeNull();
    expect(draft.applicantMobilePhoneNum).toBe('');
    expect(draft.typeSort).toBe('1:Myself');
    expect(draft.applicantTsadGimel).toEqual({
      groupTypeId: MYSELF_VALUE,
      applicantPassportNum: '',
      applicantPassportCountryId: '',
      applicantFirstName: '',
      applicantLastName: '',
      applicantMobilePhoneNum: '',
    });
  });
});
