// What a passport's machine-readable zone fills on the passport step (SPEC §5 "Passport"): the
// number, names, birth and expiry dates, sex, and the issuing country and nationality where the
// step's lists offer them. The issue date, passport type, biometric answer and birth country are
// not in the MRZ; the traveller still confirms every value.
import { countryValue, genderValue, passportCountryValue } from '../choices.ts';
import type { DateFields, IsoDate } from '../dates.ts';
import {
  type Country,
  nationalityOptions,
  passportCountryOptions,
  type ReferenceData,
} from '../reference.ts';
import { BIRTH_DATE, EXPIRY_DATE, type PassportValues } from '../steps/passport.ts';
import type { Td3Fields } from './td3.ts';

/** ICAO 9303 codes that are not the ISO 3166 alpha-3 code of their country. */
const ICAO_TO_ISO3: Readonly<Record<string, string>> = { D: 'DEU' };

/** The MRZ's sex letter and the step's gender codes (1 male, 2 female, 3 unspecified). */
const GENDER_CODE = { M: 1, F: 2, X: 3 } as const;

/** The ISO 3166-1 alpha-3 code of an MRZ's country code. */
export const isoCountryOfMrz = (mrzCode: string) => ICAO_TO_ISO3[mrzCode] ?? mrzCode;

const byCode = (countries: readonly Country[], mrzCode: string) => {
  const code = isoCountryOfMrz(mrzCode);
  return countries.find((c) => c.COUNTRY_CODE === code);
};

const dateBoxes = (fields: DateFields, date: IsoDate) => {
  const [year = '', month = '', day = ''] = date.split('-');
  return { [fields.day]: day, [fields.month]: month, [fields.year]: year };
};

export const passportValuesFromMrz = (
  mrz: Td3Fields,
  reference: ReferenceData,
): Partial<PassportValues> => {
  const issuer = byCode(passportCountryOptions(reference.allcountry), mrz.issuingCountry);
  const nationality = byCode(nationalityOptions(reference.allcountry), mrz.nationality);
  const gender = reference.gender.find((g) => g.Code === GENDER_CODE[mrz.sex]);
  return {
    passportNum: mrz.documentNumber,
    lastName: mrz.surname,
    firstName: mrz.givenNames,
    ...dateBoxes(EXPIRY_DATE, mrz.expiryDate),
    ...dateBoxes(BIRTH_DATE, mrz.birthDate),
    ...(issuer && { passportCountryId: passportCountryValue(issuer) }),
    ...(nationality && { nationalityId: countryValue(nationality) }),
    ...(gender && { gender: genderValue(gender) }),
  };
};
