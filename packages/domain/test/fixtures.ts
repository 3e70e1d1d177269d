// One valid application (STYLE.md §10): the valid form values of every step, and the complete
// jsonForm draft built by running each step's toDraft on them, on a fixed "today". A rule's test
// changes one field of these values. Test code only: production code never imports this file.
import type { z } from 'zod/mini';
import {
  type ApplicationDraft,
  applicantStep,
  bearerOf,
  blankDraft,
  type Country,
  codedValue,
  countryValue,
  declarationStep,
  emailStep,
  entryReasonValue,
  type FormValues,
  findCountryByCode,
  genderValue,
  historyStep,
  type Issue,
  lengthOfStayValue,
  passportCountryValue,
  passportStep,
  passportTypeValue,
  personalStep,
  photoStep,
  type RuleContext,
  type Step,
  travelStep,
  validateStep,
} from '../src/index.ts';
import type { CodedItem, EntryReason, LengthOfStay, PassportType } from '../src/reference.ts';
import { referenceData } from '../src/reference-data/index.ts';

export const TODAY = '2026-11-22';
export const reference = referenceData;

const required = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`Reference data has no ${what}`);
  return value;
};

/** A country of the shipped reference data by its ISO alpha-3 code. */
export const country = (code: string): Country =>
  required(findCountryByCode(reference, code), `country ${code}`);
export const entryReason = (code: number): EntryReason =>
  required(
    reference.entryReasons.find((r) => r.Code === code),
    `entry reason ${code}`,
  );
export const lengthOfStay = (code: number): LengthOfStay =>
  required(
    reference.lengthofstay.find((s) => s.Code === code),
    `length of stay ${code}`,
  );
export const passportType = (id: number): PassportType =>
  required(
    reference.passportType.find((t) => t.docTypeId === id),
    `passport type ${id}`,
  );
const coded = (list: readonly CodedItem[], code: number, what: string): CodedItem =>
  required(
    list.find((i) => i.Code === code),
    `${what} ${code}`,
  );

/** Dropdown values as the screens build them. */
export const countryChoice = (code: string) => countryValue(country(code));
export const passportCountryChoice = (code: string) => passportCountryValue(country(code));
export const entryReasonChoice = (code: number) => entryReasonValue(entryReason(code));
export const stayChoice = (code: number) => lengthOfStayValue(lengthOfStay(code));
export const passportTypeChoice = (id: number) => passportTypeValue(passportType(id));
export const occupationChoice = (code: number) =>
  codedValue(coded(reference.occupation, code, 'occupation'));
const maritalChoice = (code: number) =>
  codedValue(coded(reference.maritalstatus, code, 'marital status'));
const genderChoice = (code: number) =>
  genderValue(
    required(
      reference.gender.find((g) => g.Code === code),
      `gender ${code}`,
    ),
  );

/** The day/month/year boxes of an ISO date under the given field names. */
export const boxes = (
  names: { day: string; month: string; year: string },
  iso: string,
): Record<string, string> => {
  const [year = '', month = '', day = ''] = iso.split('-');
  return { [names.day]: day, [names.month]: month, [names.year]: year };
};

export const PHOTO_ID = '123e4567-e89b-12d3-a456-426614174000';

/** The valid form values of every step (fresh objects on each call). */
export const validValues = () => ({
  applicant: {
    groupTypeId: '2:Someone else',
    applicantLastName: 'SMITH',
    applicantFirstName: 'JOHN',
    applicantPassportNum: 'X1234567',
    applicantPassportCountryId: countryChoice('USA'),
    applicantMobilePhoneNum: '12125551234',
  },
  email: { EmailAddress: 'jane.doe@example.com', ConfirmEmail: 'jane.doe@example.com' },
  travel: {
    entryReasonId: entryReasonChoice(1),
    dayEstimatedAarrivalDate: '15',
    monthEstimatedAarrivalDate: '03',
    yearEstimatedAarrivalDate: '2027',
    lengthOfStayId: stayChoice(2),
  },
  passport: {
    passportTypeId: passportTypeChoice(1),
    passportNum: 'AB1234567',
    passportCountryId: passportCountryChoice('USA'),
    nationalityId: countryChoice('USA'),
    isBiometricPassport: '1',
    lastName: 'DOE',
    firstName: 'JANE MARY',
    dayPassportIssue: '10',
    monthPassportIssue: '05',
    yearPassportIssue: '2020',
    dayPassportExpire: '09',
    monthPassportExpire: '05',
    yearPassportExpire: '2030',
    dayBirth: '04',
    monthBirth: '07',
    yearBirth: '1990',
    birthCountryId: countryChoice('USA'),
    gender: genderChoice(2),
  },
  personal: {
    anotherNationalityArray: [countryChoice('GBR')],
    maritalStatusId: maritalChoice(2),
    fatherFirstName: 'JOHN',
    fatherLastName: 'DOE',
    motherFirstName: 'MARY',
    motherLastName: 'DOE',
    mobilePhoneNum: '12125551234',
    homePhoneNum: '',
    addressCountryId: countryChoice('USA'),
    addressTownName: 'New York',
    companyOccupationTypeId: occupationChoice(1),
    companyName: 'Acme Inc.',
    companyRole: 'Engineer',
    companyPhoneNum: '12125550000',
    companyEmailAddress: 'hr@acme.com',
  },
  photo: { photoId: PHOTO_ID },
  history: {
    previousStayInIsraelYN: '1',
    previousYearInIsrael: '2019',
    anotherVisaRequestYN: '1',
    anotherVisaRequestDesc: 'Tourist visa, 2018: granted.',
    previousRequestDeniedYN: '0',
    previousRequestDeniedDesc: '',
    lawProblemsYN: '0',
  },
  declaration: { reqDisclaimer: '1', reqDeclaration: '1' },
});

export type ValidValues = ReturnType<typeof validValues>;
type StepName = keyof ValidValues;
export type ValuesChanges = { [K in StepName]?: Partial<ValidValues[K]> };

export const context = (draft: ApplicationDraft = blankDraft()): RuleContext => ({
  today: TODAY,
  reference,
  draft,
});

/** The values of every step with some fields changed. */
export const valuesWith = (changes: ValuesChanges = {}): ValidValues => {
  const values = validValues();
  for (const name of Object.keys(values) as StepName[]) {
    Object.assign(values[name], changes[name] ?? {});
  }
  return values;
};

/**
 * The complete draft: each step's toDraft run in journey order from the blank template, on the
 * valid values with the given changes. The code step holds no draft field.
 */
export const buildDraft = (changes: ValuesChanges = {}): ApplicationDraft => {
  const v = valuesWith(changes);
  let draft = blankDraft();
  draft = applicantStep.toDraft(v.applicant, context(draft));
  draft = emailStep.toDraft(v.email, context(draft));
  draft = travelStep.toDraft(v.travel, context(draft));
  draft = passportStep.toDraft(v.passport, context(draft));
  draft = personalStep.toDraft(v.personal, context(draft));
  draft = photoStep.toDraft(v.photo, context(draft));
  draft = historyStep.toDraft(v.history, context(draft));
  draft = declarationStep.toDraft(v.declaration, context(draft));
  return draft;
};

/** The one valid complete draft. */
export const validDraft = (): ApplicationDraft => buildDraft();

/**
 * A group: the travellers of drafts built with each set of changes, in order, in the first
 * draft's application (contact, e-mail, declaration).
 */
export const groupDraft = (...travellers: ValuesChanges[]): ApplicationDraft => {
  const [first = validDraft(), ...others] = travellers.map((changes) => buildDraft(changes));
  return { ...first, bearerList: [first, ...others].map(bearerOf) };
};

/** A traveller born on `birth` (ISO) whose passport was issued on `issued`. */
export const bornOn = (birth: string, issued: string, passportNum: string): ValuesChanges => {
  const [yearBirth, monthBirth, dayBirth] = birth.split('-');
  const [yearPassportIssue, monthPassportIssue, dayPassportIssue] = issued.split('-');
  return {
    passport: {
      passportNum,
      ...{ yearBirth, monthBirth, dayBirth },
      ...{ yearPassportIssue, monthPassportIssue, dayPassportIssue },
    },
  };
};

/** A step's issues for its values, with the draft of the earlier steps as context. */
export const issuesOf = <V extends FormValues>(
  step: Step<V>,
  values: V,
  draft: ApplicationDraft = validDraft(),
): Issue[] => validateStep(step, values, context(draft));

/** The first failing check's message of a single field schema, or undefined when it passes. */
export const firstMessage = (schema: z.ZodMiniType, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

export const err = (field: string, message: Issue['message']): Issue => ({
  field,
  message,
  severity: 'error',
});
export const warn = (field: string, message: Issue['message']): Issue => ({
  field,
  message,
  severity: 'warning',
});
