// SPEC §4 "Passport submit", §7: the passport country is checked with the server before the step
// is saved. The check is built from the chosen passport type and country.
import {
  type CountryCheck,
  choiceId,
  findCountry,
  findPassportType,
  type Issue,
  type PassportValues,
  type ReferenceData,
} from '@eta-il/domain';

export const countryCheckOf = (
  values: PassportValues,
  reference: ReferenceData,
): CountryCheck | undefined => {
  const type = findPassportType(reference, choiceId(values.passportTypeId));
  const country = findCountry(reference, choiceId(values.passportCountryId));
  if (!type || !country) return undefined;
  return {
    EXT_COUNTRY_ID: country.EXT_COUNTRY_ID,
    biometric: values.isBiometricPassport === '1',
    Passport_type_for_visa: type.Passport_type_for_visa,
    Valid_for_ETAIL: type.Valid_for_ETAIL,
  };
};

/** The error a refused country check leaves on the passport country field. */
export const COUNTRY_REJECTED: Issue = {
  field: 'passportCountryId',
  message: 'passportCountryRejected',
  severity: 'error',
};

/** The form's errors with the refused country added once, in page order. */
export const withCountryRejection = (
  errors: Issue[],
  rejected: boolean,
  fields: readonly string[],
): Issue[] => {
  if (!rejected || errors.some((e) => e.field === COUNTRY_REJECTED.field)) return errors;
  const all = [...errors, COUNTRY_REJECTED];
  return fields.flatMap((f) => all.filter((e) => e.field === f));
};
