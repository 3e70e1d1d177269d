// The nationality answered in the eligibility check (session `national`) fills the nationality
// and the passport country the first time the passport step opens, when the draft has none yet.
import {
  type Country,
  countryValue,
  type PassportValues,
  passportCountryOptions,
  passportCountryValue,
  type ReferenceData,
} from '@eta-il/domain';

export const withEligibilityNationality = (
  values: PassportValues,
  nationality: Country | undefined,
  reference: ReferenceData,
): PassportValues => {
  if (values.nationalityId || !nationality) return values;
  const offered = passportCountryOptions(reference.allcountry).find(
    (c) => c.EXT_COUNTRY_ID === nationality.EXT_COUNTRY_ID,
  );
  if (!offered) return values;
  return {
    ...values,
    nationalityId: countryValue(offered),
    passportCountryId: values.passportCountryId || passportCountryValue(offered),
  };
};
