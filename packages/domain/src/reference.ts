// Reference-list records as SPEC §3 names them, and the dropdown filters of SPEC §5.
import { EXCEPTION_COUNTRY_ID, ISRAEL_COUNTRY_CODE, PALESTINE_COUNTRY_CODE } from './constants.ts';
import type { CountryCheck } from './wire/country-check.ts';

type YesNo = 'Y' | 'N';

export interface EntryReason {
  Code: number;
  Description: string;
  Valid_for_ETAIL: YesNo;
}

export interface Country {
  EXT_COUNTRY_ID: number;
  /** ISO 3166-1 alpha-3 (ISO 3166-3 for former countries). */
  COUNTRY_CODE: string;
  /** ISO 3166-1 alpha-2, for localized names (Intl.DisplayNames) and phone country codes. */
  ISO_ALPHA2: string;
  Official_country_name: string;
  /** 'N' for a country that no longer exists (kept for birth countries before 1991). */
  Exists_Today: YesNo;
  Enemy_countries: YesNo;
  /** 'N' for a country that issues no passport we accept as a passport country. */
  passport_country: YesNo;
  /** Its nationals may use ETA-IL (Israel's visa-exempt list). */
  Eligible_for_ETAIL: YesNo;
  /** Its nationals need a biometric passport to use ETA-IL. */
  Biometric_required: YesNo;
}

export interface LengthOfStay {
  Code: number;
  Description: string;
}

export interface PassportType {
  docTypeId: number;
  docTypeDesc: string;
  Valid_for_ETAIL: YesNo;
  Passport_type_for_visa: string;
}

export interface Gender {
  Code: number;
  Gender: string;
}

export interface CodedItem {
  Code: number;
  Description: string;
}

/** The body of GET /api/getalldata, and the lists every rule looks codes up in. */
export interface ReferenceData {
  entryReasons: EntryReason[];
  allcountry: Country[];
  lengthofstay: LengthOfStay[];
  passportType: PassportType[];
  gender: Gender[];
  maritalstatus: CodedItem[];
  occupation: CodedItem[];
}

export const REFERENCE_LISTS = [
  'entryReasons',
  'allcountry',
  'lengthofstay',
  'passportType',
  'gender',
  'maritalstatus',
  'occupation',
] as const satisfies readonly (keyof ReferenceData)[];

const byCountryCode = (a: Country, b: Country) => a.COUNTRY_CODE.localeCompare(b.COUNTRY_CODE);
const hasName = (c: Country) => c.Official_country_name.trim() !== '';
const existsToday = (c: Country) => c.Exists_Today === 'Y';
const isEnemy = (c: Country) => c.Enemy_countries === 'Y';
const issuesPassports = (c: Country) => c.passport_country === 'Y';
const isIsraelOrPalestine = (c: Country) =>
  c.COUNTRY_CODE === ISRAEL_COUNTRY_CODE || c.COUNTRY_CODE === PALESTINE_COUNTRY_CODE;

/**
 * The applicant's passport country (SPEC §5 "Dropdown lists"): named, existing, not enemy-flagged
 * and issuing passports. Unlike the traveller's passport country, Israel is not excluded: the
 * person applying for someone else may hold an Israeli passport.
 */
export const applicantPassportCountryOptions = (countries: readonly Country[]): Country[] =>
  countries
    .filter((c) => hasName(c) && existsToday(c) && !isEnemy(c) && issuesPassports(c))
    .sort(byCountryCode);

/**
 * The traveller's passport country (and the eligibility nationality): the applicant's list
 * without Israel and Palestine.
 */
export const passportCountryOptions = (countries: readonly Country[]): Country[] =>
  applicantPassportCountryOptions(countries).filter((c) => !isIsraelOrPalestine(c));

/**
 * The traveller's nationality on the passport step: the passport-country list with the
 * enemy-flagged countries put back, so SPEC §5's exception (an enemy nationality is accepted
 * with passport country 710) can be chosen; with any other passport the rule refuses it.
 */
export const nationalityOptions = (countries: readonly Country[]): Country[] =>
  countries
    .filter((c) => hasName(c) && existsToday(c) && issuesPassports(c) && !isIsraelOrPalestine(c))
    .sort(byCountryCode);

/** Birth country: every named country, former ones included (birth dates before 1991). */
export const birthCountryOptions = (countries: readonly Country[]): Country[] =>
  countries.filter(hasName).sort(byCountryCode);

/** Home country: every named country that exists today. */
export const homeCountryOptions = (countries: readonly Country[]): Country[] =>
  countries.filter((c) => hasName(c) && existsToday(c)).sort(byCountryCode);

/**
 * Additional nationalities: existing countries other than the passport's own; of those issuing
 * no passport only the Palestinian code is kept.
 */
export const additionalNationalityOptions = (
  countries: readonly Country[],
  passportCountryId: number | undefined,
): Country[] =>
  countries
    .filter(
      (c) =>
        hasName(c) &&
        existsToday(c) &&
        c.EXT_COUNTRY_ID !== passportCountryId &&
        (issuesPassports(c) || c.COUNTRY_CODE === PALESTINE_COUNTRY_CODE),
    )
    .sort(byCountryCode);

/** Entry reasons are offered in code order; the rules decide which ones block. */
export const entryReasonOptions = (reasons: readonly EntryReason[]): EntryReason[] =>
  [...reasons].sort((a, b) => a.Code - b.Code);

export const findCountry = (ref: ReferenceData, id: number | undefined): Country | undefined =>
  id === undefined ? undefined : ref.allcountry.find((c) => c.EXT_COUNTRY_ID === id);

export const findCountryByCode = (ref: ReferenceData, code: string): Country | undefined =>
  ref.allcountry.find((c) => c.COUNTRY_CODE === code);

export const findEntryReason = (ref: ReferenceData, code: number | undefined) =>
  ref.entryReasons.find((r) => r.Code === code);

export const findLengthOfStay = (ref: ReferenceData, code: number | undefined) =>
  ref.lengthofstay.find((s) => s.Code === code);

export const findPassportType = (ref: ReferenceData, id: number | undefined) =>
  ref.passportType.find((t) => t.docTypeId === id);

export const findGender = (ref: ReferenceData, code: number | undefined) =>
  ref.gender.find((g) => g.Code === code);

export const findCoded = (list: readonly CodedItem[], code: number | undefined) =>
  list.find((i) => i.Code === code);

export const isIsrael = (c: Country | undefined) => c?.COUNTRY_CODE === ISRAEL_COUNTRY_CODE;
export const isPalestine = (c: Country | undefined) => c?.COUNTRY_CODE === PALESTINE_COUNTRY_CODE;
export const isEnemyCountry = (c: Country | undefined) => c?.Enemy_countries === 'Y';
export const isExceptionCountry = (id: number | undefined) => id === EXCEPTION_COUNTRY_ID;

/** Eligibility check (POST /api/eligibility): may nationals of this country use ETA-IL? */
export const isEligibleNationality = (country: Country | undefined): boolean =>
  country !== undefined &&
  country.Eligible_for_ETAIL === 'Y' &&
  existsToday(country) &&
  !isEnemy(country) &&
  !isIsraelOrPalestine(country);

/**
 * A main purpose ETA-IL does not cover is ineligible without asking the server: the one rule the
 * travel step applies to the same list (`Valid_for_ETAIL`), so work (SPEC §4's code 4), studies
 * and volunteering are refused by both (decision 037).
 */
export const isIneligibleMainPurpose = (purpose: EntryReason): boolean =>
  purpose.Valid_for_ETAIL !== 'Y';

/**
 * The passport-country check (POST /api/requestcountryfirststep): nationals of the country may
 * use ETA-IL, with a passport type valid for it, biometric where the country requires it. The
 * request's own Valid_for_ETAIL is not read: the passport type's is looked up.
 */
export const isPassportCountryAccepted = (ref: ReferenceData, check: CountryCheck): boolean => {
  const country = findCountry(ref, check.EXT_COUNTRY_ID);
  if (!isEligibleNationality(country) || country?.passport_country !== 'Y') return false;
  const type = ref.passportType.find(
    (t) => t.Passport_type_for_visa === check.Passport_type_for_visa,
  );
  if (type?.Valid_for_ETAIL !== 'Y') return false;
  return country.Biometric_required !== 'Y' || check.biometric;
};
