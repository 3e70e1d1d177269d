// Personal details 1/2 (SPEC §2, §5 "Personal details"): nationalities, family, contact, address,
// occupation.
import * as z from 'zod/mini';
import type { IdDescription } from '../application.ts';
import { choiceId, choiceValueOf, codedValue, countryValue } from '../choices.ts';
import {
  COMPANY_EMAIL_MAX_LENGTH,
  COMPANY_TEXT_MAX_LENGTH,
  EMPLOYED_OCCUPATION_CODES,
  MAX_ADDITIONAL_NATIONALITIES,
  MIN_TEXT_LENGTH,
  NAME_LENGTH,
  PARENT_FIRST_NAME_LENGTH,
  TOWN_MAX_LENGTH,
} from '../constants.ts';
import { bearerOf, withBearer } from '../draft.ts';
import {
  ChoiceSchema,
  NameSchema,
  OptionalEmailSchema,
  OptionalPhoneSchema,
  PhoneSchema,
  RestrictedTextSchema,
} from '../fields.ts';
import { error, type Issue, warning } from '../issues.ts';
import { type CountryCode, phoneCountryCode, phoneIssues, storedPhoneDigits } from '../phone.ts';
import {
  additionalNationalityOptions,
  findCoded,
  findCountry,
  homeCountryOptions,
  isEnemyCountry,
  isExceptionCountry,
  isIsrael,
  isPalestine,
} from '../reference.ts';
import { objectOf } from '../schema-cache.ts';
import { defineStep, type RuleContext } from './step.ts';

export interface PersonalValues extends Record<string, string | string[]> {
  anotherNationalityArray: string[];
  maritalStatusId: string;
  fatherFirstName: string;
  fatherLastName: string;
  motherFirstName: string;
  motherLastName: string;
  mobilePhoneNum: string;
  homePhoneNum: string;
  addressCountryId: string;
  addressTownName: string;
  companyOccupationTypeId: string;
  companyName: string;
  companyRole: string;
  companyPhoneNum: string;
  companyEmailAddress: string;
}

export const EMPLOYER_FIELDS = [
  'companyName',
  'companyRole',
  'companyPhoneNum',
  'companyEmailAddress',
] as const;

/** Occupations 1 and 5 are employed: they need the employer's details. */
export const isEmployed = (occupation: string) =>
  EMPLOYED_OCCUPATION_CODES.includes(choiceId(occupation) ?? -1);

const companyText = { min: MIN_TEXT_LENGTH, max: COMPANY_TEXT_MAX_LENGTH };

const nationalityIssues = (values: PersonalValues, ctx: RuleContext): Issue[] => {
  const field = 'anotherNationalityArray';
  const chosen = values.anotherNationalityArray;
  if (chosen.length > MAX_ADDITIONAL_NATIONALITIES) return [error(field, 'tooManyNationalities')];
  const passportCountryId = bearerOf(ctx.draft).passportCountryId?.id;
  const offered = additionalNationalityOptions(ctx.reference.allcountry, passportCountryId);
  const issues: Issue[] = [];
  for (const value of chosen) {
    const country = findCountry(ctx.reference, choiceId(value));
    if (country && country.EXT_COUNTRY_ID === passportCountryId) {
      issues.push(error(field, 'nationalitySameAsPassport'));
    } else if (!country || !offered.includes(country)) {
      issues.push(error(field, 'choiceInvalid'));
    } else if (isIsrael(country)) {
      issues.push(warning(field, 'nationalityIsraeliWarning'));
    } else if (isPalestine(country) && !isExceptionCountry(passportCountryId)) {
      issues.push(error(field, 'nationalityPalestinian'));
    } else if (isEnemyCountry(country) && !isExceptionCountry(passportCountryId)) {
      issues.push(error(field, 'nationalityEnemy'));
    }
  }
  return issues;
};

/** The country a traveller's phone numbers are dialled from at home: their passport's. */
export const passportPhoneCountry = (ctx: Pick<RuleContext, 'draft' | 'reference'>) =>
  phoneCountryCode(
    findCountry(ctx.reference, bearerOf(ctx.draft).passportCountryId?.id)?.ISO_ALPHA2,
  );

const PHONE_FIELDS = ['mobilePhoneNum', 'homePhoneNum', 'companyPhoneNum'] as const;

/** Each phone typed, possible for its country (decision 041); the employer's only when asked. */
const phoneFieldIssues = (values: PersonalValues, country: CountryCode | undefined): Issue[] =>
  PHONE_FIELDS.filter(
    (field) => field !== 'companyPhoneNum' || isEmployed(values.companyOccupationTypeId),
  ).flatMap((field) => phoneIssues(field, values[field], country));

const NationalityListSchema = z.array(z.string());

export const personalStep = defineStep<PersonalValues>({
  id: 'personal',
  fields: [
    'anotherNationalityArray',
    'maritalStatusId',
    'fatherFirstName',
    'fatherLastName',
    'motherFirstName',
    'motherLastName',
    'mobilePhoneNum',
    'homePhoneNum',
    'addressCountryId',
    'addressTownName',
    'companyOccupationTypeId',
    'companyName',
    'companyRole',
    'companyPhoneNum',
    'companyEmailAddress',
  ],
  blank: () => ({
    anotherNationalityArray: [],
    maritalStatusId: '',
    fatherFirstName: '',
    fatherLastName: '',
    motherFirstName: '',
    motherLastName: '',
    mobilePhoneNum: '',
    homePhoneNum: '',
    addressCountryId: '',
    addressTownName: '',
    companyOccupationTypeId: '',
    companyName: '',
    companyRole: '',
    companyPhoneNum: '',
    companyEmailAddress: '',
  }),
  shape: (values) =>
    objectOf({
      anotherNationalityArray: NationalityListSchema,
      maritalStatusId: ChoiceSchema(),
      fatherFirstName: NameSchema(PARENT_FIRST_NAME_LENGTH),
      fatherLastName: NameSchema(NAME_LENGTH),
      motherFirstName: NameSchema(PARENT_FIRST_NAME_LENGTH),
      motherLastName: NameSchema(NAME_LENGTH),
      mobilePhoneNum: PhoneSchema(),
      homePhoneNum: OptionalPhoneSchema(),
      addressCountryId: ChoiceSchema(),
      addressTownName: NameSchema({ min: MIN_TEXT_LENGTH, max: TOWN_MAX_LENGTH }),
      companyOccupationTypeId: ChoiceSchema(),
      // Employer fields are only asked of the employed; for others they are cleared.
      ...(isEmployed(values.companyOccupationTypeId)
        ? {
            companyName: RestrictedTextSchema(companyText),
            companyRole: RestrictedTextSchema(companyText),
            companyPhoneNum: PhoneSchema(),
            companyEmailAddress: OptionalEmailSchema(COMPANY_EMAIL_MAX_LENGTH),
          }
        : {}),
    }),
  rules: (values, ctx) => {
    const issues = nationalityIssues(values, ctx);
    const { reference, draft } = ctx;
    if (!findCoded(reference.maritalstatus, choiceId(values.maritalStatusId))) {
      issues.push(error('maritalStatusId', 'choiceInvalid'));
    }
    const home = findCountry(reference, choiceId(values.addressCountryId));
    if (!home || !homeCountryOptions(reference.allcountry).includes(home)) {
      issues.push(error('addressCountryId', 'choiceInvalid'));
    } else if (isEnemyCountry(home) && !isExceptionCountry(bearerOf(draft).passportCountryId?.id)) {
      issues.push(error('addressCountryId', 'homeCountryEnemy'));
    }
    if (!findCoded(reference.occupation, choiceId(values.companyOccupationTypeId))) {
      issues.push(error('companyOccupationTypeId', 'choiceInvalid'));
    }
    issues.push(...phoneFieldIssues(values, passportPhoneCountry(ctx)));
    return issues;
  },
  toDraft: (values, { draft, reference }) => {
    // A number typed as dialled at home is kept as its international digits (decision 041).
    const phone = (value: string) =>
      storedPhoneDigits(value, passportPhoneCountry({ draft, reference }));
    const coded = (list: typeof reference.occupation, value: string): IdDescription | null => {
      const item = findCoded(list, choiceId(value));
      return item ? { id: item.Code, Description: item.Description } : null;
    };
    const country = (value: string): IdDescription | null => {
      const c = findCountry(reference, choiceId(value));
      return c ? { id: c.EXT_COUNTRY_ID, Description: c.Official_country_name } : null;
    };
    const employed = isEmployed(values.companyOccupationTypeId);
    const employer = (field: (typeof EMPLOYER_FIELDS)[number]) => (employed ? values[field] : '');
    return withBearer(draft, {
      anotherNationalityArray: values.anotherNationalityArray
        .map(country)
        .filter((c): c is IdDescription => c !== null),
      maritalStatusId: coded(reference.maritalstatus, values.maritalStatusId),
      // Names are kept in capitals, as on the passport.
      fatherFirstName: values.fatherFirstName.toUpperCase(),
      fatherLastName: values.fatherLastName.toUpperCase(),
      motherFirstName: values.motherFirstName.toUpperCase(),
      motherLastName: values.motherLastName.toUpperCase(),
      mobilePhoneNum: phone(values.mobilePhoneNum),
      homePhoneNum: phone(values.homePhoneNum),
      addressCountryId: country(values.addressCountryId),
      addressTownName: values.addressTownName,
      companyOccupationTypeId: coded(reference.occupation, values.companyOccupationTypeId),
      companyName: employer('companyName'),
      companyRole: employer('companyRole'),
      companyPhoneNum: phone(employer('companyPhoneNum')),
      companyEmailAddress: employer('companyEmailAddress'),
    });
  },
  fromDraft: (draft, reference) => {
    const b = bearerOf(draft);
    const country = (id: number) => findCountry(reference, id);
    return {
      anotherNationalityArray: b.anotherNationalityArray.map((n) =>
        choiceValueOf(n, country, countryValue),
      ),
      maritalStatusId: choiceValueOf(
        b.maritalStatusId,
        (id) => findCoded(reference.maritalstatus, id),
        codedValue,
      ),
      fatherFirstName: b.fatherFirstName,
      fatherLastName: b.fatherLastName,
      motherFirstName: b.motherFirstName,
      motherLastName: b.motherLastName,
      mobilePhoneNum: b.mobilePhoneNum,
      homePhoneNum: b.homePhoneNum,
      addressCountryId: choiceValueOf(b.addressCountryId, country, countryValue),
      addressTownName: b.addressTownName,
      companyOccupationTypeId: choiceValueOf(
        b.companyOccupationTypeId,
        (id) => findCoded(reference.occupation, id),
        codedValue,
      ),
      companyName: b.companyName,
      companyRole: b.companyRole,
      companyPhoneNum: b.companyPhoneNum,
      companyEmailAddress: b.companyEmailAddress,
    };
  },
});
