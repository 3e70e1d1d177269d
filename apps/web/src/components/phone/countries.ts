// Phone countries: ISO code, dial code and flag, from libphonenumber-js's small metadata; and the
// search rules of SPEC §5 "Phone input".
import {
  PHONE_DEFAULT_MASK_GROUPS,
  PHONE_GUESS_DIGITS,
  PHONE_SEARCH_MIN_CHARS,
} from '@eta-il/domain';
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
} from 'libphonenumber-js/min';
// The same metadata the /min build loads: for each dial code, its countries, the main one first.
import metadata from 'libphonenumber-js/min/metadata';
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

/** The country a number belongs to, guessed from its first 6 digits (SPEC §5). */
export const guessCountry = (digits: string): CountryCode | undefined => {
  if (!digits) return undefined;
  const typer = new AsYouType();
  typer.input(`+${digits.slice(0, PHONE_GUESS_DIGITS)}`);
  const callingCode = typer.getCallingCode();
  // A shared dial code (+1, +44, +7) cannot tell its countries apart yet: take the main one.
  const main = callingCode ? metadata.country_calling_codes[callingCode]?.[0] : undefined;
  return typer.getCountry() ?? (main as CountryCode | undefined);
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
