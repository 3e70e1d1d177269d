// The 'Your details' block of the start form, asked only when applying for someone else: the
// applicant's last and first name, passport number, passport country and an optional mobile.
import {
  type ApplicantValues,
  applicantPassportCountryOptions,
  type Country,
  countryValue,
  type MessageId,
  NAME_LENGTH,
  PASSPORT_NUMBER_LENGTH,
} from '@eta-il/domain';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountryField } from '../../components/CountryField.tsx';
import { Field } from '../../components/Field.tsx';
import { PhoneField } from '../../components/phone/PhoneField.tsx';
import { PHONE_EXAMPLE } from '../../i18n/bidi.ts';

export const YOUR_DETAILS = [
  'applicantLastName',
  'applicantFirstName',
  'applicantPassportNum',
  'applicantPassportCountryId',
  'applicantMobilePhoneNum',
] as const satisfies readonly (keyof ApplicantValues)[];

export const YourDetails = ({
  form,
  errorOf,
  countries,
}: {
  form: UseFormReturn<ApplicantValues>;
  errorOf: (name: keyof ApplicantValues) => MessageId | undefined;
  countries: readonly Country[];
}) => {
  const { t } = useTranslation('start');
  const options = useMemo(() => applicantPassportCountryOptions(countries), [countries]);
  const label = (name: keyof ApplicantValues) => t(`fields.${name}.label`);
  const hint = (name: keyof ApplicantValues) => t(`fields.${name}.hint`, PHONE_EXAMPLE);
  // Inputs stop at the longest allowed value: extra input is ignored (SPEC §5 "Applicant").
  const text = (
    name: keyof ApplicantValues,
    maxLength: number,
    autoComplete: string,
    autoCapitalize: 'words' | 'characters',
  ) => (
    <Field name={name} label={label(name)} hint={hint(name)} error={errorOf(name)}>
      <input
        {...form.register(name)}
        className="input"
        type="text"
        maxLength={maxLength}
        autoComplete={autoComplete}
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        dir="ltr"
        placeholder={t('common:enterHere')}
      />
    </Field>
  );
  return (
    <section className="your-details" aria-labelledby="your-details-title">
      <h2 id="your-details-title">{t('yourDetails.title')}</h2>
      <p>{t('yourDetails.intro')}</p>
      {text('applicantLastName', NAME_LENGTH.max, 'family-name', 'words')}
      {text('applicantFirstName', NAME_LENGTH.max, 'given-name', 'words')}
      {text('applicantPassportNum', PASSPORT_NUMBER_LENGTH.max, 'off', 'characters')}
      <CountryField
        control={form.control}
        name="applicantPassportCountryId"
        label={label('applicantPassportCountryId')}
        countries={options}
        toValue={countryValue}
        error={errorOf('applicantPassportCountryId')}
      />
      <Controller
        control={form.control}
        name="applicantMobilePhoneNum"
        render={({ field }) => (
          <PhoneField
            name={field.name}
            label={label('applicantMobilePhoneNum')}
            hint={hint('applicantMobilePhoneNum')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorOf('applicantMobilePhoneNum')}
          />
        )}
      />
    </section>
  );
};
