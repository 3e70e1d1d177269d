// /personalDetails and /PersonalDetails (SPEC §2, §5 "Personal details"): personal details 1/2.
// Additional nationalities, marital status, parents, contact, home address and occupation; saved
// into the draft, then on to the photo (or back to the review in edit mode).
import {
  codedValue,
  countryValue,
  homeCountryOptions,
  NAME_LENGTH,
  PARENT_FIRST_NAME_LENGTH,
  personalStep,
  TOWN_MAX_LENGTH,
} from '@eta-il/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaritalStatusName } from '../../components/referenceNames.ts';
import { useStepFields } from '../../components/StepFields.tsx';
import { StepNavBar, StepPage, useStepScreen } from '../../components/StepScreen.tsx';
import { NationalitiesSection } from './NationalitiesSection.tsx';
import { OccupationSection } from './OccupationSection.tsx';
import { PhoneControl } from './PhoneControl.tsx';

export const PersonalDetailsPage = () => {
  const { t } = useTranslation(['personal', 'common']);
  const { context, step, editing, save, form, errors, errorOf, warningOf } = useStepScreen(
    'personal',
    personalStep,
  );
  const fields = useStepFields({ form, ns: 'personal', errorOf, warningOf });
  const maritalName = useMaritalStatusName();
  const { allcountry, maritalstatus } = context.reference;
  const homeCountries = useMemo(() => homeCountryOptions(allcountry), [allcountry]);
  const statuses = maritalstatus.map((m) => ({ value: codedValue(m), label: maritalName(m) }));
  const name = (maxLength: number) => ({ maxLength, autoCapitalize: 'words' }) as const;

  return (
    <StepPage step={step} ns="personal" errors={errors}>
      <form noValidate onSubmit={save()}>
        <NationalitiesSection
          form={form}
          context={context}
          error={errorOf('anotherNationalityArray')}
        />

        <section className="section" aria-labelledby="marital-heading">
          <h2 id="marital-heading">{t('sections.marital')}</h2>
          {fields.select('maritalStatusId', statuses)}
        </section>

        <fieldset className="section section--group" aria-describedby="parents-hint">
          <legend>
            <h2>{t('sections.parents')}</h2>
          </legend>
          <p id="parents-hint" className="field__hint">
            {t('parentsHint')}
          </p>
          {fields.text('fatherFirstName', name(PARENT_FIRST_NAME_LENGTH.max))}
          {fields.text('fatherLastName', name(NAME_LENGTH.max))}
          {fields.text('motherFirstName', name(PARENT_FIRST_NAME_LENGTH.max))}
          {fields.text('motherLastName', name(NAME_LENGTH.max))}
        </fieldset>

        <section className="section" aria-labelledby="contact-heading">
          <h2 id="contact-heading">{t('sections.contact')}</h2>
          {(['mobilePhoneNum', 'homePhoneNum'] as const).map((name) => (
            <PhoneControl
              key={name}
              control={form.control}
              name={name}
              label={fields.label(name)}
              hint={fields.hint(name)}
              error={errorOf(name)}
              required={name === 'mobilePhoneNum'}
            />
          ))}
        </section>

        <section className="section" aria-labelledby="address-heading">
          <h2 id="address-heading">{t('sections.address')}</h2>
          {fields.country('addressCountryId', homeCountries, countryValue, 'country-name')}
          {fields.text('addressTownName', {
            maxLength: TOWN_MAX_LENGTH,
            autoComplete: 'address-level2',
            autoCapitalize: 'words',
          })}
        </section>

        <OccupationSection form={form} reference={context.reference} errorOf={errorOf} />

        <StepNavBar id="personal" editing={editing} />
      </form>
    </StepPage>
  );
};
