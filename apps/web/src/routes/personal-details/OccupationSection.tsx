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
import { useOccupationName } from '../../components/referenceNames.ts';
import { useStepFields } from '../../components/StepFields.tsx';
import { PhoneControl } from './PhoneControl.tsx';

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
  const fields = useStepFields({ form, ns: 'personal', errorOf });
  const occupationName = useOccupationName();
  const occupation = useWatch({ control: form.control, name: 'companyOccupationTypeId' });
  const occupations = reference.occupation.map((o) => ({
    value: codedValue(o),
    label: occupationName(o),
  }));
  return (
    <section className="section" aria-labelledby="occupation-heading">
      <h2 id="occupation-heading">{t('sections.occupation')}</h2>
      {fields.select('companyOccupationTypeId', occupations)}
      {isEmployed(occupation) && (
        <div className="conditional">
          {fields.text('companyName', {
            maxLength: COMPANY_TEXT_MAX_LENGTH,
            autoComplete: 'organization',
          })}
          {fields.text('companyRole', {
            maxLength: COMPANY_TEXT_MAX_LENGTH,
            autoComplete: 'organization-title',
          })}
          <PhoneControl
            control={form.control}
            name="companyPhoneNum"
            label={fields.label('companyPhoneNum')}
            hint={fields.hint('companyPhoneNum')}
            error={errorOf('companyPhoneNum')}
            required
          />
          {fields.text('companyEmailAddress', {
            label: `${fields.label('companyEmailAddress')} ${t('common:optional')}`,
            maxLength: COMPANY_EMAIL_MAX_LENGTH,
            type: 'email',
            autoComplete: 'work email',
          })}
        </div>
      )}
    </section>
  );
};
