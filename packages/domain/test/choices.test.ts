// SPEC §3 "Composite dropdown values": the exact value of each dropdown's options.
import { describe, expect, it } from 'vitest';
import {
  codedValue,
  countryValue,
  entryReasonValue,
  findCountryByCode,
  genderValue,
  lengthOfStayValue,
  passportCountryValue,
  passportTypeValue,
} from '../src/index.ts';
import { referenceData } from '../src/reference-data/index.ts';

const first = <T>(list: readonly T[]): T => list[0] as T;

describe('§3 composite dropdown values', () => {
  it('§3 entry reason is Code:Description:Valid_for_ETAIL', () => {
    expect(entryReasonValue(first(referenceData.entryReasons))).toBe(
      '1:Tourism or a private visit:Y',
    );
  });

  it('§3 length of stay is Code:Description', () => {
    expect(lengthOfStayValue(first(referenceData.lengthofstay))).toBe('1:Up to 1 week');
  });

  it('§3 passport type is docTypeId:Valid_for_ETAIL:Passport_type_for_visa:docTypeDesc', () => {
    expect(passportTypeValue(first(referenceData.passportType))).toBe(
      '1:Y:P:Regular passport (national)',
    );
  });

  it('§3 country is EXT_COUNTRY_ID:Official_country_name:Enemy_countries; the passport country adds :COUNTRY_CODE', () => {
    const france = findCountryByCode(referenceData, 'FRA');
    const lebanon = findCountryByCode(referenceData, 'LBN');
    expect(france && countryValue(france)).toBe(`${france?.EXT_COUNTRY_ID}:France:N`);
    expect(lebanon && countryValue(lebanon)).toBe(`${lebanon?.EXT_COUNTRY_ID}:Lebanon:Y`);
    expect(france && passportCountryValue(france)).toBe(`${france?.EXT_COUNTRY_ID}:France:N:FRA`);
  });

  it('§3 gender is Code:Gender; marital status and occupation Code:Description', () => {
    expect(genderValue(first(referenceData.gender))).toBe('1:Male');
    expect(codedValue(first(referenceData.maritalstatus))).toBe('1:Single');
  });
});
