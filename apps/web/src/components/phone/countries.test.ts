// SPEC §5 "Phone input": the search matches the dial code for digits, otherwise the ISO code or
// the country name, from 2 characters; the country is guessed from the first 6 digits.
import { countryOfPhone } from '@eta-il/domain';
import { describe, expect, it } from 'vitest';
import {
  flagOf,
  maskPhoneDigits,
  type PhoneCountry,
  phoneCountries,
  searchPhoneCountries,
  withDialCode,
} from './countries.ts';

const names = new Intl.DisplayNames(['en'], { type: 'region' });
const all = phoneCountries((iso2) => names.of(iso2) ?? iso2, 'en');
const country = (iso2: string) => all.find((c) => c.iso2 === iso2)!;
const isos = (found: readonly PhoneCountry[]) => found.map((c) => c.iso2);

describe('phoneCountries', () => {
  it('lists every country once with its dial code and name, sorted by name', () => {
    expect(country('IL')).toEqual({ iso2: 'IL', dialCode: '972', name: 'Israel' });
    expect(country('GB')).toEqual({ iso2: 'GB', dialCode: '44', name: 'United Kingdom' });
    expect(new Set(isos(all)).size).toBe(all.length);
    expect(isos(all).slice(0, 4)).toEqual(['AF', 'AX', 'AL', 'DZ']);
    const sorted = [...all].sort((a, b) => new Intl.Collator('en').compare(a.name, b.name));
    expect(all).toEqual(sorted);
  });

  it("sorts by the names in the reader's language: Hebrew starts with Uganda (אוגנדה)", () => {
    const hebrew = new Intl.DisplayNames(['he'], { type: 'region' });
    const inHebrew = phoneCountries((iso2) => hebrew.of(iso2) ?? iso2, 'he');
    expect(isos(inHebrew).slice(0, 3)).toEqual(['UG', 'UZ', 'AT']);
    expect(searchPhoneCountries(inHebrew, 'ישר').map((c) => c.iso2)).toEqual(['IL']);
  });
});

describe('searchPhoneCountries (SPEC §5 "Phone input")', () => {
  it("matches the dial code for digits: '44' finds the United Kingdom and only +44… countries", () => {
    const found = searchPhoneCountries(all, '44');
    expect(isos(found)).toContain('GB');
    expect(found.every((c) => c.dialCode.startsWith('44'))).toBe(true);
    expect(isos(found)).not.toContain('IL');
  });

  it("reads a leading '+' as part of a dial code: '+972' finds Israel alone", () => {
    expect(isos(searchPhoneCountries(all, '+972'))).toEqual(['IL']);
  });

  it("does not match digits against names or a dial code's middle: '72' is not Israel", () => {
    expect(isos(searchPhoneCountries(all, '72'))).not.toContain('IL');
  });

  it("matches the ISO code, in any case: 'gb' and 'GB' find the United Kingdom", () => {
    expect(isos(searchPhoneCountries(all, 'gb'))).toEqual(['GB']);
    expect(isos(searchPhoneCountries(all, 'GB'))).toEqual(['GB']);
  });

  it("matches the country name: 'germ' finds Germany", () => {
    expect(searchPhoneCountries(all, 'germ').map((c) => c.name)).toEqual(['Germany']);
    expect(isos(searchPhoneCountries(all, 'Isra'))).toEqual(['IL']);
  });

  it('does not filter with fewer than 2 characters', () => {
    expect(searchPhoneCountries(all, '')).toEqual(all);
    expect(searchPhoneCountries(all, 'g')).toEqual(all);
    expect(searchPhoneCountries(all, '4')).toEqual(all);
    expect(searchPhoneCountries(all, '+9')).toEqual(all);
    expect(searchPhoneCountries(all, ' z ')).toEqual(all);
  });

  it('finds nothing for a query that matches no country', () => {
    expect(searchPhoneCountries(all, 'zzz')).toEqual([]);
    expect(searchPhoneCountries(all, '0000')).toEqual([]);
  });
});

describe('countryOfPhone (SPEC §5: from the first 6 digits)', () => {
  it("guesses the United Kingdom from '4420…' and Israel from '97250…'", () => {
    expect(countryOfPhone('442071234567')).toBe('GB');
    expect(countryOfPhone('4420')).toBe('GB');
    expect(countryOfPhone('972501234567')).toBe('IL');
    expect(countryOfPhone('97250')).toBe('IL');
  });

  it("takes the main country of a shared dial code: '1212…' is the United States", () => {
    expect(countryOfPhone('12125551234')).toBe('US');
    expect(countryOfPhone('1')).toBe('US');
  });

  it('tells a country sharing a dial code apart when its own area code is within the 6 digits', () => {
    // +1 264 is Anguilla, not the United States.
    expect(countryOfPhone('12644971234')).toBe('AI');
  });

  it('guesses nothing from no digits or an unknown dial code', () => {
    expect(countryOfPhone('')).toBeUndefined();
    expect(countryOfPhone('999')).toBeUndefined();
  });
});

describe('withDialCode', () => {
  it("swaps the number's dial code for the chosen country's", () => {
    expect(withDialCode('972501234567', country('IL'), country('GB'))).toBe('44501234567');
    expect(withDialCode('44', country('GB'), country('IL'))).toBe('972');
  });

  it('puts the dial code in front when the number has none yet', () => {
    expect(withDialCode('', undefined, country('IL'))).toBe('972');
    expect(withDialCode('501234567', undefined, country('IL'))).toBe('972501234567');
    expect(withDialCode('501234567', country('GB'), country('IL'))).toBe('972501234567');
  });
});

describe('flagOf', () => {
  it('is the flag emoji of the ISO code', () => {
    expect(flagOf('IL')).toBe('🇮🇱');
    expect(flagOf('IL')).toBe('\u{1F1EE}\u{1F1F1}');
    expect(flagOf('gb')).toBe('🇬🇧');
  });
});

describe('§5 phone input: masks', () => {
  it('§5 phone: a number is shown in its country mask as it is typed', () => {
    expect(maskPhoneDigits('442079460958')).toBe('44 20 7946 0958');
    expect(maskPhoneDigits('12125551234')).toBe('1 212 555 1234');
    expect(maskPhoneDigits('33612345678')).toBe('33 6 12 34 56 78');
    expect(maskPhoneDigits('4420')).toBe('44 20');
    expect(maskPhoneDigits('972')).toBe('972');
    expect(maskPhoneDigits('')).toBe('');
  });

  it('§5 phone: with no country mask, the default of digit groups', () => {
    expect(maskPhoneDigits('999123456789012')).toBe('999 123 456 789 012');
  });
});
