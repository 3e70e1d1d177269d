// Occupation (SPEC §5 "Personal details"): the employed (codes 1 and 5) are asked for their
// employer's details right under the question; for other occupations those fields are hidden
// and the domain clears them when the step is saved.
import {
  COMPANY_EMAIL_MAX_LENGTH,
  COMPANY_TEXT_MAX_LENGTH,
  codedValue,
  type Issue,
  isEmployed,
  type PersonalValues,
  type ReferenceData,
} from '@eta-il/domain';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { useOccupationName } from '../../components/referenceNames.ts';
import { Select } from '../../components/SelectField.tsx';
import { PHONE_EXAMPLE } from '../../i18n/bidi.ts';
import { PhoneControl } from './PhoneControl.tsx';
import { TextField } from './TextField.tsx';

export const OccupationSection = ({
  form,
  reference,
  errorOf,
}: {
  form: UseFormReturn<PersonalValues>;
  reference: ReferenceData;
  errorOf: (field: keyof PersonalValues & string) => Issue['message'] | undefined;
}) => {
  const { t } = useTranslation(['personal', 'common']);
  const occupationName = useOccupationName();
  const occupation = useWatch({ control: form.control, name: 'companyOccupationTypeId' });
  const label = (field: string) => t(`fields.${field}.label`);
  return (
    <section className="section" aria-labelledby="occupation-heading">
      <h2 id="occupation-heading">{t('sections.occupation')}</h2>
      <Field
        name="companyOccupationTypeId"
        label={label('companyOccupationTypeId')}
        error={errorOf('companyOccupationTypeId')}
      >
        <Select
          {...form.register('companyOccupationTypeId')}
          options={reference.occupation.map((o) => ({
            value: codedValue(o),
            label: occupationName(o),
          }))}
        />
      </Field>
      {isEmployed(occupation) && (
        <div className="conditional">
          <TextField
            register={form.register}
            name="companyName"
            label={label('companyName')}
            hint={t('fields.companyName.hint')}
            error={errorOf('companyName')}
            maxLength={COMPANY_TEXT_MAX_LENGTH}
            autoComplete="organization"
          />
          <TextField
            register={form.register}
            name="companyRole"
            label={label('companyRole')}
            error={errorOf('companyRole')}
            maxLength={COMPANY_TEXT_MAX_LENGTH}
            autoComplete="organization-title"
          />
          <PhoneControl
            control={form.control}
            name="companyPhoneNum"
            label={label('companyPhoneNum')}
            hint={t('fields.companyPhoneNum.hint', PHONE_EXAMPLE)}
            error={errorOf('companyPhoneNum')}
            required
          />
          <TextField
            register={form.register}
            name="companyEmailAddress"
            label={`${label('companyEmailAddress')} ${t('common:optional')}`}
            error={errorOf('companyEmailAddress')}
            maxLength={COMPANY_EMAIL_MAX_LENGTH}
            type="email"
            dir="ltr"
            autoComplete="work email"
          />
        </div>
      )}
    </section>
  );
};
