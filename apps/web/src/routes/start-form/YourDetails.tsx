// The 'Your details' block of the start form, asked only when applying for someone else: the
// applicant's last and first name, passport number, passport country and an optional mobile.
import {
  type ApplicantValues,
  applicantPassportCountryOptions,
  applicantPhoneCountry,
  type Country,
  countryValue,
  type MessageId,
  NAME_LENGTH,
  PASSPORT_NUMBER_LENGTH,
} from '@eta-il/domain';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../components/phone/PhoneField.tsx';
import { useStepFields } from '../../components/StepFields.tsx';

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
  const fields = useStepFields({ form, ns: 'start', errorOf });
  // The applicant's phone is read as dialled in their passport's country (decision 041).
  const homeCountry = applicantPhoneCountry(form.watch('applicantPassportCountryId'), countries);
  // Inputs stop at the longest allowed value: extra input is ignored (SPEC §5 "Applicant").
  const name = { maxLength: NAME_LENGTH.max, autoCapitalize: 'words' } as const;
  return (
    <section className="your-details" aria-labelledby="your-details-title">
      <h2 id="your-details-title">{t('yourDetails.title')}</h2>
      <p>{t('yourDetails.intro')}</p>
      {fields.text('applicantLastName', { ...name, autoComplete: 'family-name' })}
      {fields.text('applicantFirstName', { ...name, autoComplete: 'given-name' })}
      {fields.text('applicantPassportNum', {
        maxLength: PASSPORT_NUMBER_LENGTH.max,
        autoCapitalize: 'characters',
      })}
      {fields.country('applicantPassportCountryId', options, countryValue)}
      <Controller
        control={form.control}
        name="applicantMobilePhoneNum"
        render={({ field }) => (
          <PhoneField
            name={field.name}
            label={fields.label('applicantMobilePhoneNum')}
            hint={fields.hint('applicantMobilePhoneNum')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errorOf('applicantMobilePhoneNum')}
            homeCountry={homeCountry}
          />
        )}
      />
    </section>
  );
};
