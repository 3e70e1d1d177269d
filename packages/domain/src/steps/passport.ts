import {
  choiceId,
  choiceValueOf,
  countryValue,
  genderValue,
  passportCountryValue,
  passportTypeValue,
} from '../choices.ts';
import {
  ADULT_AGE,
  DIPLOMATIC_PASSPORT_TYPE_ID,
  DOCUMENT_EXPIRY_YEARS,
  GROUP_TYPE,
  NAME_LENGTH,
  OFFICIAL_PASSPORT_TYPE_IDS,
  PASSPORT_EXPIRY_MAX_YEARS_AHEAD,
  PASSPORT_EXPIRY_WARNING_YEARS,
  RELATIONSHIP_TYPE,
} from '../constants.ts';
import { addYearsIso, ageOn, dateFields, earlierOf, type IsoDate } from '../dates.ts';
import { bearerOf, withBearer } from '../draft.ts';
import { ChoiceSchema, NameSchema, PassportNumberSchema, YesNoSchema } from '../fields.ts';
import { error, type Issue, warning } from '../issues.ts';
import {
  type Country,
  findCountry,
  findGender,
  findPassportType,
  isEnemyCountry,
  isExceptionCountry,
  isIsrael,
  isPalestine,
  isPassportCountryAccepted,
  passportCountryOptions,
} from '../reference.ts';
import { objectOf } from '../schema-cache.ts';
import { dateShape, dateValues, readDate } from './date-fields.ts';
import { defineStep } from './step.ts';

export const ISSUE_DATE = dateFields('PassportIssue');
export const EXPIRY_DATE = dateFields('PassportExpire');
export const BIRTH_DATE = dateFields('Birth');

export interface PassportValues extends Record<string, string> {
  passportTypeId: string;
  passportNum: string;
  passportCountryId: string;
  nationalityId: string;
  isBiometricPassport: string;
  lastName: string;
  firstName: string;
  dayPassportIssue: string;
  monthPassportIssue: string;
  yearPassportIssue: string;
  dayPassportExpire: string;
  monthPassportExpire: string;
  yearPassportExpire: string;
  dayBirth: string;
  monthBirth: string;
  yearBirth: string;
  birthCountryId: string;
  gender: string;
}

/** Under 18 on the given day. */
const isMinor = (birth: IsoDate, today: IsoDate) => ageOn(birth, today) < ADULT_AGE;

/** The passport country: Israel, Palestine, enemy states and non-issuers are refused. */
const passportCountryIssue = (country: Country | undefined, all: Country[]): Issue | undefined => {
  const field = 'passportCountryId';
  if (!country) return error(field, 'choiceInvalid');
  if (isIsrael(country)) return error(field, 'countryIsIsrael');
  if (isPalestine(country)) return error(field, 'countryPalestinian');
  if (isEnemyCountry(country)) return error(field, 'countryEnemy');
  if (!all.some((c) => c.EXT_COUNTRY_ID === country.EXT_COUNTRY_ID)) {
    return error(field, 'countryNotPossible');
  }
  return undefined;
};

/** Nationality: as the passport country, but an enemy nationality is accepted with passport 710. */
const nationalityIssue = (
  nationality: Country | undefined,
  passportCountryId: number | undefined,
): Issue | undefined => {
  const field = 'nationalityId';
  if (nationality?.Exists_Today !== 'Y') return error(field, 'choiceInvalid');
  if (isIsrael(nationality)) return error(field, 'countryIsIsrael');
  if (isPalestine(nationality)) return error(field, 'countryPalestinian');
  if (isEnemyCountry(nationality) && !isExceptionCountry(passportCountryId)) {
    return error(field, 'countryEnemy');
  }
  return undefined;
};

const datesIssues = (values: PassportValues, today: IsoDate, groupTypeId: number): Issue[] => {
  const issues: Issue[] = [];
  const birth = readDate(values, BIRTH_DATE);
  const issue = readDate(values, ISSUE_DATE);
  const expiry = readDate(values, EXPIRY_DATE);

  if (issue.kind === 'unreal') issues.push(error(ISSUE_DATE.day, 'dateInvalid'));
  if (issue.kind === 'date') {
    if (issue.iso > today) issues.push(error(ISSUE_DATE.day, 'dateMustBePast'));
    else if (birth.kind === 'date' && issue.iso < birth.iso) {
      issues.push(error(ISSUE_DATE.day, 'issueBeforeBirth'));
    }
  }

  if (expiry.kind === 'unreal') issues.push(error(EXPIRY_DATE.day, 'dateInvalid'));
  if (expiry.kind === 'date') {
    if (expiry.iso < today) issues.push(error(EXPIRY_DATE.day, 'expiryInPast'));
    else if (expiry.iso > addYearsIso(today, PASSPORT_EXPIRY_MAX_YEARS_AHEAD)) {
      issues.push(error(EXPIRY_DATE.day, 'expiryTooFarAhead'));
    } else if (expiry.iso < addYearsIso(today, PASSPORT_EXPIRY_WARNING_YEARS)) {
      issues.push(warning(EXPIRY_DATE.day, 'expirySoonWarning'));
    }
  }

  if (birth.kind === 'unreal') issues.push(error(BIRTH_DATE.day, 'dateInvalid'));
  if (birth.kind === 'date') {
    if (birth.iso > today) issues.push(error(BIRTH_DATE.day, 'dateMustBePast'));
    else if (isMinor(birth.iso, today) && groupTypeId === GROUP_TYPE.myself.id) {
      issues.push(error(BIRTH_DATE.day, 'minorMustBeAppliedFor'));
    }
  }
  return issues;
};

export const passportStep = defineStep<PassportValues>({
  id: 'passport',
  fields: [
    'passportTypeId',
    'passportNum',
    'passportCountryId',
    'nationalityId',
    'isBiometricPassport',
    'lastName',
    'firstName',
    ...Object.values(ISSUE_DATE),
    ...Object.values(EXPIRY_DATE),
    ...Object.values(BIRTH_DATE),
    'birthCountryId',
    'gender',
  ],
  blank: () => ({
    passportTypeId: '',
    passportNum: '',
    passportCountryId: '',
    nationalityId: '',
    isBiometricPassport: '',
    lastName: '',
    firstName: '',
    dayPassportIssue: '',
    monthPassportIssue: '',
    yearPassportIssue: '',
    dayPassportExpire: '',
    monthPassportExpire: '',
    yearPassportExpire: '',
    dayBirth: '',
    monthBirth: '',
    yearBirth: '',
    birthCountryId: '',
    gender: '',
  }),
  shape: () =>
    objectOf({
      passportTypeId: ChoiceSchema(),
      passportNum: PassportNumberSchema(),
      passportCountryId: ChoiceSchema(),
      nationalityId: ChoiceSchema(),
      isBiometricPassport: YesNoSchema(),
      lastName: NameSchema(NAME_LENGTH),
      firstName: NameSchema(NAME_LENGTH),
      ...dateShape(ISSUE_DATE),
      ...dateShape(EXPIRY_DATE),
      ...dateShape(BIRTH_DATE),
      birthCountryId: ChoiceSchema(),
      gender: ChoiceSchema(),
    }),
  rules: (values, { reference, today, draft }) => {
    const issues: Issue[] = [];
    const type = findPassportType(reference, choiceId(values.passportTypeId));
    if (!type) issues.push(error('passportTypeId', 'choiceInvalid'));
    else if (type.Valid_for_ETAIL !== 'Y')
      issues.push(error('passportTypeId', 'passportTypeNotEligible'));
    else if (type.docTypeId === DIPLOMATIC_PASSPORT_TYPE_ID) {
      issues.push(warning('passportTypeId', 'diplomaticPassportWarning'));
    } else if (OFFICIAL_PASSPORT_TYPE_IDS.includes(type.docTypeId)) {
      issues.push(warning('passportTypeId', 'officialPassportWarning'));
    }

    const passportCountryId = choiceId(values.passportCountryId);
    const countryIssue = passportCountryIssue(
      findCountry(reference, passportCountryId),
      passportCountryOptions(reference.allcountry),
    );
    if (countryIssue) issues.push(countryIssue);
    // The passport-country check (SPEC §4 "Passport submit"): the browser asks the server, and
    // the server runs this same rule on the submitted draft.
    else if (
      type?.Valid_for_ETAIL === 'Y' &&
      passportCountryId !== undefined &&
      (values.isBiometricPassport === '0' || values.isBiometricPassport === '1') &&
      !isPassportCountryAccepted(reference, {
        EXT_COUNTRY_ID: passportCountryId,
        biometric: values.isBiometricPassport === '1',
        Passport_type_for_visa: type.Passport_type_for_visa,
        Valid_for_ETAIL: type.Valid_for_ETAIL,
      })
    ) {
      issues.push(error('passportCountryId', 'passportCountryRejected'));
    }
    const nationality = nationalityIssue(
      findCountry(reference, choiceId(values.nationalityId)),
      passportCountryId,
    );
    if (nationality) issues.push(nationality);

    issues.push(...datesIssues(values, today, draft.groupTypeId.id));

    const birthCountry = findCountry(reference, choiceId(values.birthCountryId));
    if (!birthCountry) issues.push(error('birthCountryId', 'choiceInvalid'));
    else if (isEnemyCountry(birthCountry) && !isExceptionCountry(passportCountryId)) {
      issues.push(warning('birthCountryId', 'birthCountryEnemyWarning'));
    } else if (
      isEnemyCountry(birthCountry) &&
      birthCountry.EXT_COUNTRY_ID === choiceId(values.nationalityId)
    ) {
      // SPEC §8 "Born in the country of citizenship: must go to the consulate" (decision 019).
      issues.push(warning('birthCountryId', 'bornInCitizenshipCountry'));
    }
    if (!findGender(reference, choiceId(values.gender)))
      issues.push(error('gender', 'choiceInvalid'));
    return issues;
  },
  toDraft: (values, { draft, reference, today }) => {
    const type = findPassportType(reference, choiceId(values.passportTypeId));
    const country = findCountry(reference, choiceId(values.passportCountryId));
    const nationality = findCountry(reference, choiceId(values.nationalityId));
    const birthCountry = findCountry(reference, choiceId(values.birthCountryId));
    const gender = findGender(reference, choiceId(values.gender));
    const read = (f: typeof BIRTH_DATE) => {
      const d = readDate(values, f);
      return d.kind === 'date' ? d.iso : '';
    };
    const [birthDate, passportIssueDate, passportExpireDate] = [
      read(BIRTH_DATE),
      read(ISSUE_DATE),
      read(EXPIRY_DATE),
    ];
    const idDescription = (c: Country | undefined) =>
      c ? { id: c.EXT_COUNTRY_ID, Description: c.Official_country_name } : null;
    return withBearer(draft, {
      passportTypeId: type ? { docTypeId: type.docTypeId, docTypeDesc: type.docTypeDesc } : null,
      passportNum: values.passportNum.toUpperCase(),
      passportCountryId: country
        ? {
            id: country.EXT_COUNTRY_ID,
            COUNTRY_CODE: country.COUNTRY_CODE,
            Description: country.Official_country_name,
          }
        : null,
      nationalityId: idDescription(nationality),
      biometricPassportYN: values.isBiometricPassport === '1' ? 1 : 0,
      lastName: values.lastName.toUpperCase(),
      firstName: values.firstName.toUpperCase(),
      passportIssueDate,
      passportExpireDate,
      // The authorization ends with the passport, and at the latest two years from today.
      bearerDocExpireDate: passportExpireDate
        ? earlierOf(passportExpireDate, addYearsIso(today, DOCUMENT_EXPIRY_YEARS))
        : '',
      birthDate,
      birthCountryId: idDescription(birthCountry),
      gender: gender ? { id: gender.Code, Description: gender.Gender } : null,
      relationshipTypeId: {
        ...(birthDate && isMinor(birthDate, today)
          ? RELATIONSHIP_TYPE.minor
          : RELATIONSHIP_TYPE.adult),
      },
    });
  },
  fromDraft: (draft, reference) => {
    const b = bearerOf(draft);
    const country = (id: number) => findCountry(reference, id);
    return {
      passportTypeId: b.passportTypeId
        ? choiceValueOf(
            { id: b.passportTypeId.docTypeId, Description: b.passportTypeId.docTypeDesc },
            (id) => findPassportType(reference, id),
            passportTypeValue,
          )
        : '',
      passportNum: b.passportNum,
      passportCountryId: choiceValueOf(b.passportCountryId, country, passportCountryValue),
      nationalityId: choiceValueOf(b.nationalityId, country, countryValue),
      isBiometricPassport: b.biometricPassportYN === null ? '' : String(b.biometricPassportYN),
      lastName: b.lastName,
      firstName: b.firstName,
      ...(dateValues(ISSUE_DATE, b.passportIssueDate) as Record<string, string>),
      ...(dateValues(EXPIRY_DATE, b.passportExpireDate) as Record<string, string>),
      ...(dateValues(BIRTH_DATE, b.birthDate) as Record<string, string>),
      birthCountryId: choiceValueOf(b.birthCountryId, country, countryValue),
      gender: choiceValueOf(b.gender, (id) => findGender(reference, id), genderValue),
    } as PassportValues;
  },
});
