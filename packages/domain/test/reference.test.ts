// Reference data and the dropdown filters of SPEC §5 "Dropdown lists" and "Personal details".
import { describe, expect, it } from 'vitest';
import {
  additionalNationalityOptions,
  applicantPassportCountryOptions,
  birthCountryOptions,
  type Country,
  entryReasonOptions,
  findCountry,
  homeCountryOptions,
  isEligibleNationality,
  isIneligibleMainPurpose,
  isPassportCountryAccepted,
  nationalityOptions,
  passportCountryOptions,
  REFERENCE_LISTS,
} from '../src/index.ts';
import { country, reference } from './fixtures.ts';

const codes = (list: readonly Country[]) => list.map((c) => c.COUNTRY_CODE);
const sortedByCode = (list: readonly Country[]) =>
  codes(list).every((code, i, all) => i === 0 || all[i - 1]!.localeCompare(code) <= 0);
const ENEMIES = ['LBN', 'SYR', 'IRN', 'IRQ', 'YEM'];

/** A made-up country, for the filters' corner cases the shipped list does not have. */
const made = (code: string, changes: Partial<Country> = {}): Country => ({
  EXT_COUNTRY_ID: 9000 + code.charCodeAt(2),
  COUNTRY_CODE: code,
  ISO_ALPHA2: code.slice(1),
  Official_country_name: `Testland ${code}`,
  Exists_Today: 'Y',
  Enemy_countries: 'N',
  passport_country: 'Y',
  Eligible_for_ETAIL: 'Y',
  Biometric_required: 'N',
  ...changes,
});

describe('shipped reference data', () => {
  it('has every list of GET /api/getalldata, none empty', () => {
    for (const list of REFERENCE_LISTS) expect(reference[list].length).toBeGreaterThan(0);
  });

  it('country ids and codes are unique', () => {
    const all = reference.allcountry;
    expect(new Set(all.map((c) => c.EXT_COUNTRY_ID)).size).toBe(all.length);
    expect(new Set(all.map((c) => c.COUNTRY_CODE)).size).toBe(all.length);
  });

  it('holds the countries the rules name, with ISO 3166 numeric ids', () => {
    expect(
      Object.fromEntries(
        ['USA', 'GBR', 'FRA', 'DEU', 'ZAF', 'ISR', 'PSE', ...ENEMIES, 'SUN'].map((c) => [
          c,
          country(c).EXT_COUNTRY_ID,
        ]),
      ),
    ).toEqual({
      USA: 840,
      GBR: 826,
      FRA: 250,
      DEU: 276,
      ZAF: 710,
      ISR: 376,
      PSE: 275,
      LBN: 422,
      SYR: 760,
      IRN: 364,
      IRQ: 368,
      YEM: 887,
      SUN: 810,
    });
  });

  it('flags: enemies, Palestine without passports, a former country, biometric-only countries', () => {
    for (const code of ENEMIES) expect(country(code).Enemy_countries).toBe('Y');
    expect(
      reference.allcountry
        .filter((c) => c.Enemy_countries === 'Y')
        .map((c) => c.COUNTRY_CODE)
        .sort(),
    ).toEqual([...ENEMIES].sort());
    expect(country('PSE').passport_country).toBe('N');
    expect(country('SUN').Exists_Today).toBe('N');
    for (const code of ['UKR', 'GEO', 'MDA', 'BLR'])
      expect(country(code).Biometric_required).toBe('Y');
  });

  it('has 100 visa-exempt nationalities, among them USA, GBR, FRA, DEU and ZAF', () => {
    expect(reference.allcountry.filter((c) => c.Eligible_for_ETAIL === 'Y')).toHaveLength(100);
    for (const code of ['USA', 'GBR', 'FRA', 'DEU', 'ZAF']) {
      expect(country(code).Eligible_for_ETAIL).toBe('Y');
    }
  });
});

describe('§5 Dropdown lists: passportCountryOptions', () => {
  const options = passportCountryOptions(reference.allcountry);

  it('offers the eligible passport countries, 710 included', () => {
    expect(codes(options)).toEqual(expect.arrayContaining(['USA', 'GBR', 'FRA', 'DEU', 'ZAF']));
  });

  it('excludes Israel and Palestine', () => {
    expect(codes(options)).not.toContain('ISR');
    expect(codes(options)).not.toContain('PSE');
  });

  it('excludes enemy-flagged countries', () => {
    for (const code of ENEMIES) expect(codes(options)).not.toContain(code);
    expect(options.every((c) => c.Enemy_countries === 'N')).toBe(true);
  });

  it('excludes countries that no longer exist', () => {
    expect(codes(options)).not.toContain('SUN');
    expect(options.every((c) => c.Exists_Today === 'Y')).toBe(true);
  });

  it('excludes countries with passport_country N', () => {
    expect(options.every((c) => c.passport_country === 'Y')).toBe(true);
  });

  it('is sorted by COUNTRY_CODE', () => {
    expect(sortedByCode(options)).toBe(true);
  });

  it('excludes blank names, and sorts by code whatever the input order', () => {
    const list = [made('XXC'), made('XXB', { Official_country_name: '  ' }), made('XXA')];
    expect(codes(passportCountryOptions(list))).toEqual(['XXA', 'XXC']);
  });

  it('each exclusion on its own', () => {
    const list = [
      made('XXA'),
      made('XXB', { Exists_Today: 'N' }),
      made('XXC', { Enemy_countries: 'Y' }),
      made('XXD', { passport_country: 'N' }),
      made('XXE', { Official_country_name: '' }),
      { ...made('XXF'), COUNTRY_CODE: 'ISR' },
      { ...made('XXG'), COUNTRY_CODE: 'PSE' },
    ];
    expect(codes(passportCountryOptions(list))).toEqual(['XXA']);
  });
});

describe('§5 Dropdown lists: nationalityOptions (passport step)', () => {
  const options = nationalityOptions(reference.allcountry);

  it('§5 passport: offers the enemy-flagged nationalities, so the 710 exception can be chosen', () => {
    for (const code of ENEMIES) expect(codes(options)).toContain(code);
    expect(
      codes(options).filter(
        (c) => !codes(passportCountryOptions(reference.allcountry)).includes(c),
      ),
    ).toEqual([...ENEMIES].sort());
  });

  it('§5 passport: still excludes Israel, Palestine, former countries; sorted by code', () => {
    for (const code of ['ISR', 'PSE', 'SUN']) expect(codes(options)).not.toContain(code);
    expect(sortedByCode(options)).toBe(true);
  });
});

describe('§5 Dropdown lists: applicantPassportCountryOptions', () => {
  const options = applicantPassportCountryOptions(reference.allcountry);

  it('is the passport-country list plus Israel', () => {
    expect(
      codes(options).filter(
        (c) => !codes(passportCountryOptions(reference.allcountry)).includes(c),
      ),
    ).toEqual(['ISR']);
    expect(sortedByCode(options)).toBe(true);
  });

  it('excludes Palestine (passport_country N), enemies and former countries', () => {
    for (const code of ['PSE', 'SUN', ...ENEMIES]) expect(codes(options)).not.toContain(code);
  });

  it('each exclusion on its own', () => {
    const list = [
      made('XXA'),
      made('XXB', { Exists_Today: 'N' }),
      made('XXC', { Enemy_countries: 'Y' }),
      made('XXD', { passport_country: 'N' }),
      made('XXE', { Official_country_name: ' ' }),
      { ...made('XXF'), COUNTRY_CODE: 'ISR' },
    ];
    expect(codes(applicantPassportCountryOptions(list))).toEqual(['ISR', 'XXA']);
  });
});

describe('§5 Personal details: additionalNationalityOptions', () => {
  const usa = country('USA');
  const options = additionalNationalityOptions(reference.allcountry, usa.EXT_COUNTRY_ID);

  it("excludes the passport's own country", () => {
    expect(codes(options)).not.toContain('USA');
    expect(codes(additionalNationalityOptions(reference.allcountry, 826))).not.toContain('GBR');
    expect(codes(additionalNationalityOptions(reference.allcountry, 826))).toContain('USA');
  });

  it('excludes countries that no longer exist', () => {
    expect(codes(options)).not.toContain('SUN');
  });

  it('keeps Palestine among the countries that issue no passport', () => {
    expect(codes(options)).toContain('PSE');
    const noPassport = options.filter((c) => c.passport_country === 'N');
    expect(codes(noPassport)).toEqual(['PSE']);
  });

  it('offers Israel and the enemy states (their rules decide)', () => {
    expect(codes(options)).toEqual(expect.arrayContaining(['ISR', ...ENEMIES]));
  });

  it('drops other countries that issue no passport, and is sorted by code', () => {
    const list = [
      made('XXB', { passport_country: 'N' }),
      made('XXA'),
      { ...made('XXC', { passport_country: 'N' }), COUNTRY_CODE: 'PSE' },
    ];
    expect(codes(additionalNationalityOptions(list, undefined))).toEqual(['PSE', 'XXA']);
    expect(sortedByCode(options)).toBe(true);
  });
});

describe('other country lists', () => {
  it('birth countries include former countries, home countries do not', () => {
    expect(codes(birthCountryOptions(reference.allcountry))).toContain('SUN');
    expect(codes(homeCountryOptions(reference.allcountry))).not.toContain('SUN');
    expect(codes(homeCountryOptions(reference.allcountry))).toContain('LBN');
  });

  it('entry reasons are offered in code order', () => {
    const shuffled = [...reference.entryReasons].reverse();
    expect(entryReasonOptions(shuffled).map((r) => r.Code)).toEqual(
      reference.entryReasons.map((r) => r.Code).sort((a, b) => a - b),
    );
  });

  it('findCountry finds by id, and nothing for an unknown or missing id', () => {
    expect(findCountry(reference, 840)?.COUNTRY_CODE).toBe('USA');
    expect(findCountry(reference, 99999)).toBeUndefined();
    expect(findCountry(reference, undefined)).toBeUndefined();
  });
});

describe('eligibility (SPEC §4 "Eligibility")', () => {
  it.each(['USA', 'GBR', 'FRA', 'DEU', 'ZAF'])('isEligibleNationality: %s is eligible', (code) => {
    expect(isEligibleNationality(country(code))).toBe(true);
  });

  it.each(['ISR', 'PSE', 'SUN', ...ENEMIES])(
    'isEligibleNationality: %s is not eligible',
    (code) => {
      expect(isEligibleNationality(country(code))).toBe(false);
    },
  );

  it('isEligibleNationality: a country not on the visa-exempt list, or none, is not eligible', () => {
    const notExempt = reference.allcountry.find(
      (c) => c.Eligible_for_ETAIL === 'N' && c.Exists_Today === 'Y' && c.Enemy_countries === 'N',
    );
    expect(notExempt).toBeDefined();
    expect(isEligibleNationality(notExempt)).toBe(false);
    expect(isEligibleNationality(undefined)).toBe(false);
  });

  it('isIneligibleMainPurpose: work (4), studies (11) and volunteering (12) are ineligible, the others are not (decision 037)', () => {
    const ineligible = reference.entryReasons.filter(isIneligibleMainPurpose).map((r) => r.Code);
    expect(ineligible).toEqual([4, 11, 12]);
  });
});

describe('isPassportCountryAccepted (POST /api/requestcountryfirststep)', () => {
  const check = (code: string, type: string, biometric: boolean) =>
    isPassportCountryAccepted(reference, {
      EXT_COUNTRY_ID: country(code).EXT_COUNTRY_ID,
      biometric,
      Passport_type_for_visa: type,
      Valid_for_ETAIL: 'Y',
    });

  it('accepts an eligible country with a valid passport type, biometric or not', () => {
    expect(check('USA', 'P', false)).toBe(true);
    expect(check('USA', 'P', true)).toBe(true);
    expect(check('ZAF', 'P', false)).toBe(true);
    expect(check('GBR', 'D', false)).toBe(true);
  });

  it('refuses a passport type not valid for ETA-IL (L, type 40) or unknown', () => {
    expect(check('USA', 'L', true)).toBe(false);
    expect(check('USA', 'Z', true)).toBe(false);
  });

  it('trusts the reference flag of the type, not the one sent', () => {
    expect(
      isPassportCountryAccepted(reference, {
        EXT_COUNTRY_ID: 840,
        biometric: true,
        Passport_type_for_visa: 'L',
        Valid_for_ETAIL: 'Y',
      }),
    ).toBe(false);
  });

  it.each(['UKR', 'GEO', 'MDA', 'BLR'])(
    '%s (Biometric_required Y) is accepted only with a biometric passport',
    (code) => {
      const eligible = country(code).Eligible_for_ETAIL === 'Y';
      expect(check(code, 'P', false)).toBe(false);
      expect(check(code, 'P', true)).toBe(eligible);
    },
  );

  it.each(['ISR', 'PSE', 'SUN', ...ENEMIES])('refuses %s', (code) => {
    expect(check(code, 'P', true)).toBe(false);
  });

  it('refuses a country not on the visa-exempt list, and an unknown id', () => {
    const notExempt = reference.allcountry.find((c) => c.Eligible_for_ETAIL === 'N')!;
    expect(check(notExempt.COUNTRY_CODE, 'P', true)).toBe(false);
    expect(
      isPassportCountryAccepted(reference, {
        EXT_COUNTRY_ID: 99999,
        biometric: true,
        Passport_type_for_visa: 'P',
        Valid_for_ETAIL: 'Y',
      }),
    ).toBe(false);
  });
});
