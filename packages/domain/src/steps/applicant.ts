// Start step: who the application is for (SPEC §2 "Start your application", §5 "Applicant").
import * as z from 'zod/mini';
import type { ApplicantValues } from '../application.ts';
import { choiceId, countryValue } from '../choices.ts';
import { GROUP_TYPE, NAME_LENGTH } from '../constants.ts';
import {
  ChoiceSchema,
  NameSchema,
  OptionalPhoneSchema,
  PassportNumberSchema,
  requiredText,
} from '../fields.ts';
import { error } from '../issues.ts';
import { phoneCountryCode, phoneIssues, storedPhoneDigits } from '../phone.ts';
import { applicantPassportCountryOptions, type Country, findCountry } from '../reference.ts';
import { objectOf } from '../schema-cache.ts';
import { defineStep } from './step.ts';

export type { ApplicantValues };

export const MYSELF_VALUE = `${GROUP_TYPE.myself.id}:${GROUP_TYPE.myself.Description}`;
export const SOMEONE_ELSE_VALUE = `${GROUP_TYPE.someoneElse.id}:${GROUP_TYPE.someoneElse.Description}`;

/**
 * The applicant's phone is read as dialled in their passport's country (decision 041): the
 * country of the passport country value ('id:name') among `countries`.
 */
export const applicantPhoneCountry = (passportCountry: string, countries: readonly Country[]) => {
  const id = choiceId(passportCountry);
  return phoneCountryCode(countries.find((c) => c.EXT_COUNTRY_ID === id)?.ISO_ALPHA2);
};

const isSomeoneElse = (values: Pick<ApplicantValues, 'groupTypeId'>) =>
  values.groupTypeId === SOMEONE_ELSE_VALUE;

const yourDetails = {
  applicantLastName: NameSchema(NAME_LENGTH),
  applicantFirstName: NameSchema(NAME_LENGTH),
  applicantPassportNum: PassportNumberSchema(),
  applicantPassportCountryId: ChoiceSchema(),
  applicantMobilePhoneNum: OptionalPhoneSchema(),
};

const blankApplicant = (): ApplicantValues => ({
  groupTypeId: MYSELF_VALUE,
  applicantPassportNum: '',
  applicantPassportCountryId: '',
  applicantFirstName: '',
  applicantLastName: '',
  applicantMobilePhoneNum: '',
});

const groupType = requiredText().check(
  z.refine((v) => v === MYSELF_VALUE || v === SOMEONE_ELSE_VALUE, { error: 'required' }),
);

export const applicantStep = defineStep<ApplicantValues>({
  id: 'applicant',
  fields: [
    'groupTypeId',
    'applicantLastName',
    'applicantFirstName',
    'applicantPassportNum',
    'applicantPassportCountryId',
    'applicantMobilePhoneNum',
  ],
  blank: blankApplicant,
  // "Your details" are only asked (and so only required) when applying for someone else.
  shape: (values) =>
    isSomeoneElse(values)
      ? objectOf({ groupTypeId: groupType, ...yourDetails })
      : objectOf({ groupTypeId: groupType }),
  rules: (values, { reference }) => {
    if (!isSomeoneElse(values)) return [];
    const id = choiceId(values.applicantPassportCountryId);
    const allowed = applicantPassportCountryOptions(reference.allcountry).some(
      (c) => c.EXT_COUNTRY_ID === id,
    );
    return [
      ...(allowed ? [] : [error('applicantPassportCountryId', 'countryNotPossible')]),
      ...phoneIssues(
        'applicantMobilePhoneNum',
        values.applicantMobilePhoneNum,
        applicantPhoneCountry(values.applicantPassportCountryId, reference.allcountry),
      ),
    ];
  },
  toDraft: (values, { draft, reference }) => {
    const someoneElse = isSomeoneElse(values);
    const group = someoneElse ? GROUP_TYPE.someoneElse : GROUP_TYPE.myself;
    const country = findCountry(reference, choiceId(values.applicantPassportCountryId));
    // Choosing Myself clears the five "Your details" fields; names and the passport number are
    // kept in capitals, as the traveller's own.
    const kept = someoneElse
      ? {
          ...values,
          applicantPassportNum: values.applicantPassportNum.toUpperCase(),
          applicantFirstName: values.applicantFirstName.toUpperCase(),
          applicantLastName: values.applicantLastName.toUpperCase(),
          applicantMobilePhoneNum: storedPhoneDigits(
            values.applicantMobilePhoneNum,
            applicantPhoneCountry(values.applicantPassportCountryId, reference.allcountry),
          ),
        }
      : blankApplicant();
    return {
      ...draft,
      groupTypeId: { ...group },
      applicantPassportNum: kept.applicantPassportNum,
      applicantPassportCountryId:
        someoneElse && country
          ? { id: country.EXT_COUNTRY_ID, Description: country.Official_country_name }
          : null,
      applicantFirstName: kept.applicantFirstName,
      applicantLastName: kept.applicantLastName,
      applicantMobilePhoneNum: kept.applicantMobilePhoneNum,
      applicantTsadGimel: { ...kept },
      typeSort: kept.groupTypeId,
    };
  },
  // The stored fields are what the server keeps, so they are what the rules check.
  fromDraft: (draft, reference) => {
    const country = findCountry(reference, draft.applicantPassportCountryId?.id);
    // The group type is read by its id: a posted Description is not trusted.
    const group = Object.values(GROUP_TYPE).find((g) => g.id === draft.groupTypeId.id);
    return {
      groupTypeId: group ? `${group.id}:${group.Description}` : `${draft.groupTypeId.id}:`,
      applicantPassportNum: draft.applicantPassportNum,
      applicantPassportCountryId: country ? countryValue(country) : '',
      applicantFirstName: draft.applicantFirstName,
      applicantLastName: draft.applicantLastName,
      applicantMobilePhoneNum: draft.applicantMobilePhoneNum,
    };
  },
});

/** Whether the raw first-step values kept in a draft say the same as its stored fields. */
export const rawApplicantAgrees = (raw: ApplicantValues, stored: ApplicantValues): boolean =>
  raw.groupTypeId === stored.groupTypeId &&
  raw.applicantPassportNum === stored.applicantPassportNum &&
  choiceId(raw.applicantPassportCountryId) === choiceId(stored.applicantPassportCountryId) &&
  raw.applicantFirstName === stored.applicantFirstName &&
  raw.applicantLastName === stored.applicantLastName &&
  raw.applicantMobilePhoneNum === stored.applicantMobilePhoneNum;
