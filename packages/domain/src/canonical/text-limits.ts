// Every string of the stored record has a length and a character-set limit (decision 013). The
// step rules decide what a traveller may enter; this table bounds what the record may hold at all,
// including texts no screen asks for (reference descriptions, the raw first-step copy). No control
// characters and no markup characters (< >) pass anywhere. TypeScript keeps the table complete:
// a string field added to the draft without a limit does not compile.
import type { ApplicantValues, ApplicationDraft, Bearer } from '../application.ts';
import {
  COMPANY_EMAIL_MAX_LENGTH,
  COMPANY_TEXT_MAX_LENGTH,
  DESCRIPTION_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_LENGTH,
  PARENT_FIRST_NAME_LENGTH,
  PASSPORT_NUMBER_LENGTH,
  PHONE_DIGITS,
  TOWN_MAX_LENGTH,
} from '../constants.ts';
import { RESTRICTED_TEXT_PATTERN } from '../fields.ts';
import { error, type Issue } from '../issues.ts';

export interface TextLimit {
  max: number;
  /** The whole value must match. */
  pattern: RegExp;
}

/** Reference-list texts: letters of any script, digits and a few punctuation marks. */
const REFERENCE_TEXT_MAX_LENGTH = 100;
/** A composite dropdown value ('id:Description:flag:code'). */
const CHOICE_TEXT_MAX_LENGTH = 200;
const REFERENCE_TEXT = /^[\p{L}\p{M}\p{N} ,.;()'’&/-]*$/u;
const CHOICE_TEXT = /^[\p{L}\p{M}\p{N} ,.:;()'’&/-]*$/u;

const limit = (max: number, pattern: RegExp): TextLimit => ({ max, pattern });
const name = (max: number) => limit(max, /^[A-Z ]*$/);
const passportNumber = limit(PASSPORT_NUMBER_LENGTH.max, /^[A-Z0-9]*$/);
const phone = limit(PHONE_DIGITS.max, /^\d*$/);
const email = (max: number) => limit(max, /^[A-Za-z0-9._+@-]*$/);
const restricted = (max: number) => limit(max, RESTRICTED_TEXT_PATTERN);
const isoDate = limit(10, /^(\d{4}-\d{2}-\d{2})?$/);
const referenceText = limit(REFERENCE_TEXT_MAX_LENGTH, REFERENCE_TEXT);
const choice = limit(CHOICE_TEXT_MAX_LENGTH, CHOICE_TEXT);

type StringKeys<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends string ? K : never;
}[keyof T];

/** The string fields of the record, by key, and the texts inside its {id, Description} pairs. */
export type TextField =
  | StringKeys<ApplicationDraft>
  | StringKeys<Bearer>
  | StringKeys<ApplicantValues>
  | 'Description'
  | 'docTypeDesc'
  | 'COUNTRY_CODE';

export const TEXT_LIMITS: Readonly<Record<TextField, TextLimit>> = {
  // Form level.
  reqMainEmailAddress: email(EMAIL_MAX_LENGTH),
  applicantPassportNum: passportNumber,
  applicantFirstName: name(NAME_LENGTH.max),
  applicantLastName: name(NAME_LENGTH.max),
  applicantMobilePhoneNum: phone,
  typeSort: choice,
  // The raw first-step copy (applicantTsadGimel): composite dropdown values.
  groupTypeId: choice,
  applicantPassportCountryId: choice,
  // The bearer.
  bearerDocSuffix: limit(0, /^$/),
  passportNum: passportNumber,
  passportIssueDate: isoDate,
  passportExpireDate: isoDate,
  bearerDocExpireDate: isoDate,
  birthDate: isoDate,
  estimatedArrivalDate: isoDate,
  firstName: name(NAME_LENGTH.max),
  lastName: name(NAME_LENGTH.max),
  fatherFirstName: name(PARENT_FIRST_NAME_LENGTH.max),
  fatherLastName: name(NAME_LENGTH.max),
  motherFirstName: name(PARENT_FIRST_NAME_LENGTH.max),
  motherLastName: name(NAME_LENGTH.max),
  mobilePhoneNum: phone,
  homePhoneNum: phone,
  addressTownName: limit(TOWN_MAX_LENGTH, /^[A-Za-z ]*$/),
  companyName: restricted(COMPANY_TEXT_MAX_LENGTH),
  companyRole: restricted(COMPANY_TEXT_MAX_LENGTH),
  companyEmailAddress: email(COMPANY_EMAIL_MAX_LENGTH),
  companyPhoneNum: phone,
  anotherVisaRequestDesc: restricted(DESCRIPTION_LENGTH.max),
  previousRequestDeniedDesc: restricted(DESCRIPTION_LENGTH.max),
  photoId: limit(36, /^[0-9a-f-]*$/),
  // Inside {id, Description} pairs: texts of the reference lists.
  Description: referenceText,
  docTypeDesc: referenceText,
  COUNTRY_CODE: limit(3, /^[A-Z]*$/),
};

const PAIR_TEXTS = new Set<string>(['Description', 'docTypeDesc', 'COUNTRY_CODE']);

const isTextField = (key: string): key is TextField => Object.hasOwn(TEXT_LIMITS, key);

/**
 * The strings of a record that break their limit, one issue per field: too long, or characters
 * outside the field's set. A text inside an {id, Description} pair is reported on the pair's field.
 */
export const storedTextIssues = (record: unknown): Issue[] => {
  const issues: Issue[] = [];
  const visit = (value: unknown, key: string, owner: string) => {
    if (typeof value === 'string') {
      const field = PAIR_TEXTS.has(key) ? owner : key;
      if (!isTextField(key)) issues.push(error(field, 'draftMalformed'));
      else if (value.length > TEXT_LIMITS[key].max) issues.push(error(field, 'tooLong'));
      else if (!TEXT_LIMITS[key].pattern.test(value)) {
        issues.push(error(field, 'restrictedCharacters'));
      }
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key, owner);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, k, PAIR_TEXTS.has(k) ? key : k);
    }
  };
  visit(record, 'jsonForm', 'jsonForm');
  const seen = new Set<string>();
  return issues.filter((i) => !seen.has(i.field) && Boolean(seen.add(i.field)));
};
