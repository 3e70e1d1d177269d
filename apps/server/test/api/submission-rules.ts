// The drafts of submission.test.ts's rule table: the valid draft of the domain fixtures with ONE
// field changed (a combination rule changes the fields it combines), and what the server must
// answer: the field and the message id of a blocking issue. Plus drafts with warnings only.
import {
  type ApplicantValues,
  type ApplicationDraft,
  type Bearer,
  bearerOf,
  GROUP_SIZE_MAX,
  type IdDescription,
  type MessageId,
  withBearer,
} from '@eta-il/domain';
import {
  country,
  entryReason,
  lengthOfStay,
  passportType,
} from '../../../../packages/domain/test/fixtures.ts';

type Change = (draft: ApplicationDraft) => unknown;

export interface Rule {
  name: string;
  field: string;
  message: MessageId;
  change: Change;
}

// Values as the draft holds them, from the real reference records.
const place = (code: string): IdDescription => {
  const c = country(code);
  return { id: c.EXT_COUNTRY_ID, Description: c.Official_country_name };
};
const passportPlace = (code: string) => ({ ...place(code), COUNTRY_CODE: code });
const reason = (code: number) => ({ id: code, Description: entryReason(code).Description });
const stay = (code: number) => ({ id: code, Description: lengthOfStay(code).Description });
const docType = (id: number) => ({ docTypeId: id, docTypeDesc: passportType(id).docTypeDesc });
/** An id that is in no reference list. */
const unknown = (id: number) => ({ id, Description: 'Unknown' });

/** The draft with fields of its (single) bearer changed. */
const bearer =
  (changes: Partial<Bearer>): Change =>
  (d) =>
    withBearer(d, changes);
/** The draft with form-level fields changed. */
const form =
  (changes: Partial<ApplicationDraft>): Change =>
  (d) => ({ ...d, ...changes });
/** The bearer with one field set to a value of the wrong type. */
const bearerJson =
  (field: string, value: unknown): Change =>
  (d) => ({ ...d, bearerList: [{ ...bearerOf(d), [field]: value }] });
/** A field of the first step in both places the draft keeps it: the copy and the raw value. */
type ApplicantText = Exclude<keyof ApplicantValues, 'groupTypeId' | 'applicantPassportCountryId'>;
const applicant =
  (name: ApplicantText, value: string): Change =>
  (d) => ({ ...d, [name]: value, applicantTsadGimel: { ...d.applicantTsadGimel!, [name]: value } });

const NATIONALITIES = ['GBR', 'DEU', 'FRA', 'ITA', 'ESP', 'CAN'].map(place);
const BLANK_APPLICANT = {
  applicantLastName: '',
  applicantFirstName: '',
  applicantPassportNum: '',
  applicantPassportCountryId: '',
  applicantMobilePhoneNum: '',
};

/** The rows of one field: [what is wrong, message id, the change]. */
const on = (field: string, rows: [string, MessageId, Change][]): Rule[] =>
  rows.map(([name, message, change]) => ({ name, field, message, change }));

/** Every blocking rule of SPEC §5 that a draft can break. */
export const RULES: Rule[] = [
  // Travel information
  ...on('entryReasonId', [
    ['entry reason 4 (work)', 'entryReasonNotEligible', bearer({ entryReasonId: reason(4) })],
    ['entry reason 11 (studies)', 'entryReasonNotEligible', bearer({ entryReasonId: reason(11) })],
    ['an unknown entry reason', 'choiceInvalid', bearer({ entryReasonId: unknown(99) })],
    ['no entry reason', 'required', bearer({ entryReasonId: null })],
    ['arrival from Israel', 'arrivalFromIsrael', bearer({ portOfEntryCountryId: place('ISR') })],
  ]),
  ...on('lengthOfStayId', [
    [
      'stay 6 with entry reason 2',
      'stayOverThreeMonths',
      bearer({ entryReasonId: reason(2), lengthOfStayId: stay(6) }),
    ],
    [
      'stay 6 with entry reason 1 (tourism)',
      'tourismStayTooLong',
      bearer({ lengthOfStayId: stay(6) }),
    ],
    [
      'stay 5 with entry reason 7',
      'visitPurposeTooLong',
      bearer({ entryReasonId: reason(7), lengthOfStayId: stay(5) }),
    ],
    ['an unknown length of stay', 'choiceInvalid', bearer({ lengthOfStayId: unknown(9) })],
  ]),
  ...on('dayEstimatedAarrivalDate', [
    ['arrival yesterday', 'arrivalInPast', bearer({ estimatedArrivalDate: '2026-11-21' })],
    [
      'arrival in 20 years and a day',
      'arrivalTooFarAhead',
      bearer({ estimatedArrivalDate: '2046-11-23' }),
    ],
    ['arrival on 30 February', 'dateInvalid', bearer({ estimatedArrivalDate: '2027-02-30' })],
    ['arrival not a date', 'required', bearer({ estimatedArrivalDate: 'next week' })],
  ]),
  // Passport
  ...on('passportTypeId', [
    [
      'passport type 40 (Laissez passer)',
      'passportTypeNotEligible',
      bearer({ passportTypeId: docType(40) }),
    ],
    [
      'an unknown passport type',
      'choiceInvalid',
      bearer({ passportTypeId: { docTypeId: 7, docTypeDesc: 'X' } }),
    ],
  ]),
  ...on('passportNum', [
    ['passport number of 4', 'passportNumberInvalid', bearer({ passportNum: 'AB12' })],
    ['passport number of 10', 'passportNumberInvalid', bearer({ passportNum: 'AB12345678' })],
    ['passport number with a hyphen', 'lettersDigitsOnly', bearer({ passportNum: 'AB-12345' })],
  ]),
  ...on('passportCountryId', [
    [
      'passport country ISR',
      'countryIsIsrael',
      bearer({ passportCountryId: passportPlace('ISR') }),
    ],
    [
      'passport country PSE',
      'countryPalestinian',
      bearer({ passportCountryId: passportPlace('PSE') }),
    ],
    [
      'passport country SYR (enemy)',
      'countryEnemy',
      bearer({ passportCountryId: passportPlace('SYR') }),
    ],
    [
      'passport country SUN (former)',
      'countryNotPossible',
      bearer({ passportCountryId: passportPlace('SUN') }),
    ],
    // The passport-country check the browser asks for (POST /api/requestcountryfirststep).
    [
      'passport country CHN (its nationals need a visa)',
      'passportCountryRejected',
      bearer({ passportCountryId: passportPlace('CHN') }),
    ],
    [
      'passport country UKR (biometric required) without a biometric passport',
      'passportCountryRejected',
      bearer({ passportCountryId: passportPlace('UKR'), biometricPassportYN: 0 }),
    ],
  ]),
  ...on('nationalityId', [
    [
      'nationality IRN (enemy), passport not 710',
      'countryEnemy',
      bearer({ nationalityId: place('IRN') }),
    ],
    ['nationality ISR', 'countryIsIsrael', bearer({ nationalityId: place('ISR') })],
    ['nationality PSE', 'countryPalestinian', bearer({ nationalityId: place('PSE') })],
  ]),
  ...on('isBiometricPassport', [
    ['biometric choice missing', 'required', bearer({ biometricPassportYN: null })],
  ]),
  ...on('firstName', [
    ['first name with a digit', 'lettersOnly', bearer({ firstName: 'JANE2' })],
    ['first name with a double space', 'singleSpaces', bearer({ firstName: 'JANE  MARY' })],
  ]),
  ...on('lastName', [
    ['last name of 1 letter', 'tooShort', bearer({ lastName: 'D' })],
    ['last name of 40 letters', 'tooLong', bearer({ lastName: 'D'.repeat(40) })],
  ]),
  ...on('dayPassportIssue', [
    [
      'issue date before the birth date',
      'issueBeforeBirth',
      bearer({ passportIssueDate: '1990-07-03' }),
    ],
    ['issue date tomorrow', 'dateMustBePast', bearer({ passportIssueDate: '2026-11-23' })],
  ]),
  ...on('dayPassportExpire', [
    ['expiry date yesterday', 'expiryInPast', bearer({ passportExpireDate: '2026-11-21' })],
    [
      'expiry in 50 years and a day',
      'expiryTooFarAhead',
      bearer({ passportExpireDate: '2076-11-23' }),
    ],
  ]),
  ...on('dayBirth', [
    ['birth date tomorrow', 'dateMustBePast', bearer({ birthDate: '2026-11-23' })],
    [
      'a minor (16) with group type 1 (Myself)',
      'minorMustBeAppliedFor',
      (d) => ({
        ...withBearer(d, { birthDate: '2010-01-01' }),
        groupTypeId: { id: 1, Description: 'Myself' },
        applicantTsadGimel: null,
      }),
    ],
  ]),
  ...on('yearBirth', [['birth year 1899', 'dateInvalid', bearer({ birthDate: '1899-12-31' })]]),
  ...on('birthCountryId', [
    ['an unknown birth country', 'choiceInvalid', bearer({ birthCountryId: unknown(9999) })],
  ]),
  ...on('gender', [['an unknown gender', 'choiceInvalid', bearer({ gender: unknown(9) })]]),
  // Personal details 1/2
  ...on('anotherNationalityArray', [
    [
      '6 additional nationalities',
      'tooManyNationalities',
      bearer({ anotherNationalityArray: NATIONALITIES }),
    ],
    ['an enemy one (IRN)', 'nationalityEnemy', bearer({ anotherNationalityArray: [place('IRN')] })],
    [
      'a Palestinian one',
      'nationalityPalestinian',
      bearer({ anotherNationalityArray: [place('PSE')] }),
    ],
    [
      "the passport's own",
      'nationalitySameAsPassport',
      bearer({ anotherNationalityArray: [place('USA')] }),
    ],
  ]),
  ...on('maritalStatusId', [
    ['an unknown marital status', 'choiceInvalid', bearer({ maritalStatusId: unknown(99) })],
    ['no marital status', 'required', bearer({ maritalStatusId: null })],
  ]),
  ...on('fatherFirstName', [
    [
      "father's first name of 16 letters",
      'tooLong',
      bearer({ fatherFirstName: 'Abcdefghijklmnop' }),
    ],
  ]),
  ...on('fatherLastName', [
    ["father's last name missing", 'required', bearer({ fatherLastName: '' })],
  ]),
  ...on('motherFirstName', [
    ["mother's first name of 1 letter", 'tooShort', bearer({ motherFirstName: 'M' })],
  ]),
  ...on('motherLastName', [
    ["mother's last name with a digit", 'lettersOnly', bearer({ motherLastName: 'Doe1' })],
  ]),
  ...on('mobilePhoneNum', [
    ['mobile phone of 8 digits', 'phoneInvalid', bearer({ mobilePhoneNum: '12345678' })],
    ['mobile phone of 16 digits', 'phoneInvalid', bearer({ mobilePhoneNum: '1234567890123456' })],
    ['mobile phone with a +', 'phoneInvalid', bearer({ mobilePhoneNum: '+12125551234' })],
    ['mobile phone missing', 'required', bearer({ mobilePhoneNum: '' })],
  ]),
  ...on('homePhoneNum', [
    ['home phone of 4 digits', 'phoneInvalid', bearer({ homePhoneNum: '1234' })],
  ]),
  ...on('addressCountryId', [
    [
      'home country LBN (enemy), passport not 710',
      'homeCountryEnemy',
      bearer({ addressCountryId: place('LBN') }),
    ],
    ['home country SUN (former)', 'choiceInvalid', bearer({ addressCountryId: place('SUN') })],
  ]),
  ...on('addressTownName', [
    ['town with a digit', 'lettersOnly', bearer({ addressTownName: 'New York 5' })],
    ['town of 51 letters', 'tooLong', bearer({ addressTownName: 'A'.repeat(51) })],
  ]),
  ...on('companyName', [
    ['occupation 1 without company name', 'required', bearer({ companyName: '' })],
    ['company name of 51 characters', 'tooLong', bearer({ companyName: 'A'.repeat(51) })],
  ]),
  ...on('companyRole', [
    ['occupation 1 without company role', 'required', bearer({ companyRole: '' })],
    ['company role with markup', 'restrictedCharacters', bearer({ companyRole: '<b>Boss</b>' })],
  ]),
  ...on('companyPhoneNum', [
    ['occupation 1 without company phone', 'required', bearer({ companyPhoneNum: '' })],
  ]),
  ...on('companyEmailAddress', [
    ['company e-mail malformed', 'companyEmailInvalid', bearer({ companyEmailAddress: 'hr@acme' })],
  ]),
  ...on('companyOccupationTypeId', [
    ['an unknown occupation', 'choiceInvalid', bearer({ companyOccupationTypeId: unknown(99) })],
  ]),
  // Photo
  ...on('photoId', [['no photo', 'photoRequired', bearer({ photoId: null })]]),
  // Personal details 2/2
  ...on('previousYearInIsrael', [
    [
      'previous stay year before the birth year',
      'previousYearBeforeBirth',
      bearer({ previousYearInIsrael: 1985 }),
    ],
    [
      'previous stay year after this year',
      'previousYearInFuture',
      bearer({ previousYearInIsrael: 2027 }),
    ],
    [
      'previous stay year of 3 digits',
      'previousYearInvalid',
      bearer({ previousYearInIsrael: 201 }),
    ],
    ['previous stay yes without a year', 'required', bearer({ previousYearInIsrael: null })],
  ]),
  ...on('previousStayInIsraelYN', [
    ['previous stay not answered', 'required', bearer({ previousStayInIsraelYN: null })],
  ]),
  ...on('anotherVisaRequestDesc', [
    ['visa description of 1 character', 'tooShort', bearer({ anotherVisaRequestDesc: 'x' })],
    [
      'visa description of 251 characters',
      'tooLong',
      bearer({ anotherVisaRequestDesc: 'a'.repeat(251) }),
    ],
    [
      'visa description with markup',
      'restrictedCharacters',
      bearer({ anotherVisaRequestDesc: '<i>x</i>' }),
    ],
  ]),
  ...on('previousRequestDeniedDesc', [
    ['a refused request without a description', 'required', bearer({ previousRequestDeniedYN: 1 })],
  ]),
  // Email, terms, declaration
  ...on('EmailAddress', [
    [
      'reqMainEmailAddress malformed',
      'emailInvalid',
      form({ reqMainEmailAddress: 'jane.doe@example' }),
    ],
  ]),
  ...on('reqDisclaimer', [['reqDisclaimer 0', 'termsRequired', form({ reqDisclaimer: 0 })]]),
  ...on('reqDeclaration', [
    ['reqDeclaration 0', 'declarationRequired', form({ reqDeclaration: 0 })],
  ]),
  // Applicant: group type 2 (someone else) needs the applicant's details
  ...on('applicantFirstName', [
    ['group type 2 without it', 'required', applicant('applicantFirstName', '')],
    // The copy stored beside the raw value is checked too.
    ['only the copy with a digit', 'lettersOnly', form({ applicantFirstName: 'J0HN' })],
    ['only the copy missing', 'required', form({ applicantFirstName: '' })],
  ]),
  ...on('applicantLastName', [
    ['group type 2 without it', 'required', applicant('applicantLastName', '')],
    ['group type 2 with a digit', 'lettersOnly', applicant('applicantLastName', 'SM1TH')],
    [
      'group type 2 while the raw values say Myself, no details',
      'required',
      form({
        applicantTsadGimel: { groupTypeId: '1:Myself', ...BLANK_APPLICANT },
        ...BLANK_APPLICANT,
        applicantPassportCountryId: null,
      }),
    ],
  ]),
  ...on('applicantPassportNum', [
    ['group type 2 without it', 'required', applicant('applicantPassportNum', '')],
  ]),
  ...on('applicantMobilePhoneNum', [
    [
      'group type 2 with 8 digits',
      'phoneInvalid',
      applicant('applicantMobilePhoneNum', '12345678'),
    ],
  ]),
  ...on('applicantPassportCountryId', [
    [
      'group type 2 without any details (no raw values)',
      'required',
      form({ ...BLANK_APPLICANT, applicantTsadGimel: null, applicantPassportCountryId: null }),
    ],
    [
      'group type 2 with an enemy passport country',
      'countryNotPossible',
      (d) => ({
        ...d,
        applicantPassportCountryId: place('IRN'),
        applicantTsadGimel: {
          ...d.applicantTsadGimel!,
          applicantPassportCountryId: '364:Islamic Republic of Iran:Y',
        },
      }),
    ],
  ]),
  ...on('groupTypeId', [['group type 3', 'required', form({ groupTypeId: unknown(3) })]]),
  // Malformed shapes
  ...on('bearerList', [
    ['bearerList empty', 'draftMalformed', form({ bearerList: [] })],
    [
      `${GROUP_SIZE_MAX + 1} travellers`,
      'groupTooLarge',
      (d) => ({ ...d, bearerList: Array.from({ length: GROUP_SIZE_MAX + 1 }, () => bearerOf(d)) }),
    ],
    ['bearerList an object', 'draftMalformed', (d) => ({ ...d, bearerList: bearerOf(d) })],
  ]),
  ...on('reqDisclaimer', [
    ['reqDisclaimer "1"', 'draftMalformed', (d) => ({ ...d, reqDisclaimer: '1' })],
  ]),
  ...on('reqTypeId', [
    ['reqTypeId "2100"', 'draftMalformed', (d) => ({ ...d, reqTypeId: '2100' })],
  ]),
  ...on('groupTypeId', [['groupTypeId 2', 'draftMalformed', (d) => ({ ...d, groupTypeId: 2 })]]),
  ...on('bearerList.0.passportNum', [
    ['passportNum a number', 'draftMalformed', bearerJson('passportNum', 12345678)],
  ]),
  ...on('bearerList.0.previousYearInIsrael', [
    ['previousYearInIsrael a string', 'draftMalformed', bearerJson('previousYearInIsrael', '2019')],
  ]),
  ...on('bearerList.0.biometricPassportYN', [
    ['biometricPassportYN 2', 'draftMalformed', bearerJson('biometricPassportYN', 2)],
  ]),
  ...on('bearerList.0.firstName', [
    ['no firstName', 'draftMalformed', bearerJson('firstName', undefined)],
  ]),
  ...on('bearerList.0.anotherNationalityArray', [
    [
      'anotherNationalityArray a string',
      'draftMalformed',
      bearerJson('anotherNationalityArray', 'GBR'),
    ],
  ]),
  ...on('jsonForm', [
    ['a body that is an array', 'draftMalformed', () => [1, 2, 3]],
    ['a body that is a string', 'draftMalformed', () => 'jsonForm'],
    ['a body that is a number', 'draftMalformed', () => 42],
  ]),
];

/** Drafts with advisory warnings only (SPEC §4 "Alerts"): they do not block. */
export const WARNINGS: [string, Change][] = [
  ['passport expiring within 2 years', bearer({ passportExpireDate: '2028-01-01' })],
  ['arrival more than 2 years ahead', bearer({ estimatedArrivalDate: '2029-01-15' })],
  ['a diplomatic passport (31)', bearer({ passportTypeId: docType(31) })],
  ['an official passport (96)', bearer({ passportTypeId: docType(96) })],
  ['born in an enemy state (IRN)', bearer({ birthCountryId: place('IRN') })],
  ['an Israeli additional nationality', bearer({ anotherNationalityArray: [place('ISR')] })],
  [
    'an enemy nationality with passport country 710',
    bearer({ passportCountryId: passportPlace('ZAF'), nationalityId: place('IRN') }),
  ],
  [
    'an enemy home country with passport country 710',
    bearer({ passportCountryId: passportPlace('ZAF'), addressCountryId: place('LBN') }),
  ],
  ['5 additional nationalities', bearer({ anotherNationalityArray: NATIONALITIES.slice(0, 5) })],
];
