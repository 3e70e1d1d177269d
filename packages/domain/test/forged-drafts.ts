// Forged drafts (issue 9): what a client that bypasses the browser might post, and what must come
// of it. Each is refused naming the field, or stored in canonical form: exactly the record the
// browser would have built. The domain tests run the table on canonicalRecord; the server tests
// post it and read the stored row. Test code only.
import {
  type ApplicationDraft,
  GROUP_TYPE,
  type MessageId,
  RELATIONSHIP_TYPE,
  withBearer,
} from '../src/index.ts';
import { reference } from './fixtures.ts';

type Json = Record<string, unknown>;

type Outcome =
  | { refused: { field: string; message: MessageId } }
  | { stored: (valid: ApplicationDraft) => ApplicationDraft };

export interface ForgedDraft {
  name: string;
  /** The forgery, made on a JSON copy of a valid draft. */
  forge: (draft: Json) => Json;
  outcome: Outcome;
}

const MARKUP = '<img src=x onerror=alert(1)>';
const LONG = 'A'.repeat(50_000);
const LONG_DIGITS = '1'.repeat(50_000);

const bearerJson = (draft: Json): Json => (draft.bearerList as Json[])[0]!;
/** Form-level fields changed. */
const form =
  (changes: Json) =>
  (draft: Json): Json => ({ ...draft, ...changes });
/** Fields of the (single) bearer changed. */
const bearer =
  (changes: Json) =>
  (draft: Json): Json => ({ ...draft, bearerList: [{ ...bearerJson(draft), ...changes }] });
/** A first-step field changed in both places the draft keeps it (the copy and the raw value). */
const applicant =
  (changes: Json) =>
  (draft: Json): Json => ({
    ...draft,
    ...changes,
    applicantTsadGimel: { ...(draft.applicantTsadGimel as Json), ...changes },
  });
const both =
  (...forges: ((draft: Json) => Json)[]) =>
  (draft: Json): Json =>
    forges.reduce((d, f) => f(d), draft);

/** Every {id, Description} pair (and the passport type's text) rewritten, at any depth. */
const everyDescription = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(everyDescription);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'Description' || k === 'docTypeDesc' ? MARKUP : everyDescription(v),
    ]),
  );
};

/** An extra key on every object of the draft. */
const extraKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(extraKeys);
  if (value === null || typeof value !== 'object') return value;
  return {
    ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, extraKeys(v)])),
    approvedByOfficer: true,
    note: MARKUP,
  };
};

const refused = (field: string, message: MessageId): Outcome => ({ refused: { field, message } });
/** Stored as the valid draft itself: the forgery left no trace. */
const unchanged: Outcome = { stored: (valid) => valid };
const storedAs = (expected: (valid: ApplicationDraft) => ApplicationDraft): Outcome => ({
  stored: expected,
});

const occupation = (code: number) => {
  const item = reference.occupation.find((o) => o.Code === code)!;
  return { id: item.Code, Description: item.Description };
};
const NO_EMPLOYER = {
  companyName: '',
  companyRole: '',
  companyPhoneNum: '',
  companyEmailAddress: '',
};

export const FORGED_DRAFTS: ForgedDraft[] = [
  // Fields the server owns.
  {
    name: "status {9, 'Approved'}",
    forge: form({ reqStatusId: { id: 9, Description: 'Approved' } }),
    outcome: unchanged,
  },
  {
    name: 'request type and group',
    forge: form({ reqTypeId: 1, groupDoc: 7 }),
    outcome: unchanged,
  },
  {
    name: 'a bearerStatusArray',
    forge: bearer({ bearerStatusArray: [{ statusId: 9, Description: 'Approved' }] }),
    outcome: unchanged,
  },
  {
    name: 'fields no screen sets (bearerId, suffix, port of entry, visa id, law problems)',
    forge: bearer({
      bearerId: 42,
      bearerDocSuffix: MARKUP,
      portOfEntryCountryId: { id: 840, Description: MARKUP },
      anotherVisaRequestId: 7,
      lawProblemsArray: [{ lawProblemId: 3 }],
    }),
    outcome: unchanged,
  },
  {
    name: 'bearerDocExpireDate 2099',
    forge: bearer({ bearerDocExpireDate: '2099-12-31' }),
    outcome: unchanged,
  },
  {
    name: 'relationshipTypeId Adult for a nine-year-old',
    forge: bearer({ birthDate: '2017-06-01', relationshipTypeId: { id: 2, Description: 'Adult' } }),
    outcome: storedAs((valid) =>
      withBearer(valid, { birthDate: '2017-06-01', relationshipTypeId: RELATIONSHIP_TYPE.minor }),
    ),
  },
  {
    name: 'relationshipTypeId Minor for an adult',
    forge: bearer({ relationshipTypeId: { id: 1, Description: 'Minor' } }),
    outcome: unchanged,
  },
  // Texts the reference lists own.
  {
    name: `every Description ${MARKUP}`,
    forge: (d) => everyDescription(d) as Json,
    outcome: unchanged,
  },
  {
    name: 'a passport country with a forged COUNTRY_CODE',
    forge: (d) =>
      bearer({
        passportCountryId: {
          ...(bearerJson(d).passportCountryId as Json),
          COUNTRY_CODE: '<b>',
        },
      })(d),
    outcome: unchanged,
  },
  {
    name: 'the group type with a forged Description',
    forge: form({ groupTypeId: { id: 2, Description: MARKUP } }),
    outcome: unchanged,
  },
  { name: 'extra keys at every level', forge: (d) => extraKeys(d) as Json, outcome: unchanged },
  {
    name: 'a typeSort of 50,000 characters',
    forge: form({ typeSort: LONG }),
    outcome: unchanged,
  },
  // Fields SPEC clears.
  {
    name: 'employer fields for a traveller who is not employed',
    forge: bearer({
      companyOccupationTypeId: { id: 2, Description: 'Employed' },
      companyName: LONG,
      companyRole: MARKUP,
      companyPhoneNum: 'call me',
      companyEmailAddress: MARKUP,
    }),
    outcome: storedAs((valid) =>
      withBearer(valid, { companyOccupationTypeId: occupation(2), ...NO_EMPLOYER }),
    ),
  },
  {
    name: "'Your details' under Myself",
    forge: both(
      applicant({ groupTypeId: '1:Myself' }),
      form({ groupTypeId: { id: 1, Description: 'Myself' }, typeSort: '2:Someone else' }),
    ),
    outcome: storedAs((valid) => ({
      ...valid,
      groupTypeId: { ...GROUP_TYPE.myself },
      applicantPassportCountryId: null,
      applicantPassportNum: '',
      applicantFirstName: '',
      applicantLastName: '',
      applicantMobilePhoneNum: '',
      applicantTsadGimel: {
        groupTypeId: '1:Myself',
        applicantPassportNum: '',
        applicantPassportCountryId: '',
        applicantFirstName: '',
        applicantLastName: '',
        applicantMobilePhoneNum: '',
      },
      typeSort: '1:Myself',
    })),
  },
  {
    name: "history follow-ups under 'No'",
    forge: bearer({
      previousStayInIsraelYN: 0,
      previousYearInIsrael: 2019,
      anotherVisaRequestYN: 0,
      anotherVisaRequestDesc: MARKUP,
      previousRequestDeniedYN: 0,
      previousRequestDeniedDesc: LONG,
    }),
    outcome: storedAs((valid) =>
      withBearer(valid, {
        previousStayInIsraelYN: 0,
        previousYearInIsrael: null,
        anotherVisaRequestYN: 0,
        anotherVisaRequestDesc: '',
        previousRequestDeniedYN: 0,
        previousRequestDeniedDesc: '',
      }),
    ),
  },
  // Letter case.
  {
    name: 'names and passport numbers in small letters, the e-mail address in capitals',
    forge: (d) =>
      both(
        applicant({
          applicantFirstName: 'john',
          applicantLastName: 'smith',
          applicantPassportNum: 'x1234567',
        }),
        form({ reqMainEmailAddress: String(d.reqMainEmailAddress).toUpperCase() }),
        bearer({
          firstName: 'jane mary',
          lastName: 'doe',
          passportNum: 'ab1234567',
          fatherFirstName: 'john',
          motherLastName: 'doe',
        }),
      )(d),
    outcome: unchanged,
  },
  // Dates.
  {
    name: 'an arrival date with junk after it',
    forge: bearer({ estimatedArrivalDate: '2027-03-15junk' }),
    outcome: refused('dayEstimatedAarrivalDate', 'required'),
  },
  {
    name: 'an arrival date with a time after it',
    forge: bearer({ estimatedArrivalDate: '2027-03-15T00:00:00Z' }),
    outcome: refused('dayEstimatedAarrivalDate', 'required'),
  },
  {
    name: 'a birth date with junk after it',
    forge: bearer({ birthDate: "1990-07-04'); DROP TABLE application;--" }),
    outcome: refused('dayBirth', 'required'),
  },
  {
    name: 'a passport expiry date with junk after it',
    forge: bearer({ passportExpireDate: '2030-05-09 ' }),
    outcome: refused('dayPassportExpire', 'required'),
  },
  // Ids that are in no reference list.
  {
    name: 'an unknown nationality id',
    forge: bearer({ nationalityId: { id: 99_999, Description: 'Atlantis' } }),
    outcome: refused('nationalityId', 'choiceInvalid'),
  },
  {
    name: 'an unknown marital status id',
    forge: bearer({ maritalStatusId: { id: 99, Description: 'Married' } }),
    outcome: refused('maritalStatusId', 'choiceInvalid'),
  },
  {
    name: 'an unknown group type id',
    forge: both(
      applicant({ groupTypeId: '3:Group' }),
      form({ groupTypeId: { id: 3, Description: 'Group' } }),
    ),
    outcome: refused('groupTypeId', 'required'),
  },
  // Markup and control characters in free text.
  {
    name: `company name ${MARKUP}`,
    forge: bearer({ companyName: MARKUP }),
    outcome: refused('companyName', 'restrictedCharacters'),
  },
  {
    name: 'company role with a NUL character',
    forge: bearer({ companyRole: 'Engineer\u0000' }),
    outcome: refused('companyRole', 'restrictedCharacters'),
  },
  {
    name: 'visa description with a line break',
    forge: bearer({ anotherVisaRequestDesc: 'Tourist visa\n2018' }),
    outcome: refused('anotherVisaRequestDesc', 'restrictedCharacters'),
  },
  {
    name: `town ${MARKUP}`,
    forge: bearer({ addressTownName: MARKUP }),
    outcome: refused('addressTownName', 'lettersOnly'),
  },
  {
    name: `father's name ${MARKUP}`,
    forge: bearer({ fatherFirstName: MARKUP }),
    outcome: refused('fatherFirstName', 'lettersOnly'),
  },
  {
    name: `the photo id ${MARKUP}`,
    forge: bearer({ photoId: MARKUP }),
    outcome: refused('photoId', 'photoRequired'),
  },
];

/** 50,000 characters in every free-text field of the valid (employed) draft: each refused. */
const OVERLONG: [field: string, forge: (draft: Json) => Json, reported: string, MessageId][] = [
  [
    'reqMainEmailAddress',
    form({ reqMainEmailAddress: `${LONG}@x.com` }),
    'EmailAddress',
    'tooLong',
  ],
  ['applicantFirstName', applicant({ applicantFirstName: LONG }), 'applicantFirstName', 'tooLong'],
  ['applicantLastName', applicant({ applicantLastName: LONG }), 'applicantLastName', 'tooLong'],
  [
    'applicantPassportNum',
    applicant({ applicantPassportNum: LONG }),
    'applicantPassportNum',
    'passportNumberInvalid',
  ],
  [
    'applicantMobilePhoneNum',
    applicant({ applicantMobilePhoneNum: LONG_DIGITS }),
    'applicantMobilePhoneNum',
    'phoneInvalid',
  ],
  [
    'applicantTsadGimel.applicantPassportCountryId',
    (d) => ({
      ...d,
      applicantTsadGimel: { ...(d.applicantTsadGimel as Json), applicantPassportCountryId: LONG },
    }),
    'applicantTsadGimel',
    'draftMalformed',
  ],
  ['passportNum', bearer({ passportNum: LONG }), 'passportNum', 'passportNumberInvalid'],
  ['firstName', bearer({ firstName: LONG }), 'firstName', 'tooLong'],
  ['lastName', bearer({ lastName: LONG }), 'lastName', 'tooLong'],
  ['fatherFirstName', bearer({ fatherFirstName: LONG }), 'fatherFirstName', 'tooLong'],
  ['fatherLastName', bearer({ fatherLastName: LONG }), 'fatherLastName', 'tooLong'],
  ['motherFirstName', bearer({ motherFirstName: LONG }), 'motherFirstName', 'tooLong'],
  ['motherLastName', bearer({ motherLastName: LONG }), 'motherLastName', 'tooLong'],
  ['mobilePhoneNum', bearer({ mobilePhoneNum: LONG_DIGITS }), 'mobilePhoneNum', 'phoneInvalid'],
  ['homePhoneNum', bearer({ homePhoneNum: LONG_DIGITS }), 'homePhoneNum', 'phoneInvalid'],
  ['addressTownName', bearer({ addressTownName: LONG }), 'addressTownName', 'tooLong'],
  ['companyName', bearer({ companyName: LONG }), 'companyName', 'tooLong'],
  ['companyRole', bearer({ companyRole: LONG }), 'companyRole', 'tooLong'],
  ['companyPhoneNum', bearer({ companyPhoneNum: LONG_DIGITS }), 'companyPhoneNum', 'phoneInvalid'],
  [
    'companyEmailAddress',
    bearer({ companyEmailAddress: `${LONG}@x.com` }),
    'companyEmailAddress',
    'tooLong',
  ],
  [
    'anotherVisaRequestDesc',
    bearer({ anotherVisaRequestDesc: LONG }),
    'anotherVisaRequestDesc',
    'tooLong',
  ],
  [
    'previousRequestDeniedDesc (under Yes)',
    bearer({ previousRequestDeniedYN: 1, previousRequestDeniedDesc: LONG }),
    'previousRequestDeniedDesc',
    'tooLong',
  ],
  ['photoId', bearer({ photoId: LONG }), 'photoId', 'photoRequired'],
];

FORGED_DRAFTS.push(
  ...OVERLONG.map(([field, forge, reported, message]) => ({
    name: `50,000 characters in ${field}`,
    forge,
    outcome: refused(reported, message),
  })),
);

/** The valid draft as the JSON a client posts. */
export const asJson = (draft: ApplicationDraft): Json => JSON.parse(JSON.stringify(draft)) as Json;
