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
import { useTranslation } from 'react-i18next';
import { CountryField } from '../../components/CountryField.tsx';
import { DateField } from '../../components/DateField.tsx';
import { Field } from '../../components/Field.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { useGenderName } from '../../components/referenceNames.ts';
import type { PassportFieldsProps } from './fieldProps.ts';

const NAMES = [
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'firstName', autoComplete: 'given-name' },
] as const;

export const PersonFields = ({ form, reference, errorOf, warningOf, own }: PassportFieldsProps) => {
  const { t } = useTranslation('passport');
  const genderName = useGenderName();
  const birthCountries = useMemo(() => birthCountryOptions(reference.allcountry), [reference]);
  const dateErrors = Object.fromEntries(
    [ISSUE_DATE, EXPIRY_DATE, BIRTH_DATE]
      .flatMap((f) => [f.day, f.month, f.year])
      .map((f) => [f, errorOf(f)]),
  );
  const register = (name: string) => form.register(name);
  return (
    <>
      {NAMES.map(({ name, autoComplete }) => (
        <Field
          key={name}
          name={name}
          label={t(`fields.${name}.label`)}
          hint={t(`fields.${name}.hint`)}
          error={errorOf(name)}
        >
          <input
            {...form.register(name)}
            className="input"
            type="text"
            maxLength={NAME_LENGTH.max}
            dir="ltr"
            autoComplete={own ? autoComplete : 'off'}
            autoCapitalize="words"
            spellCheck={false}
            placeholder={t('common:enterHere')}
          />
        </Field>
      ))}
      <DateField
        fields={ISSUE_DATE}
        legend={t('fields.dayPassportIssue.label')}
        hint={t('fields.dayPassportIssue.hint')}
        register={register}
        errors={dateErrors}
      />
      <DateField
        fields={EXPIRY_DATE}
        legend={t('fields.dayPassportExpire.label')}
        hint={t('fields.dayPassportExpire.hint')}
        register={register}
        errors={dateErrors}
        warning={warningOf(EXPIRY_DATE.day)}
      />
      <DateField
        fields={BIRTH_DATE}
        legend={t('fields.dayBirth.label')}
        hint={t('fields.dayBirth.hint')}
        register={register}
        errors={dateErrors}
        autoCompleteBirth={own}
      />
      <CountryField
        control={form.control}
        name="birthCountryId"
        label={t('fields.birthCountryId.label')}
        countries={birthCountries}
        toValue={countryValue}
        error={errorOf('birthCountryId')}
        warning={warningOf('birthCountryId')}
      />
      <RadioGroup
        name="gender"
        legend={t('fields.gender.label')}
        options={reference.gender.map((g) => ({ value: genderValue(g), label: genderName(g) }))}
        registration={form.register('gender')}
        error={errorOf('gender')}
      />
    </>
  );
};
