// Phone countries: ISO code, dial code and flag, from libphonenumber-js's small metadata; the
// search rules of SPEC §5 "Phone input"; each country's example number for the placeholder and
// the characters the number box keeps (decision 041).
import { latinDigits, PHONE_DEFAULT_MASK_GROUPS, PHONE_SEARCH_MIN_CHARS } from '@eta-il/domain';
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
} from 'libphonenumber-js/min';
// One example mobile number per country, for the number box's placeholder.
import examples from 'libphonenumber-js/mobile/examples';
import { sortByName } from '../countryNames.ts';

export interface PhoneCountry {
  iso2: CountryCode;
  dialCode: string;
  name: string;
}

/** The flag emoji of an ISO 3166-1 alpha-2 code (regional indicator letters). */
export const flagOf = (iso2: string) =>
  String.fromCodePoint(...[...iso2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

/** Every country with its dial code, named by `nameOf` and in the order `language` sorts names. */
export const phoneCountries = (
  nameOf: (iso2: string) => string,
  language: string,
): PhoneCountry[] =>
  sortByName(
    getCountries().map((iso2) => ({
      iso2,
      dialCode: getCountryCallingCode(iso2),
      name: nameOf(iso2),
    })),
    (c) => c.name,
    language,
  );

/**
 * SPEC §5: digits match the dial code; otherwise the ISO code or the country name. A query
 * shorter than 2 characters does not filter.
 */
export const searchPhoneCountries = (countries: readonly PhoneCountry[], query: string) => {
  const q = query.trim().replace(/^\+/, '').toLowerCase();
  if (q.length < PHONE_SEARCH_MIN_CHARS) return countries;
  if (/^\d+$/.test(q)) return countries.filter((c) => c.dialCode.startsWith(q));
  return countries.filter((c) => c.iso2.toLowerCase() === q || c.name.toLowerCase().includes(q));
};

/** Replaces a number's dial code with the chosen country's. */
export const withDialCode = (digits: string, from: PhoneCountry | undefined, to: PhoneCountry) => {
  const rest =
    from && digits.startsWith(from.dialCode) ? digits.slice(from.dialCode.length) : digits;
  return `${to.dialCode}${rest}`;
};

/** Digits in groups of three, at most PHONE_DEFAULT_MASK_GROUPS of them (SPEC §5 default mask). */
const defaultMask = (digits: string) => {
  const groups = digits.match(/\d{1,3}/g) ?? [];
  const masked = groups.slice(0, PHONE_DEFAULT_MASK_GROUPS);
  const rest = groups.slice(PHONE_DEFAULT_MASK_GROUPS).join('');
  return [...masked, ...(rest ? [rest] : [])].join(' ');
};

/**
 * The number as shown (SPEC §5 "Phone input"): in its country's mask (libphonenumber's format
 * for the dial code, as typed so far); where no country mask fits, the default of digit groups.
 * Only the display: the value stays the digits.
 */
export const maskPhoneDigits = (digits: string): string => {
  if (!digits) return '';
  const formatted = new AsYouType().input(`+${digits}`).replace(/^\+/, '');
  return /\s/.test(formatted) || formatted.length <= 4 ? formatted : defaultMask(digits);
};

/** A country's example mobile number as dialled there ('07400 123456'), for the placeholder. */
export const examplePhone = (country: CountryCode | undefined): string | undefined =>
  country ? getExampleNumber(country, examples)?.formatNational() : undefined;

/**
 * The number box's text as typed, Arabic-Indic digits as 0-9 and without what a number cannot
 * hold (a letter is refused and said so, issue 17): digits, spaces, brackets, plus, dashes, dots
 * and slashes stay.
 */
export const phoneText = (typed: string): string =>
  latinDigits(typed).replace(/[^\d\s()+\-./]/gu, '');
