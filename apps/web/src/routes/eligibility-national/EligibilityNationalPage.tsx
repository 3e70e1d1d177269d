// /EligibilityNational: 'What is your nationality?' (SPEC §2).
import { passportCountryOptions, passportCountryValue } from '@eta-il/domain';
import { useMemo } from 'react';
import { useCountriesByName, useCountryName } from '../../components/countryNames.ts';
import { useReferenceData } from '../../session/reference.ts';
import { EligibilityQuestion } from '../eligibility/EligibilityQuestion.tsx';

export const EligibilityNationalPage = () => {
  const reference = useReferenceData();
  const countryName = useCountryName();
  const offered = useMemo(() => passportCountryOptions(reference.allcountry), [reference]);
  const countries = useCountriesByName(offered);
  return (
    <EligibilityQuestion
      id="national"
      texts="nationality"
      options={countries.map((c) => ({
        value: passportCountryValue(c),
        label: countryName(c),
      }))}
    />
  );
};
