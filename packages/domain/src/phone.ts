// A phone number as people type it (decision 041): in their country's national form ('07700
// 900123' in the United Kingdom, '050-123-4567' in Israel, '(212) 555-1234' in the United States)
// or in international form ('+44 7700 900123', '0044 7700 900123'); kept as SPEC §5's digits of
// the international number ('447700900123'), and refused when it is not a possible number for its
// country. libphonenumber-js's small ('min') metadata knows each country's dial code, national
// prefix and possible lengths; whoever imports this module loads it, so the web app imports it
// only on the steps with a phone.
import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  validatePhoneNumberLength,
} from 'libphonenumber-js/min';
// The same metadata the /min build reads: for each dial code its countries, the main one first.
import metadata from 'libphonenumber-js/min/metadata';

export type { CountryCode };

import { PHONE_GUESS_DIGITS } from './constants.ts';
import { latinDigits } from './digits.ts';
import { error, type Issue } from './issues.ts';
import type { MessageId } from './messages.ts';

/** An ISO 3166-1 alpha-2 code libphonenumber knows, or undefined. */
export const phoneCountryCode = (iso2: string | undefined): CountryCode | undefined => {
  const code = iso2?.toUpperCase();
  return code && isSupportedCountry(code) ? code : undefined;
};

/** A country's dial code ('44' for 'GB'). */
export const dialCodeOf = (country: CountryCode): string => getCountryCallingCode(country);

const onlyDigits = (text: string) => latinDigits(text).replace(/\D/g, '');

/** Whether the text is written in international form: '+44 …' or '0044 …'. */
const isInternationalForm = (text: string) => /^\s*(\+|00)/.test(text);

/**
 * The digits of the international number a person typed: in international form ('+' or '00'
 * first) as written; otherwise as dialled in `country` (its national prefix, the UK's and
 * Israel's 0, dropped, its dial code put first). Without a country, digits as they are.
 */
export const internationalPhoneDigits = (typed: string, country?: CountryCode): string => {
  if (isInternationalForm(typed)) return onlyDigits(typed).replace(/^00/, '');
  if (!country) return onlyDigits(typed);
  const typer = new AsYouType(country);
  typer.input(typed);
  const number = typer.getNumberValue();
  // Nothing but a national prefix typed yet ('0'): the dial code alone.
  return number ? number.slice(1) : onlyDigits(typed) && dialCodeOf(country);
};

/**
 * A stored number's digits (SPEC §5: digits only): a leading 0 is a national prefix (no dial code
 * begins with 0), so '07700900123' with a British passport is '447700900123'; '00' is the
 * international prefix; anything else is already international.
 */
export const storedPhoneDigits = (digits: string, country?: CountryCode): string =>
  /^0[1-9]/.test(digits) && country
    ? internationalPhoneDigits(digits, country)
    : digits.replace(/^00/, '');

/**
 * The country an international number belongs to, guessed from its first 6 digits (SPEC §5): its
 * own, else its dial code's main one (a shared dial code, +1 or +44, cannot always tell).
 */
export const countryOfPhone = (digits: string): CountryCode | undefined => {
  if (!digits) return undefined;
  const typer = new AsYouType();
  typer.input(`+${digits.slice(0, PHONE_GUESS_DIGITS)}`);
  const callingCode = typer.getCallingCode();
  const main = callingCode ? metadata.country_calling_codes[callingCode]?.[0] : undefined;
  return typer.getCountry() ?? (main as CountryCode | undefined);
};

/**
 * Why an international number is not a possible one, or undefined when it is: `phoneNotPossible`
 * (with its country, for the message) when its country's numbers are not that long;
 * `phoneInvalid` when no country has its dial code.
 */
export const phoneNumberProblem = (
  digits: string,
): { message: MessageId; country?: CountryCode } | undefined => {
  const country = countryOfPhone(digits);
  if (!country) return { message: 'phoneInvalid' };
  return validatePhoneNumberLength(`+${digits}`) === undefined
    ? undefined
    : { message: 'phoneNotPossible', country };
};

/** A phone field's issue: its value read with `country` (the passport's) as stored, then checked. */
export const phoneIssues = (field: string, value: string, country?: CountryCode): Issue[] => {
  if (!value) return [];
  const problem = phoneNumberProblem(storedPhoneDigits(value, country));
  if (!problem) return [];
  return [error(field, problem.message, problem.country && { country: problem.country })];
};
