// The person half of the passport step: names, the three dates, birth country and gender.
import {
  BIRTH_DATE,
  birthCountryOptions,
  countryValue,
  EXPIRY_DATE,
  genderValue,
  ISSUE_DATE,
  NAME_LENGTH,
} from '@eta-il/domain';
import { useMemo } from 'react';
import { useGenderName } from '../../components/referenceNames.ts';
import { useStepFields } from '../../components/StepFields.tsx';
import type { PassportFieldsProps } from './fieldProps.ts';

export const PersonFields = ({ form, reference, errorOf, warningOf, own }: PassportFieldsProps) => {
  const fields = useStepFields({ form, ns: 'passport', errorOf, warningOf });
  const genderName = useGenderName();
  const birthCountries = useMemo(() => birthCountryOptions(reference.allcountry), [reference]);
  const name = { maxLength: NAME_LENGTH.max, autoCapitalize: 'words' } as const;
  const genders = reference.gender.map((g) => ({ value: genderValue(g), label: genderName(g) }));
  return (
    <>
      {fields.text('lastName', { ...name, autoComplete: own ? 'family-name' : 'off' })}
      {fields.text('firstName', { ...name, autoComplete: own ? 'given-name' : 'off' })}
      {fields.date(ISSUE_DATE)}
      {fields.date(EXPIRY_DATE)}
      {fields.date(BIRTH_DATE, { autoCompleteBirth: own })}
      {fields.country('birthCountryId', birthCountries, countryValue)}
      {fields.radios('gender', genders)}
    </>
  );
};
